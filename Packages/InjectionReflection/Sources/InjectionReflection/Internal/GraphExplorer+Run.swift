import InjectionCore
import Synchronization

extension GraphExplorer {
  /// One exploration: the copy, what it checks, and what it found so far.
  ///
  /// A class used by one task at a time (the driver that made it); the recorder it shares with
  /// the copy's observer is the only state other threads touch.
  final class Run {
    let injector: Injector
    let roots: [Root]
    let excluded: Set<InjectionKey>
    let snapshot: InjectorSnapshot
    let recorder: GraphRecorder
    /// Which checks met values that earlier checks built, to be made again in a fresh copy.
    let order: CheckOrder
    /// Whether the copies share the values the injector built with `async` factories.
    let keepingPreparedValues: Bool
    /// The root or mapping of each check of ``order``.
    private(set) var rootOfCheck: [Int: Root] = [:]
    /// Whether ``order`` found no cycle among the dependencies recorded by the checks (then
    /// the report looks for no allowed cycle, unless a deferred edge may close one).
    var dependenciesHaveNoCycle = false
    let copy: Injector?
    let observation: ResolutionObservation?
    let mappings: [(mapping: MappingSnapshot, owner: String)]
    let collections: [InjectionKey: [String]]
    /// The keys left out: excluded, failed eager singletons, and the aliases of those.
    let removed: Set<InjectionKey>
    /// The roots, then the mappings and the collections, in the order they are checked.
    let toCheck: [Root]
    /// The keys mapped with an `async` or main-actor factory, and those that take arguments.
    private let asyncKeys: Set<InjectionKey>
    private let argumentKeys: Set<InjectionKey>
    /// The samples and allowances for the mappings that take arguments.
    private let arguments: ArgumentCheck
    /// The fix line of each problem whose description has none, from its error.
    private var fixes: [ValidationProblem: String] = [:]
    private var checked: Set<InjectionKey> = []
    private var checkedKeys: [InjectionKey] = []
    private var problems: [ValidationProblem]
    private var laterNotes: [ValidationNote] = []
    /// How many of the recorder's deferred values were taken.
    private var deferredTaken = 0
    /// The deferred values taken and not resolved yet.
    private var pendingDeferred: [DeferredValue] = []
    /// The deferred values resolved, by key and by the injector they are bound to: one bound
    /// to an ancestor's copy resolves in that copy, which may map its key otherwise.
    private var resolvedDeferred: Set<DeferredIdentity> = []

