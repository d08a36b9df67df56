import InjectionCore
import Synchronization

/// What validating an injector found: the problems, the notes, and the graph.
struct GraphExploration {
  var problems: [ValidationProblem]
  var notes: [ValidationNote]
  var checkedKeys: [InjectionKey]
  var graph: DependencyGraph
  /// The fix line of each problem whose description has none.
  var fixes: [ValidationProblem: String] = [:]
}

/// Resolves every mapping of an injector in a copy of it, observing what each resolution
/// touches, so that the injector itself builds nothing.
enum GraphExplorer {
  /// A key the app resolves by itself, named by the caller: by its type (resolved as
  /// `resolve(T.self)` would, so an unmapped `Injectable` type is created) or by its key (which
  /// must be mapped).
  enum Root {
    case type(any Any.Type)
    case key(InjectionKey)
    /// A collection of contributions, resolved with `resolveAll`.
    case collection(InjectionKey)

    var key: InjectionKey {
      switch self {
      case .type(let type): InjectionKey(type)
      case .key(let key), .collection(let key): key
      }
    }

    /// Resolves the root in `copy`.
    func resolve(in copy: Injector) throws(InjectionError) {
      switch self {
      case .type(let type): try Self.resolve(type, in: copy)
      case .key(let key): _ = try copy.resolve(key)
      case .collection(let key): _ = try copy.resolveAll(key)
      }
    }

    private static func resolve<T>(_ type: T.Type, in copy: Injector) throws(InjectionError) {
      _ = try copy.resolve(T.self)
    }
  }

  /// Explores synchronously, in a copy that shares the values the injector already built with
  /// `async` and main-actor factories (after `prepare()`); an `async` mapping that is not built
  /// yet is a problem wherever a resolution needs it.
  static func explore(
    _ injector: Injector, roots: [Root], excluding: [InjectionKey],
    arguments: [ValidationArguments] = []
  ) -> GraphExploration {
    let run = Run(
      injector, roots: roots, excluding: excluding, arguments: arguments,
      keepingPreparedValues: true)
    if let copy = run.copy {
      for root in run.toCheck where run.startChecking(root) {
        do throws(InjectionError) {
          try root.resolve(in: copy)
        } catch {
          run.failed(error)
        }
      }
      while let deferred = run.nextDeferred() {
        do throws(InjectionError) {
          try deferred.value.resolveNow()
        } catch {
          run.failed(error, after: deferred.path)
        }
      }
      run.checkAgainWhereOrderMatters()
    }
    return run.finish()
  }

  /// Explores with `await`, in a copy that builds its values anew: its `async` eager singletons
  /// first, as `prepare()` would, then each root and mapping, those mapped with an `async` or
  /// main-actor factory resolved with `resolveAsync`, and each ``Provider`` and ``Lazy`` value
  /// found, awaited when its key is mapped so.
  static func explore(
    _ injector: Injector, roots: [Root], excluding: [InjectionKey],
    arguments: [ValidationArguments] = []
  ) async -> GraphExploration {
    let run = Run(
      injector, roots: roots, excluding: excluding, arguments: arguments,
      keepingPreparedValues: false)
    guard let copy = run.copy else { return run.finish() }
    // Each copy of the chain, the root's first, as the app prepares each of its injectors.
    for level in run.copyChain.reversed() {
      do throws(InjectionError) {
        try await level.prepare()
      } catch {
        run.failed(error)
      }
    }
    // What is resolved synchronously first, so that it finds built only what `prepare()`
    // built, as in the app; then what is awaited.
    for root in run.toCheck where !run.isAsync(root.key) && run.startChecking(root) {
      do throws(InjectionError) {
        try root.resolve(in: copy)
      } catch {
        run.failed(error)
      }
    }
    while let deferred = run.nextDeferred(where: { !run.isAsync($0) }) {
      do throws(InjectionError) {
        try deferred.value.resolveNow()
      } catch {
        run.failed(error, after: deferred.path)
      }
    }
    for root in run.toCheck where !run.skipsAsync(root.key) && run.startChecking(root) {
      do throws(InjectionError) {
        if case .collection = root {
          try root.resolve(in: copy)
        } else {
          _ = try await copy.resolveAsync(root.key)
        }
      } catch {
        run.failed(error)
      }
    }
    while let deferred = run.nextDeferred(where: { !run.skipsAsync($0) }) {
      do throws(InjectionError) {
        if run.isAsync(deferred.value.key) {
          try await deferred.value.resolveNowAsync(from: deferred.injector)
        } else {
          try deferred.value.resolveNow()
        }
      } catch {
        run.failed(error, after: deferred.path)
      }
    }
    await run.checkAgainWhereOrderMatters()
    return run.finish()
  }

