import InjectionCore
import Synchronization

/// What validating an injector found: the problems, the notes, and the graph.
struct GraphExploration {
  var problems: [ValidationProblem]
  var notes: [ValidationNote]
  var checkedKeys: [InjectionKey]
  var graph: DependencyGraph
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

  static func explore(_ injector: Injector, roots: [Root], excluding: [InjectionKey])
    -> GraphExploration
  {
    // What is checked and drawn is what the copy holds, read from the injector at one moment
    // (`makeCopy` reads each injector of the chain in one critical section); the injector's own
    // snapshot, taken before, only says who made each mapping. A module added or removed on
    // another thread in between is then checked whole or not at all, never a mapping the copy
    // lacks (a false problem) or half a module.
    let snapshot = injector.snapshot()
    let excluded = Set(excluding)

    // The copy: an eager singleton that fails is reported and left out, and the copy is made
    // again without it, so that one failure does not hide the rest.
    let recorder = GraphRecorder()
    var removed = excluded
    var copy: Injector?
    var copied: InjectorSnapshot?
    var observation: ResolutionObservation?
    var failedEagerSingletons: [ValidationProblem] = []
    var attempts = 0
    repeat {
      attempts += 1
      do throws(InjectionError) {
        copy = try injector.makeCopy(label: "validation of \(injector.label)") { copy in
          copied = copy.snapshot()
          for key in removed { copy.unmap(key) }
          observation = copy.observeResolutions { recorder.observe($0) }
        }
      } catch {
        recorder.record(error)
        let root = rootKey(of: error)
        failedEagerSingletons.append(.eagerSingletonFailed(key: root, error: error.description))
        guard removed.insert(root).inserted else { break }
      }
    } while copy == nil && attempts <= (copied?.mappings.count ?? 0) + 1
    let held = copied ?? snapshot

    let owners = mappingOwners(in: snapshot)
    let mappings = held.mappings.map {
      (mapping: $0, owner: owners[$0.key] ?? owner(of: $0, inheritedFrom: nil))
    }
    // Each collection once, with who contributed to it, in the order `resolveAll` visits them.
    var collections: [InjectionKey: [String]] = [:]
    var collectionOrder: [InjectionKey] = []
    let contributors = contributionOwners(in: snapshot)
    for contribution in held.contributions {
      if collections[contribution.key] == nil { collectionOrder.append(contribution.key) }
      collections[contribution.key, default: []].append(
        owner(of: contribution, inheritedFrom: nil))
    }
    for (key, labels) in contributors where collections[key]?.count == labels.count {
      collections[key] = labels
    }
    var problems = mappings.map(\.mapping)
      .filter { $0.hook == .missed && !excluded.contains($0.key) }
      .map { ValidationProblem.hookNeverCalled(key: $0.key) }
    problems += failedEagerSingletons

    // Unmapping a key in the copy removed the aliases of it (and theirs): they are left out too.
    removed.formUnion(aliases(of: removed, in: mappings.map(\.mapping)))
    var checkedKeys: [InjectionKey] = []
    var asyncNotes: [ValidationNote] = []
    if let copy {
      // A mapping that takes arguments cannot be built without them: it is checked where
      // something resolves it (without arguments, that is a problem). An `async` one cannot be
      // built synchronously: it is noted where something needs it, or as a root.
      let mapped = mappings.map(\.mapping)
        .filter { $0.recipe != .factoryWithArguments && !removed.contains($0.key) }
        .map(\.key)
      let sorted =
        mapped.map { (DependencyGraph.order($0), $0) }.sorted { $0.0 < $1.0 }
        .map { Root.key($0.1) }
        + collectionOrder.map { (DependencyGraph.order($0), $0) }.sorted { $0.0 < $1.0 }
        .map { Root.collection($0.1) }
      var checked: Set<InjectionKey> = []
      for root in roots + sorted
      where !removed.contains(root.key) && checked.insert(root.key).inserted {
        checkedKeys.append(root.key)
        do throws(InjectionError) {
          try root.resolve(in: copy)
        } catch {
          recorder.record(error)
          if let note = ValidationNote(notBuiltSynchronously: error) {
            asyncNotes.append(note)
          } else if !isConsequence(of: removed, error) {
            problems.append(ValidationProblem(error))
          }
        }
      }
    }
    withExtendedLifetime(observation) {}

    let state = recorder.state.withLock { $0 }
    let graph = makeGraph(
      injector: injector.label, mappings: mappings, collections: collections, state: state,
      removed: removed, roots: Set(roots.map(\.key)),
      decorators: decoratorCounts(snapshot))
    var notes = state.unmappedOptionals.map {
      ValidationNote.optionalNotMapped(key: $0.key, path: $0.path)
    }
    // A provider or lazy value resolves later: an edge to its key closes no cycle of builds.
    notes += allowedCycles(in: graph, ignoring: state.deferredDependencies).map {
      ValidationNote.allowedCycle(path: $0)
    }
    notes += asyncNotes
    return GraphExploration(
      problems: deduplicated(problems), notes: Array(orderedUnique: notes),
      checkedKeys: checkedKeys, graph: graph)
  }

