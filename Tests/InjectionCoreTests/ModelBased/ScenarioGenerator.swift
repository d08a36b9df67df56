import InjectionTestHelpers

/// Draws a ``Scenario`` from a seed: five modules, then a sequence of steps over up to six
/// injectors and the six ``ModelKey``s.
///
/// Every choice comes from one ``SplitMix64`` in a fixed order, so a seed always gives the same
/// scenario. A direct eager singleton never depends on anything and never fails (mapping one
/// that fails stops the program); every other factory may resolve a later key or throw.
struct ScenarioGenerator {
  private var random: SplitMix64
  private var nextTag = 1
  private var injectors = [0]
  private var nextInjector = 1

  private static let moduleCount = 5
  private static let injectorLimit = 6

  private init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The scenario of `seed`, with `steps` steps.
  static func scenario(seed: UInt64, steps: Int) -> Scenario {
    var generator = ScenarioGenerator(seed: seed)
    let modules = (1...moduleCount).map { generator.module(id: $0) }
    let steps = (0..<steps).map { _ in generator.step() }
    return Scenario(seed: seed, modules: modules, steps: steps)
  }

  private mutating func module(id: Int) -> ModuleSpec {
    let entries = (0...random.below(3)).map { _ in
      let key = random.pick(ModelKey.all)
      return ModuleSpec.Entry(key: key, recipe: recipe(for: key, isDirect: false))
    }
    return ModuleSpec(id: id, entries: entries)
  }

  private mutating func recipe(for key: ModelKey, isDirect: Bool) -> Recipe {
    let scope = random.pick(weighted: [
      (6, Recipe.Scope.transient), (6, .singleton), (3, .eagerSingleton), (2, .graph),
      (3, .instance),
    ])
    let isPlain = scope == .instance || (isDirect && scope == .eagerSingleton)
    var dependency: ModelKey?
    if !isPlain, !key.laterKeys.isEmpty, random.chance(35) {
      dependency = random.pick(key.laterKeys)
    }
    let fails = !isPlain && dependency == nil && random.chance(scope == .eagerSingleton ? 4 : 8)
    defer { nextTag += 1 }
    return Recipe(tag: nextTag, scope: scope, dependency: dependency, fails: fails)
  }

  private mutating func step() -> ModelStep {
    let injector = random.pick(injectors)
    let key = random.pick(ModelKey.all)
    let module = 1 + random.below(Self.moduleCount)
    let canCreate = injectors.count < Self.injectorLimit
    let kind = random.below(100)
    switch kind {
    case 0..<24: return .map(key, recipe(for: key, isDirect: true), on: injector)
    case 24..<30: return .unmap(key, on: injector)
    case 30..<56: return .resolve(key, on: injector)
    case 56..<60: return .resolveOptional(key, on: injector)
    case 60..<63: return .isMapped(key, on: injector)
    case 63..<73: return .addModule(module, on: injector)
    case 73..<80: return .removeModule(module, on: injector)
    case 80..<81: return .removeEveryModule(on: injector)
    case 81..<85:
      return .replaceModule(module, with: 1 + random.below(Self.moduleCount), on: injector)
    case 85..<87: return .hasModule(module, on: injector)
    case 87..<94 where canCreate:
      defer { created() }
      return .makeChild(nextInjector, of: injector)
    case 94..<100 where canCreate:
      defer { created() }
      return .makeCopy(nextInjector, of: injector, applying: copyChanges())
    default: return .resolve(key, on: injector)
    }
  }

  private mutating func created() {
    injectors.append(nextInjector)
    nextInjector += 1
  }

  private mutating func copyChanges() -> [CopyChange] {
    (0..<random.pick([0, 0, 1, 2])).map { _ in
      let key = random.pick(ModelKey.all)
      switch random.below(4) {
      case 0, 1: return .map(key, recipe(for: key, isDirect: true))
      case 2: return .unmap(key)
      default: return .removeModule(1 + random.below(Self.moduleCount))
      }
    }
  }
}