  /// The problem for an `async` mapping that a synchronous resolution needed before its value
  /// was built: its synchronous factory threw, as in the app; the error says why, and its
  /// second line is the fix for validation.
  static func unbuiltAsyncMapping(_ key: InjectionKey, path: [InjectionKey]) -> ValidationProblem {
    let named = key.name.map { ", named: \"\($0)\"" } ?? ""
    let error = """
      its factory is async and its value is not built yet, so a synchronous resolution fails
        fix: validate with await, which builds async eager singletons as prepare() does and \
      resolves async mappings with resolveAsync: try await injector.validate(roots: …); or call \
      try await injector.prepare() before validating (try await \
      injector.prepare(InjectionKey(\(key.metatypeInCode)\(named))) for a .singleton)
      """
    return .factoryFailed(
      key: key, path: path.last == key ? Array(path.dropLast()) : path, error: error)
  }

  /// The problem for a `@MainActor` factory that the synchronous validation needed off the
  /// main actor.
  ///
  /// Validation cannot build it, nor check what it needs. The error's second line is the fix: validate with `await`, or allow the key
  /// unchecked (then it is a ``ValidationNote/notBuiltSynchronously(key:path:reason:)`` note).
  static func unbuiltIsolatedMapping(
    _ key: InjectionKey, actor: String, path: [InjectionKey]
  ) -> ValidationProblem {
    let type = key.metatypeInCode + (key.name.map { ", named: \"\($0)\"" } ?? "")
    let error = """
      its factory runs on the \(actor), and the synchronous validation ran off it, so it is not \
      built and what it needs is not checked
        fix: validate with await, which builds it on the \(actor): try await \
      injector.validate(roots: …); or allow it unchecked: arguments: [.unchecked(\(type))]
      """
    return .factoryFailed(
      key: key, path: path.last == key ? Array(path.dropLast()) : path, error: error)
  }

  /// `error` with `prefix` in front of its path, for a resolution that a ``Provider`` or
  /// ``Lazy`` value at the end of `prefix` started.
  static func prefixed(_ error: InjectionError, with prefix: [InjectionKey]) -> InjectionError {
    guard !prefix.isEmpty else { return error }
    switch error {
    case .notMapped(let key, let path, let searched, let names):
      return .notMapped(key: key, path: prefix + path, searched: searched, mappedNames: names)
    case .factoryFailed(let key, let path, let underlying):
      return .factoryFailed(key: key, path: prefix + path, underlying: underlying)
    case .asyncMapping(let key, let path):
      return .asyncMapping(key: key, path: prefix + path)
    case .actorIsolated(let key, let actor, let path):
      return .actorIsolated(key: key, actor: actor, path: prefix + path)
    default:
      return error
    }
  }

  /// Who made each key's mapping that the injector of `snapshot` resolves: its own, else the
  /// nearest ancestor's.
  static func mappingOwners(in snapshot: InjectorSnapshot) -> [InjectionKey: String] {
    var owners: [InjectionKey: String] = [:]
    for mapping in snapshot.mappings {
      owners[mapping.key] = owner(of: mapping, inheritedFrom: nil)
    }
    for ancestor in snapshot.inherited {
      for mapping in ancestor.mappings where owners[mapping.key] == nil {
        owners[mapping.key] = owner(of: mapping, inheritedFrom: ancestor.injector)
      }
    }
    return owners
  }

  /// Who made each contribution of each collection, in the order `resolveAll` visits them.
  static func contributionOwners(in snapshot: InjectorSnapshot) -> [InjectionKey:
    [String]]
  {
    var owners: [InjectionKey: [String]] = [:]
    var entries: Set<KeyedEntry> = []
    for contribution in inForce(snapshot.contributions, seen: &entries) {
      owners[contribution.key, default: []].append(owner(of: contribution, inheritedFrom: nil))
    }
    for ancestor in snapshot.inherited {
      for contribution in inForce(ancestor.contributions, seen: &entries) {
        owners[contribution.key, default: []].append(
          owner(of: contribution, inheritedFrom: ancestor.injector))
      }
    }
    return owners
  }

  /// An entry of a keyed collection: the collection, and the entry's key.
  struct KeyedEntry: Hashable {
    let collection: InjectionKey
    let entryKey: String
  }