  /// Who made each key's mapping that the injector of `snapshot` resolves: its own, else the
  /// nearest ancestor's.
  private static func mappingOwners(in snapshot: InjectorSnapshot) -> [InjectionKey: String] {
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
  private static func contributionOwners(in snapshot: InjectorSnapshot) -> [InjectionKey: [String]]
  {
    var owners: [InjectionKey: [String]] = [:]
    for contribution in snapshot.contributions {
      owners[contribution.key, default: []].append(owner(of: contribution, inheritedFrom: nil))
    }
    for ancestor in snapshot.inherited {
      for contribution in ancestor.contributions {
        owners[contribution.key, default: []].append(
          owner(of: contribution, inheritedFrom: ancestor.injector))
      }
    }
    return owners
  }

  /// Who made a mapping, for the graph: `direct`, `module GarageModule`, `inherited from "app"`.
  private static func owner(of mapping: MappingSnapshot, inheritedFrom ancestor: String?) -> String
  {
    let made: String =
      switch mapping.owner {
      case .direct: "direct"
      case .module(let name): "module \(InjectionKey(typeName: name).unqualifiedTypeName)"
      }
    guard let ancestor else { return made }
    return "inherited from \"\(ancestor)\" (\(made))"
  }

  /// The key whose build an error started from: the eager singleton of a failed copy.
  private static func rootKey(of error: InjectionError) -> InjectionKey {
    switch error {
    case .notMapped(let key, let path, _, _): path.first ?? key
    case .cycle(let path): path.first ?? InjectionKey(typeName: "(empty cycle)")
    case .factoryFailed(let key, let path, _): path.first ?? key
    case .invalidMapping(let key, _): key
    case .moduleAlreadyAdded(let module, _): InjectionKey(typeName: module)
    case .injectorReleased(let key), .argumentMismatch(let key, _, _), .asyncMapping(let key, _),
      .actorIsolated(let key, _, _), .cancelled(let key):
      key
    }
  }

  /// The keys of the aliases of `targets` among `mappings`, and of the aliases of those, and so
  /// on: what unmapping `targets` removes with them.
  private static func aliases(of targets: Set<InjectionKey>, in mappings: [MappingSnapshot])
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
  private static func isConsequence(of removed: Set<InjectionKey>, _ error: InjectionError) -> Bool
  {
    guard case .notMapped(let key, _, _, _) = error else { return false }
    return removed.contains(key)
  }

  /// One problem per missing key (the first path found), per cycle and per failing key.
  private static func deduplicated(_ problems: [ValidationProblem]) -> [ValidationProblem] {
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
  private static func decoratorCounts(_ snapshot: InjectorSnapshot) -> [InjectionKey: Int] {
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

  private static func makeGraph(
    injector: String, mappings: [(mapping: MappingSnapshot, owner: String)],
    collections: [InjectionKey: [String]], state: GraphRecorder.State,
    removed: Set<InjectionKey>, roots: Set<InjectionKey>, decorators: [InjectionKey: Int]
  ) -> DependencyGraph {
    var kinds: [InjectionKey: DependencyGraph.Node.Kind] = [:]
    var resettableScopes: [InjectionKey: String] = [:]
    for (mapping, owner) in mappings where kinds[mapping.key] == nil {
      kinds[mapping.key] = .mapped(scope: mapping.scope, recipe: mapping.recipe, owner: owner)
      resettableScopes[mapping.key] = mapping.resettableScope
    }
    // A collection is a new array for each resolution, of the values its contributions make;
    // their dependencies are the collection's edges.
    for (key, owners) in collections where kinds[key] == nil {
      let count = owners.count == 1 ? "1 contribution" : "\(owners.count) contributions"
      kinds[key] = .mapped(
        scope: .transient, recipe: .factory,
        owner: "collection of \(count): \(owners.joined(separator: ", "))")
    }
    let optionals = Set(state.unmappedOptionals.map(\.key))
    for key in state.seen where kinds[key] == nil {
      kinds[key] = optionals.contains(key) ? .unmappedOptional : .automatic
    }
    for key in state.missing {
      // A mapped key that fails to resolve is excluded or a failed eager singleton: it stays
      // a mapping in the graph.
      if case .mapped = kinds[key] { continue }
      kinds[key] = .missing
    }
    let nodes = kinds.map {
      DependencyGraph.Node(
        key: $0.key, kind: $0.value, isRoot: roots.contains($0.key),
        resettableScope: resettableScopes[$0.key], decoratorCount: decorators[$0.key] ?? 0)
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

  /// The cycles among edges that did not fail: values that need each other legally.
  ///
  /// One path per group of keys that reach each other (a strongly connected component, found
  /// in linear time), starting at its first key in sorted order and following edges in sorted
  /// order inside the group.
  private static func allowedCycles(
    in graph: DependencyGraph, ignoring later: Set<GraphRecorder.Dependency>
  ) -> [[InjectionKey]] {
    var index: [InjectionKey: Int] = [:]
    index.reserveCapacity(graph.nodes.count)
    for (position, node) in graph.nodes.enumerated() { index[node.key] = position }
    var next = [[Int]](repeating: [], count: graph.nodes.count)
    for edge in graph.edges
    where !edge.isProblem
      && !later.contains(GraphRecorder.Dependency(from: edge.from, to: edge.to))
    {
      guard let from = index[edge.from], let to = index[edge.to] else { continue }
      next[from].append(to)
    }
    let components = stronglyConnectedComponents(next)
    var cycles: [(first: Int, path: [InjectionKey])] = []
    for component in components {
      let members = Set(component)
      guard let first = component.min(),
        members.count > 1 || next[first].contains(first)
      else { continue }
      let path = cycle(from: first, within: members, next: next)
      cycles.append((first, path.map { graph.nodes[$0].key }))
    }
    return cycles.sorted { $0.first < $1.first }.map(\.path)
  }

  /// The strongly connected components of the graph `next` (Tarjan's algorithm, without
  /// recursion).
  private static func stronglyConnectedComponents(_ next: [[Int]]) -> [[Int]] {
    let count = next.count
    var order = [Int](repeating: -1, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var components: [[Int]] = []
    var counter = 0
    for start in 0..<count where order[start] < 0 {
      var work: [(node: Int, edge: Int)] = [(start, 0)]
      order[start] = counter
      lowLink[start] = counter
      counter += 1
      stack.append(start)
      onStack[start] = true
      while let (node, edge) = work.last {
        if edge < next[node].count {
          work[work.count - 1].edge += 1
          let successor = next[node][edge]
          if order[successor] < 0 {
            order[successor] = counter
            lowLink[successor] = counter
            counter += 1
            stack.append(successor)
            onStack[successor] = true
            work.append((successor, 0))
          } else if onStack[successor] {
            lowLink[node] = min(lowLink[node], order[successor])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
        guard lowLink[node] == order[node] else { continue }
        var component: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component.append(member)
          if member == node { break }
        }
        components.append(component)
      }
    }
    return components
  }

  /// A path from `start` back to it inside `members`, found depth first in sorted edge order.
  private static func cycle(from start: Int, within members: Set<Int>, next: [[Int]]) -> [Int] {
    var visited: Set<Int> = [start]
    var stack: [(node: Int, path: [Int])] = [(start, [start])]
    while let (node, path) = stack.popLast() {
      for successor in next[node].reversed() where members.contains(successor) {
        if successor == start { return path + [start] }
        if visited.insert(successor).inserted { stack.append((successor, path + [successor])) }
      }
    }
    return [start, start]
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each once.
  init(orderedUnique elements: [Element]) {
    var seen: Set<Element> = []
    self = elements.filter { seen.insert($0).inserted }
  }
}
