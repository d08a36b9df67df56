import InjectionCore
import InjectionReflection

/// Compares validation's verdict on a ``SoundGraph`` with what resolving everything does, and
/// shrinks a graph on which they disagree.
///
/// The ground truth checks each key as a fresh app that resolves it first would: for each root,
/// each mapped key (of the validated injector and its ancestors) and the collection, a new app
/// from the graph, `prepare()`, then that key (awaited when its mapping is `async`), then each
/// `Provider` and `Lazy` value reachable from it, called or read (awaited likewise), and what
/// those return, each key once.
///
/// Validation is asked in two forms, each on a fresh app: the synchronous one after
/// `prepare()`, and the `async` one. They disagree with the truth when:
/// - the synchronous form reports no problem, and a key fails (it is not sound);
/// - the `async` form reports no problem, and a key fails or `prepare()` throws;
/// - the `async` form reports a problem, and every key resolves after `prepare()` succeeded;
///   captive dependencies do not count here: they are problems of lifetimes in apps that
///   resolve (a singleton keeping a `.weak` value), which this truth does not model.
struct SoundnessChecker {
  enum Disagreement: String, Hashable, Sendable {
    case synchronousFormPassesAFailingApp = "the synchronous form passes an app that fails"
    case asyncFormPassesAFailingApp = "the async form passes an app that fails"
    case asyncFormFailsAnAppThatResolves =
      "the async form reports a problem for an app that resolves"
  }

  /// What one graph gives.
  struct Outcome {
    let synchronousReport: ValidationReport
    let asyncReport: ValidationReport
    let prepared: Bool
    /// The first key that fails, with its error.
    let failure: (key: String, error: String)?

    var disagreement: Disagreement? {
      if synchronousReport.problems.isEmpty, failure != nil {
        return .synchronousFormPassesAFailingApp
      }
      let resolves = prepared && failure == nil
      if asyncReport.problems.isEmpty, !resolves { return .asyncFormPassesAFailingApp }
      let failures = asyncReport.problems.filter { $0.kind != .captiveDependency }
      if !failures.isEmpty, resolves { return .asyncFormFailsAnAppThatResolves }
      return nil
    }
  }

  /// A shrunk graph and what it gives.
  struct Report: CustomStringConvertible {
    let seed: UInt64
    let original: SoundGraph
    let graph: SoundGraph
    let outcome: Outcome

    var description: String {
      let failure = outcome.failure.map { "\($0.key) fails: \($0.error)" } ?? "every key resolves"
      return """
        Validation disagrees with resolving: \(outcome.disagreement?.rawValue ?? "?"), seed \(seed); \
        shrunk from \(original.size) to \(graph.size) (items, edges, roots):

        \(graph.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))

        resolving: \(outcome.prepared ? "" : "prepare() throws; ")\(failure)
        synchronous form (after prepare()): \(outcome.synchronousReport)
        async form: \(outcome.asyncReport)

        To run this seed alone: INJECTION_SOUNDNESS_SEED=\(seed) INJECTION_SOUNDNESS_SEEDS=1 \
        swift test --filter SoundnessTests
        """
    }
  }

  /// The first disagreement among the graphs of `seeds`, shrunk; `nil` if all agree.
  static func firstDisagreement(seeds: some Sequence<UInt64>) async -> Report? {
    for seed in seeds {
      let graph = SoundGraphGenerator.graph(seed: seed)
      let outcome = await check(graph)
      guard let disagreement = outcome.disagreement else { continue }
      let (shrunk, last) = await shrink(graph, outcome, disagreement)
      return Report(seed: seed, original: graph, graph: shrunk, outcome: last)
    }
    return nil
  }