  /// The contributions of one injector that `resolveAll` uses, in order: every contribution to
  /// an unkeyed collection; of a keyed collection, the latest entry of each key that a nearer
  /// injector's entry (in `seen`) does not override.
  static func inForce(_ contributions: [MappingSnapshot], seen: inout Set<KeyedEntry>)
    -> [MappingSnapshot]
  {
    var latest: [KeyedEntry: Int] = [:]
    for (index, contribution) in contributions.enumerated() {
      guard let entryKey = contribution.entryKey else { continue }
      latest[KeyedEntry(collection: contribution.key, entryKey: entryKey)] = index
    }
    guard !latest.isEmpty else { return contributions }
    var kept: [MappingSnapshot] = []
    for (index, contribution) in contributions.enumerated() {
      guard let entryKey = contribution.entryKey else {
        kept.append(contribution)
        continue
      }
      let entry = KeyedEntry(collection: contribution.key, entryKey: entryKey)
      if latest[entry] == index, seen.insert(entry).inserted { kept.append(contribution) }
    }
    return kept
  }

  /// Who made a mapping, for the graph: `direct`, `module GarageModule`, `inherited from "app"`.
  static func owner(of mapping: MappingSnapshot, inheritedFrom ancestor: String?)
    -> String
  {
    let made: String =
      switch mapping.owner {
      case .direct: "direct"
      case .module(let name): "module \(InjectionKey(typeName: name).unqualifiedTypeName)"
      }
    let entry = mapping.entryKey.map { " for \($0)" } ?? ""
    guard let ancestor else { return made + entry }
    return "inherited from \"\(ancestor)\" (\(made))" + entry
  }

  /// The key whose build an error started from: the eager singleton of a failed copy.
  static func rootKey(of error: InjectionError) -> InjectionKey {
    switch error {
    case .notMapped(let key, let path, _, _): path.first ?? key
    case .cycle(let path): path.first ?? InjectionKey(typeName: "(empty cycle)")
    case .factoryFailed(let key, let path, _): path.first ?? key
    case .invalidMapping(let key, _): key
    case .moduleAlreadyAdded(let module, _): InjectionKey(typeName: module)
    case .injectorReleased(let key), .argumentMismatch(let key, _, _), .asyncMapping(let key, _),
      .actorIsolated(let key, _, _), .cancelled(let key), .shutDown(_, let key):
      key
    }
  }

  /// The keys of the aliases of `targets` among `mappings`, and of the aliases of those, and so
  /// on: what unmapping `targets` removes with them.
  static func aliases(of targets: Set<InjectionKey>, in mappings: [MappingSnapshot])
    -> Set<InjectionKey>
  {
    var found: Set<InjectionKey> = []
    var reached = targets
    while true {
      let next = mappings.filter {
        !reached.contains($0.key) && $0.aliasTarget.map(reached.contains) == true
      }
      guard !next.isEmpty else { return found }
      for mapping in next {
        found.insert(mapping.key)
        reached.insert(mapping.key)
      }
    }
  }

  /// Whether an error only follows from a key left out on purpose (excluded, or an eager
  /// singleton already reported).
  static func isConsequence(of removed: Set<InjectionKey>, _ error: InjectionError)
    -> Bool
  {
    guard case .notMapped(let key, _, _, _) = error else { return false }
    return removed.contains(key)
  }

  /// One problem per missing key (the first path found), per cycle and per failing key.
  static func deduplicated(_ problems: [ValidationProblem]) -> [ValidationProblem] {
    var seen: Set<String> = []
    return problems.filter { problem in
      let identity: String =
        switch problem {
        case .missingMapping(let key, _): "missing \(key.typeName) \(key.name ?? "")"
        case .cycle(let path): "cycle \(Set(path.map(\.typeName)).sorted())"
        case .factoryFailed(let key, _, _): "factory \(key.typeName) \(key.name ?? "")"
        default: problem.description
        }
      return seen.insert(identity).inserted
    }
  }

