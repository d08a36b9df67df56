import InjectionTestHelpers

/// Draws a ``SoundGraph`` from a seed.
///
/// Every choice comes from one ``SplitMix64`` in a fixed order, so a seed always gives the same
/// graph. Eager singletons are made in modules: a direct one that fails stops the program, while
/// `addModule` throws (and the generated app goes on without that module). A direct one is made
/// only when its first build cannot fail (it throws when built again).
struct SoundGraphGenerator {
  private var random: SplitMix64
  private var nextModule = 1

  private init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The graph of `seed`.
  static func graph(seed: UInt64) -> SoundGraph {
    var generator = SoundGraphGenerator(seed: seed)
    var parent = (0..<(2 + generator.random.below(7))).map { _ in
      generator.item(inModule: false, inRoot: true)
    }
    // A direct eager singleton that throws when built again comes first, before any decorator
    // that could make its first build fail (which would stop the program).
    parent = parent.filter(\.isEagerBuiltOnce) + parent.filter { !$0.isEagerBuiltOnce }
    let child: [SoundItem]? =
      generator.random.chance(40)
      ? (0..<(1 + generator.random.below(4))).map { _ in generator.item(inModule: false) } : nil
    let roots = (0..<generator.random.below(4)).map { _ in generator.random.below(SoundKeys.count) }
    return SoundGraph(parent: parent, child: child, roots: Array(Set(roots)).sorted())
  }

  /// - Parameter inRoot: Whether it is an item of the root injector, `app`, where a direct
  ///   eager singleton may be drawn.
  private mutating func item(inModule: Bool, inRoot: Bool = false) -> SoundItem {
    let kind = random.below(100)
    switch kind {
    case 0..<58: return .map(mapping(inModule: inModule, inRoot: inRoot))
    case 58..<66:
      let key = random.below(6)
      var target = random.below(SoundKeys.count)
      if target == key { target = (target + 1) % SoundKeys.count }
      return .alias(key: key, target: target)
    case 66..<76:
      return .contribute(singleton: random.chance(40), edges: edges(), fails: random.chance(8))
    case 76..<86:
      // A decorator returns the value it is given: it keeps no provider or lazy value, which
      // validation would resolve and the app never would.
      let kept: Set<SoundEdge.Kind> = [.provider, .lazy]
      return .decorate(
        key: random.below(SoundKeys.count), edges: edges().filter { !kept.contains($0.kind) },
        fails: random.chance(8))
    default:
      guard !inModule else { return .map(mapping(inModule: true)) }
      defer { nextModule += 1 }
      return .addModule(
        id: nextModule, (0..<(1 + random.below(3))).map { _ in item(inModule: true) })
    }
  }

  private mutating func mapping(inModule: Bool, inRoot: Bool = false) -> SoundMapping {
    let key = random.below(SoundKeys.count)
    let isCarrier = SoundKeys.isCarrier(key)
    var recipe = random.pick(weighted: [
      (10, SoundRecipe.factory), (3, .asyncFactory), (2, .initializer),
      (isCarrier ? 3 : 0, .injectableType), (isCarrier ? 0 : 2, .instance),
    ])
    // Values built by an `async` factory are names' leaves only.
    if isCarrier, recipe == .asyncFactory { recipe = .factory }
    var scope = random.pick(weighted: [
      (6, SoundScope.transient), (6, .singleton), (inModule ? 4 : 0, .eagerSingleton), (2, .weak),
      (2, .graph), (2, .resettable),
    ])
    if recipe == .instance { scope = .singleton }
    if recipe == .asyncFactory, scope == .resettable { scope = .singleton }
    let hasEdges = recipe == .factory || recipe == .asyncFactory
    var mapping = SoundMapping(
      key: key, recipe: recipe, scope: scope, edges: hasEdges ? edges() : [],
      fails: recipe != .instance && recipe != .injectableType && random.chance(8))
    // Drawn only for a module's eager singleton built by a factory.
    if scope == .eagerSingleton, recipe == .factory, !mapping.fails {
      mapping.failsWhenBuiltAgain = random.chance(15)
    }
    // A direct eager singleton of a name, built when it is mapped, which throws when built
    // again: it keeps only providers and lazy values, whose making cannot fail, so that its
    // first build, which would stop the program if it failed, succeeds.
    if inRoot, !isCarrier, recipe == .factory, random.chance(10) {
      mapping.scope = .eagerSingleton
      mapping.fails = false
      mapping.failsWhenBuiltAgain = true
      mapping.edges = mapping.edges.filter {
        ($0.kind == .provider || $0.kind == .lazy) && $0.target != SoundKeys.collection
      }
    }
    return mapping
  }

  private mutating func edges() -> [SoundEdge] {
    (0..<random.pick([0, 1, 1, 2, 2, 3])).map { _ in
      let target = random.below(SoundKeys.count + 1)
      let kind =
        target == SoundKeys.collection
        ? SoundEdge.Kind.direct
        : random.pick(weighted: [
          (10, SoundEdge.Kind.direct), (2, .optional), (2, .provider), (1, .calledProvider),
          (2, .lazy),
        ])
      return SoundEdge(target: target, kind: kind)
    }
  }
}