  /// Validates `graph` in both forms and resolves everything it says.
  static func check(_ graph: SoundGraph) async -> Outcome {
    let synchronousApp = SoundApp(graph)
    _ = await synchronousApp.prepare()
    let synchronousReport = synchronousValidation(of: synchronousApp.validated, roots: graph.roots)
    let asyncReport = await asyncValidation(of: SoundApp(graph).validated, roots: graph.roots)

    let probe = SoundApp(graph)
    let keys = Self.keysToResolve(graph, in: probe.validated)
    let asyncKeys = Self.asyncKeys(in: probe.validated)
    var prepared = true
    for key in keys {
      let app = SoundApp(graph)
      prepared = await app.prepare() && prepared
      if let error = await resolveEverything(from: key, in: app.validated, asyncKeys: asyncKeys) {
        return Outcome(
          synchronousReport: synchronousReport, asyncReport: asyncReport, prepared: prepared,
          failure: (SoundKeys.name(key), error))
      }
    }
    if keys.isEmpty { prepared = await SoundApp(graph).prepare() }
    return Outcome(
      synchronousReport: synchronousReport, asyncReport: asyncReport, prepared: prepared,
      failure: nil)
  }

  /// The roots, each key mapped in `injector`'s chain, and the collection if anything
  /// contributes to it.
  private static func keysToResolve(_ graph: SoundGraph, in injector: Injector) -> [Int] {
    let snapshot = injector.snapshot()
    let mapped = Set(
      (snapshot.mappings + snapshot.inherited.flatMap(\.mappings)).map(\.key))
    let contributed = !(snapshot.contributions + snapshot.inherited.flatMap(\.contributions))
      .isEmpty
    var keys = graph.roots
    keys += (0..<SoundKeys.count).filter { mapped.contains(SoundKeys.key($0)) }
    if contributed { keys.append(SoundKeys.collection) }
    return Array(Set(keys)).sorted()
  }

  /// The keys whose mapping, as `injector` resolves it, has an `async` factory.
  private static func asyncKeys(in injector: Injector) -> Set<InjectionKey> {
    let snapshot = injector.snapshot()
    var serving: [InjectionKey: MappingSnapshot] = [:]
    for mapping in snapshot.mappings { serving[mapping.key] = mapping }
    for layer in snapshot.inherited {
      for mapping in layer.mappings where serving[mapping.key] == nil {
        serving[mapping.key] = mapping
      }
    }
    return Set(serving.values.filter { $0.recipe == .asyncFactory }.map(\.key))
  }

  /// Resolves `key` first, then every provider and lazy value reachable; the first error.
  private static func resolveEverything(
    from key: Int, in injector: Injector, asyncKeys: Set<InjectionKey>
  ) async -> String? {
    do throws(InjectionError) {
      let value =
        asyncKeys.contains(SoundKeys.key(key))
        ? try await SoundKeys.resolveAsync(key, in: injector)
        : try SoundKeys.resolve(key, in: injector)
      var walker = DeferredWalker()
      var pending = walker.deferred(in: value)
      // Each key once per injector it resolves from.
      var resolved: Set<String> = []
      while !pending.isEmpty {
        let next = pending.removeFirst()
        let identity = "\(next.key) \(next.injector.map { "\($0)" } ?? "?")"
        guard resolved.insert(identity).inserted else { continue }
        let found =
          asyncKeys.contains(next.key)
          ? try await next.resolveNowAsync() : try next.resolveNow()
        pending += walker.deferred(in: found)
      }
      return nil
    } catch {
      return error.description
    }
  }

  /// The synchronous form: in an `async` function, a call without `await` is the `async` form.
  private static func synchronousValidation(of injector: Injector, roots: [Int])
    -> ValidationReport
  {
    let (types, keys) = rootArguments(roots)
    return switch types.count {
    case 0: injector.validationReport(rootKeys: keys)
    case 1: injector.validationReport(roots: types[0], rootKeys: keys)
    case 2: injector.validationReport(roots: types[0], types[1], rootKeys: keys)
    default: injector.validationReport(roots: types[0], types[1], types[2], rootKeys: keys)
    }
  }

  private static func asyncValidation(of injector: Injector, roots: [Int]) async
    -> ValidationReport
  {
    let (types, keys) = rootArguments(roots)
    return switch types.count {
    case 0: await injector.validationReport(rootKeys: keys)
    case 1: await injector.validationReport(roots: types[0], rootKeys: keys)
    case 2: await injector.validationReport(roots: types[0], types[1], rootKeys: keys)
    default: await injector.validationReport(roots: types[0], types[1], types[2], rootKeys: keys)
    }
  }