  /// How many decorators wrap the values of each mapped key resolved from the snapshot's injector.
  ///
  /// Those of the injector that builds them and of its ancestors count: a cached value of an
  /// ancestor is built there, so the decorators of nearer injectors do not count for it.
  static func decoratorCounts(_ snapshot: InjectorSnapshot) -> [InjectionKey: Int] {
    let layers = [snapshot.decorators] + snapshot.inherited.map(\.decorators)
    func count(_ key: InjectionKey, from layer: Int) -> Int {
      layers[layer...].reduce(0) { $0 + $1.count { $0.key == key } }
    }
    var counts: [InjectionKey: Int] = [:]
    let owned = [snapshot.mappings] + snapshot.inherited.map(\.mappings)
    for (layer, mappings) in owned.enumerated() {
      for mapping in mappings where counts[mapping.key] == nil {
        let isBuiltByTheAsker = mapping.scope == .transient || mapping.scope == .graph
        let found = count(mapping.key, from: isBuiltByTheAsker ? 0 : layer)
        if mapping.recipe != .instance, found > 0 { counts[mapping.key] = found }
      }
    }
    return counts
  }

  /// Whether a mapping's values are disposed, as its snapshot says, made certain by the value
  /// validation built for it (`built`: whether that value conforms), if it built one.
  static func disposal(of mapping: MappingSnapshot, built: Bool?) -> MappingSnapshot.Disposal {
    guard mapping.disposal == .disposedIfConforming, let built else { return mapping.disposal }
    return built ? .disposed : .notDisposed
  }

  static func makeGraph(
    injector: String, mappings: [(mapping: MappingSnapshot, owner: String)],
    collections: [InjectionKey: [String]], state: GraphRecorder.State,
    removed: Set<InjectionKey>, roots: Set<InjectionKey>, decorators: [InjectionKey: Int]
  ) -> DependencyGraph {
    // Each key's kind, with the index in `mappings` of the mapping its node shows (the first
    // of its key): one dictionary for all a mapping says, so each key is hashed once or twice,
    // not once per detail.
    var kinds: [InjectionKey: (kind: DependencyGraph.Node.Kind, mapping: Int?)] = [:]
    for (index, (mapping, owner)) in mappings.enumerated() where kinds[mapping.key] == nil {
      kinds[mapping.key] = (
        .mapped(scope: mapping.scope, recipe: mapping.recipe, owner: owner), index
      )
    }
    // Whether the value built for each mapping is disposable, by the mapping's index; the
    // latest build of a key says it.
    var builtDisposable = [Bool?](repeating: nil, count: mappings.count)
    for (key, isDisposable) in state.builtDisposable {
      if let index = kinds[key]?.mapping { builtDisposable[index] = isDisposable }
    }
    // A collection is a new array for each resolution, of the values its contributions make;
    // their dependencies are the collection's edges.
    for (key, owners) in collections where kinds[key] == nil {
      let count = owners.count == 1 ? "1 contribution" : "\(owners.count) contributions"
      kinds[key] = (
        .mapped(
          scope: .transient, recipe: .factory,
          owner: "collection of \(count): \(owners.joined(separator: ", "))"),
        nil
      )
    }
    let optionals = Set(state.unmappedOptionals.map(\.key))
    for key in state.seen where kinds[key] == nil {
      kinds[key] = (optionals.contains(key) ? .unmappedOptional : .automatic, nil)
    }
    for key in state.missing {
      // A mapped key that fails to resolve is excluded or a failed eager singleton: it stays
      // a mapping in the graph.
      if case .mapped = kinds[key]?.kind { continue }
      kinds[key] = (.missing, nil)
    }
    let nodes = kinds.map { key, node in
      let mapping = node.mapping.map { mappings[$0].mapping }
      let built = node.mapping.flatMap { builtDisposable[$0] }
      return DependencyGraph.Node(
        key: key, kind: node.kind, isRoot: roots.contains(key),
        resettableScope: mapping?.resettableScope, decoratorCount: decorators[key] ?? 0,
        aliasTarget: mapping?.aliasTarget, cachesPerArgument: mapping?.cachesPerArgument ?? false,
        disposal: mapping.map { disposal(of: $0, built: built) } ?? .notOwned)
    }
    let deferred = state.deferredDependencies.filter {
      kinds[$0.to] != nil && !state.dependencies.contains($0)
    }
    let edges = (Array(state.dependencies) + deferred).map { dependency in
      DependencyGraph.Edge(
        from: dependency.from, to: dependency.to,
        property: state.properties[dependency].map { $0.sorted().joined(separator: ", ") },
        isProblem: state.failedDependencies.contains(dependency)
          && !removed.contains(dependency.to))
    }
    return DependencyGraph(injector: injector, nodes: nodes, edges: edges)
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each once.
  init(orderedUnique elements: [Element]) {
    var seen: Set<Element> = []
    self = elements.filter { seen.insert($0).inserted }
  }
}