    init(
      _ injector: Injector, roots: [Root], excluding: [InjectionKey],
      arguments: [ValidationArguments] = [], keepingPreparedValues: Bool
    ) {
      self.injector = injector
      self.roots = roots
      self.keepingPreparedValues = keepingPreparedValues
      // What is checked and drawn is what the copy holds, read from the injector at one
      // moment (`makeCopy` reads each injector of the chain in one critical section); the
      // injector's own snapshot, taken before, only says who made each mapping. A module added
      // or removed on another thread in between is then checked whole or not at all, never a
      // mapping the copy lacks (a false problem) or half a module.
      let snapshot = injector.snapshot()
      self.snapshot = snapshot
      recorder = GraphRecorder(nearerKeys: Lifetimes.nearerKeys(in: snapshot))
      let excluded = Set(excluding)
      self.excluded = excluded
      let contributions = snapshot.contributions + snapshot.inherited.flatMap(\.contributions)
      order = CheckOrder(
        cachingCollections: Set(
          contributions.filter { $0.scope != .transient && $0.scope != .graph }.map(\.key)))

      // The copy: an eager singleton that fails is reported and left out, and the copy is
      // made again without it, so that one failure does not hide the rest.
      let (recorder, order) = (recorder, order)
      let rebuilt = RebuiltEagerSingletons()
      var removed = excluded
      var copy: Injector?
      var copied: [(mappings: [MappingSnapshot], contributions: [MappingSnapshot])]?
      var observation: ResolutionObservation?
      var failedEagerSingletons: [ValidationProblem] = []
      var attempts = 0
      repeat {
        attempts += 1
        // What a copy that failed built and met stands: its failure is reported.
        for event in rebuilt.reset() { recorder.observe(event) }
        do throws(InjectionError) {
          copy = try GraphExplorer.makeChainCopy(
            of: injector, keepingPreparedValues: keepingPreparedValues, removing: removed
          ) { levelCopy, isRoot in
            // Each level's own mappings, before the removed keys are unmapped: the nearest first.
            let own = levelCopy.snapshot()
            copied = [(own.mappings, own.contributions)] + (isRoot ? [] : copied ?? [])
            if isRoot {
              // The events of the eager singletons' builds are held until the copy is made.
              observation = levelCopy.observeResolutions {
                order.observe($0)
                if !rebuilt.hold($0) { recorder.observe($0) }
              }
            }
          }
        } catch {
          recorder.record(error)
          let root = GraphExplorer.rootKey(of: error)
          failedEagerSingletons.append(.eagerSingletonFailed(key: root, error: error.description))
          guard removed.insert(root).inserted else { break }
        }
      } while copy == nil && attempts <= (copied?.reduce(0) { $0 + $1.mappings.count } ?? 0) + 1
      self.copy = copy
      self.observation = observation
      // An eager singleton the injector built, which failed when built again in the copy, is
      // judged by that build: the copy holds the injector's value, and what its failed rebuild
      // met is not drawn. Unless that value holds a provider or lazy value, bound to the
      // injector, that validation cannot explore: then it is reported as failed, as one the
      // injector did not build.
      // What a rebuild that failed built stands (its values are in the copy, and so are the
      // providers they hold), but not the dependencies it met.
      let heldEvents = rebuilt.close()
      // An ancestor's eager singleton that a nearer injector maps again is not reached from the
      // validated injector: what its build met is left out (its providers are not explored).
      var chain: [Injector] = []  // the validated injector's copy first
      var next = copy
      while let level = next {
        chain.append(level)
        next = level.parent
      }
      let nearerKeys = chain.indices.map { index in
        Set((copied ?? []).prefix(index).flatMap { $0.mappings.map(\.key) })
      }
      // The providers and lazy values its value holds resolve in the injector that built it:
      // validation resolves their keys in that injector's copy instead.
      var standing: Set<InjectionKey> = []
      var heldDeferred: [DeferredValue] = []
      for (index, injector) in chain.enumerated() {
        // The values the copy shares, which `prepare()` built in the injector (each that the
        // validated injector reaches): what they hold resolves later in the injector, and in
        // its copy here; one that holds what validation cannot follow is a problem.
        let own = keepingPreparedValues ? copied?[index].mappings ?? [] : []
        for shared in GraphExplorer.sharedValues(in: own)
        where !nearerKeys[index].contains(shared) && !removed.contains(shared) {
          guard let value = try? injector.resolve(shared) else { continue }
          guard let held = RebuiltEagerSingletons.deferredResolutions(in: value) else {
            failedEagerSingletons.append(GraphExplorer.unfollowedPreparedValue(shared))
            continue
          }
          heldDeferred += held.map {
            DeferredValue(
              value: KeyResolution(deferred: $0, injector: injector),
              path: [shared], injector: ObjectIdentifier(injector))
          }
        }
        for taken in injector.eagerSingletonsTakenFromOriginal {
          guard let value = try? injector.resolve(taken.key) else {
            standing.insert(taken.key)
            continue
          }
          guard let held = RebuiltEagerSingletons.deferredResolutions(in: value) else {
            failedEagerSingletons.append(
              .eagerSingletonFailed(key: taken.key, error: taken.error.description))
            continue
          }
          standing.insert(taken.key)
          // An identity while held: the injector is one of the run's copies, which
          // `Run.copyChain` keeps alive until the report is made.
          heldDeferred += held.map {
            DeferredValue(
              value: KeyResolution(deferred: $0, injector: injector),
              path: [taken.key], injector: ObjectIdentifier(injector))
          }
        }
      }
      for held in heldEvents {
        if let index = chain.firstIndex(where: { $0 === held.event.injector }),
          nearerKeys[index].contains(held.root)
        {
          continue
        }
        if standing.contains(held.root) {
          guard case .ended(.built) = held.event.phase, held.event.key != held.root else {
            continue
          }
        }
        recorder.observe(held.event)
      }
      recorder.state.withLock { state in
        for held in heldDeferred {
          state.deferredDependencies.insert(
            GraphRecorder.Dependency(from: held.path[0], to: held.value.key))
        }
        state.deferredValues += heldDeferred
      }
      let held = GraphExplorer.resolvable(in: copied ?? GraphExplorer.levels(of: snapshot))

      let owners = GraphExplorer.mappingOwners(in: snapshot)
      let mappings = held.mappings.map {
        (mapping: $0, owner: owners[$0.key] ?? GraphExplorer.owner(of: $0, inheritedFrom: nil))
      }
      self.mappings = mappings
      // Each collection once, with who contributed to it, in the order `resolveAll` visits
      // them.
      var collections: [InjectionKey: [String]] = [:]
      var collectionOrder: [InjectionKey] = []
      let contributors = GraphExplorer.contributionOwners(in: snapshot)
      for contribution in held.contributions {
        if collections[contribution.key] == nil { collectionOrder.append(contribution.key) }
        collections[contribution.key, default: []].append(
          GraphExplorer.owner(of: contribution, inheritedFrom: nil))
      }
      for (key, labels) in contributors where collections[key]?.count == labels.count {
        collections[key] = labels
      }
      self.collections = collections
      problems = mappings.map(\.mapping)
        .filter { $0.hook == .missed && !excluded.contains($0.key) }
        .map { ValidationProblem.hookNeverCalled(key: $0.key) }
      problems += failedEagerSingletons

      // Unmapping a key in the copy removed the aliases of it (and theirs): they are left out
      // too.
      removed.formUnion(GraphExplorer.aliases(of: removed, in: mappings.map(\.mapping)))
      self.removed = removed
      asyncKeys = Set(
        mappings.map(\.mapping)
          .filter { $0.recipe == .asyncFactory || $0.recipe == .mainActorFactory }.map(\.key))
      argumentKeys = Set(
        mappings.map(\.mapping).filter { $0.recipe == .factoryWithArguments }.map(\.key))
      self.arguments = ArgumentCheck(arguments, argumentKeys: argumentKeys)

      // A mapping that takes arguments cannot be built without them: it is checked where
      // something resolves it (without arguments, that is a problem).
      let mapped = mappings.map(\.mapping)
        .filter { $0.recipe != .factoryWithArguments && !removed.contains($0.key) }
        .map(\.key)
      let sorted =
        mapped.map { (DependencyGraph.order($0), $0) }.sorted { $0.0 < $1.0 }
        .map { Root.key($0.1) }
        + collectionOrder.map { (DependencyGraph.order($0), $0) }.sorted { $0.0 < $1.0 }
        .map { Root.collection($0.1) }
      toCheck = copy == nil ? [] : roots + sorted
    }