  /// Carriers as `roots:` (at most three), names as `rootKeys:`.
  private static func rootArguments(_ roots: [Int]) -> ([any Any.Type], [InjectionKey]) {
    let types: [any Any.Type] = roots.filter(SoundKeys.isCarrier).prefix(3).map(SoundKeys.carrier)
    return (types, roots.filter { !SoundKeys.isCarrier($0) }.map(SoundKeys.key))
  }

  // MARK: - Shrinking

  /// A smaller graph with the same disagreement, and its outcome.
  static func shrink(_ graph: SoundGraph, _ outcome: Outcome, _ disagreement: Disagreement) async
    -> (SoundGraph, Outcome)
  {
    var best = (graph, outcome)
    var improved = true
    while improved {
      improved = false
      for candidate in simplifications(of: best.0) where candidate.size < best.0.size {
        let result = await check(candidate)
        if result.disagreement == disagreement {
          best = (candidate, result)
          improved = true
          break
        }
      }
    }
    return best
  }

  /// Each graph with one thing removed or made simpler, the biggest cuts first.
  private static func simplifications(of graph: SoundGraph) -> [SoundGraph] {
    var candidates: [SoundGraph] = []
    if graph.child != nil {
      var without = graph
      without.child = nil
      candidates.append(without)
    }
    for index in graph.roots.indices {
      var fewer = graph
      fewer.roots.remove(at: index)
      candidates.append(fewer)
    }
    for (items, rebuild) in [
      (
        graph.parent,
        { (items: [SoundItem]) in
          var g = graph; g.parent = items; return g
        }
      ),
      (
        graph.child ?? [],
        { (items: [SoundItem]) in
          var g = graph; g.child = items; return g
        }
      ),
    ] {
      for index in items.indices {
        var fewer = items
        fewer.remove(at: index)
        candidates.append(rebuild(fewer))
        for simpler in simplifications(of: items[index]) {
          var changed = items
          changed[index] = simpler
          candidates.append(rebuild(changed))
        }
      }
    }
    return candidates
  }

  private static func simplifications(of item: SoundItem) -> [SoundItem] {
    func fewer(_ edges: [SoundEdge]) -> [[SoundEdge]] {
      edges.indices.map { index in
        var fewer = edges
        fewer.remove(at: index)
        return fewer
      }
    }
    switch item {
    case .map(let mapping):
      var simpler = fewer(mapping.edges).map { edges in
        var changed = mapping
        changed.edges = edges
        return SoundItem.map(changed)
      }
      if mapping.fails {
        var changed = mapping
        changed.fails = false
        simpler.append(.map(changed))
      }
      if mapping.failsWhenBuiltAgain {
        var changed = mapping
        changed.failsWhenBuiltAgain = false
        simpler.append(.map(changed))
      }
      return simpler
    case .contribute(let singleton, let edges, let fails):
      return fewer(edges).map { .contribute(singleton: singleton, edges: $0, fails: fails) }
        + (fails ? [.contribute(singleton: singleton, edges: edges, fails: false)] : [])
    case .decorate(let key, let edges, let fails):
      return fewer(edges).map { .decorate(key: key, edges: $0, fails: fails) }
        + (fails ? [.decorate(key: key, edges: edges, fails: false)] : [])
    case .alias:
      return []
    case .addModule(let id, let items):
      return items.indices.flatMap { index -> [SoundItem] in
        var fewer = items
        fewer.remove(at: index)
        let simpler = simplifications(of: items[index]).map { simpler -> SoundItem in
          var changed = items
          changed[index] = simpler
          return .addModule(id: id, changed)
        }
        return [.addModule(id: id, fewer)] + simpler
      }
    }
  }
}

/// Finds the `Provider` and `Lazy` values that a resolved value holds, walking each object once.
struct DeferredWalker {
  private var visited: Set<ObjectIdentifier> = []

  mutating func deferred(in value: Any) -> [SoundDeferred] {
    if let deferred = SoundDeferred.of(value) { return [deferred] }
    if let node = value as? any SoundNode {
      guard visited.insert(ObjectIdentifier(node)).inserted else { return [] }
      return node.parts.flatMap { deferred(in: $0) }
    }
    if let nodes = value as? [any SoundNode] { return nodes.flatMap { deferred(in: $0) } }
    return []
  }
}