    /// The copy and its ancestors, the copies of the validated injector's chain.
    var copyChain: [Injector] {
      var chain: [Injector] = []
      var next = copy
      while let injector = next {
        chain.append(injector)
        next = injector.parent
      }
      return chain
    }

    /// Whether the key is mapped with an `async` or main-actor factory.
    func isAsync(_ key: InjectionKey) -> Bool { asyncKeys.contains(key) }

    /// Whether the `async` form skips `key` (``PlantedValidationBug/skipsAsyncEdges``).
    func skipsAsync(_ key: InjectionKey) -> Bool {
      PlantedValidationBug.current == .skipsAsyncEdges && isAsync(key)
    }

    /// Whether to check `root` now: not left out, and not checked already.
    func startChecking(_ root: Root) -> Bool {
      guard !removed.contains(root.key), checked.insert(root.key).inserted else { return false }
      checkedKeys.append(root.key)
      rootOfCheck[order.startCheck()] = root
      return true
    }

    /// The next ``Provider`` or ``Lazy`` value built that is wanted, with the path to it and
    /// the copy it is bound to.
    ///
    /// Each key once per copy of the chain: one not checked yet, whose key passes
    /// `isWanted`; the others wait for a later call. One bound to the validated injector's copy
    /// is not taken when its key was checked already.
    func nextDeferred(where isWanted: (InjectionKey) -> Bool = { _ in true })
      -> (value: any DeferredResolution, path: [InjectionKey], injector: Injector)?
    {
      let found = recorder.state.withLock { state in
        defer { deferredTaken = state.deferredValues.count }
        return state.deferredValues[deferredTaken...]
      }
      if PlantedValidationBug.current == .forgetsProviderTargets { return nil }
      pendingDeferred += found
      while let index = pendingDeferred.firstIndex(where: { isWanted($0.value.key) }) {
        let next = pendingDeferred.remove(at: index)
        let key = next.value.key
        guard !removed.contains(key),
          let bound = copyChain.first(where: { ObjectIdentifier($0) == next.injector })
        else { continue }
        let isTheCopy = bound === copy
        guard !(isTheCopy && checked.contains(key)),
          resolvedDeferred.insert(DeferredIdentity(key: key, injector: next.injector)).inserted
        else { continue }
        // A provider of a mapping that takes arguments is called with them: with the key's
        // samples, if any.
        var value = next.value
        if argumentKeys.contains(key) {
          guard let sampled = arguments.resolution(of: next.value, path: next.path) else {
            continue
          }
          value = sampled
        }
        if isTheCopy { checked.insert(key) }
        _ = order.startCheck()
        return (value, next.path, bound)
      }
      // Then each sampled key, once every root and mapping is checked.
      guard let copy, arguments.hasSamplesLeft,
        toCheck.allSatisfy({ checked.contains($0.key) || removed.contains($0.key) }),
        let sampled = arguments.nextSample(in: copy, checked: &checked, removed: removed)
      else { return nil }
      checkedKeys.append(sampled.key)
      _ = order.startCheck()
      return (sampled, [], copy)
    }

    /// Records an error of a resolution; `after` is the path to the ``Provider`` or ``Lazy``
    /// value that started it, whose own resolution starts a path of its own.
    func failed(_ error: InjectionError, after prefix: [InjectionKey] = []) {
      let error = GraphExplorer.prefixed(error, with: prefix)
      recorder.record(error)
      if case .asyncMapping(let key, let path) = error {
        problems.append(GraphExplorer.unbuiltAsyncMapping(key, path: path))
      } else if case .actorIsolated(let key, let actor, let path) = error,
        !arguments.allowsUnchecked(key)
      {
        problems.append(GraphExplorer.unbuiltIsolatedMapping(key, actor: actor, path: path))
      } else if let note = ValidationNote(notBuiltSynchronously: error) {
        laterNotes.append(note)
      } else if !GraphExplorer.isConsequence(of: removed, error) {
        let problem = ValidationProblem(error)
        problems.append(problem)
        if fixes[problem] == nil { fixes[problem] = GraphExplorer.fix(of: error) }
      }
    }

    /// The report of what was found.
    func finish() -> GraphExploration {
      withExtendedLifetime(observation) {}
      var state = recorder.state.withLock { $0 }
      let captives = GraphExplorer.captives(
        state.held, in: snapshot, removed: removed)
      state.failedDependencies.formUnion(captives.edges)
      let graph = GraphExplorer.makeGraph(
        injector: injector.label, mappings: mappings, collections: collections, state: state,
        removed: removed, roots: Set(roots.map(\.key)),
        decorators: GraphExplorer.decoratorCounts(snapshot))
      var notes = state.unmappedOptionals.map {
        ValidationNote.optionalNotMapped(key: $0.key, path: $0.path)
      }
      // A provider or lazy value resolves later: an edge to its key closes no cycle of builds,
      // and a cycle through it is allowed.
      // The cycles searched once for the order of the checks, when they found none and no
      // deferred edge was added: what was recorded since are failed edges, which close no
      // allowed cycle.
      if !dependenciesHaveNoCycle || !state.deferredDependencies.isEmpty {
        notes += GraphExplorer.allowedCycles(in: graph).map {
          ValidationNote.allowedCycle(path: $0)
        }
      }
      notes += laterNotes
      let unverified = arguments.unverified(
        removed: removed, resolved: state.seen, reported: Set(problems.map(\.key)))
      notes += unverified.notes + GraphExplorer.duplicateMappings(in: snapshot)
      return GraphExploration(
        problems: GraphExplorer.deduplicated(
          problems + unverified.problems + captives.problems),
        notes: Array(orderedUnique: notes), checkedKeys: checkedKeys, graph: graph, fixes: fixes)
    }
  }
}
