import InjectionCore
import Synchronization

/// What a test scope records while its test runs: resolution counts, placeholder and strict-mode
/// failures, and weak references to the objects built, for the leak check.
///
/// The test injector's observer calls `observe(_:)` on whatever thread resolves. It holds no
/// reference to the injector, so the observer does not keep the injector alive.
final class ScopeRecorder: Sendable {
  /// An object built in the scope, held weakly.
  ///
  /// `@unchecked Sendable`: the object is never used through this reference, which is only
  /// loaded to see whether the object is still alive; loading a weak reference is thread-safe,
  /// and `key` and `typeName` are immutable values.
  final class BuiltObject: @unchecked Sendable {
    weak var object: AnyObject?
    let key: InjectionKey
    let typeName: String

    init(object: AnyObject, key: InjectionKey, typeName: String) {
      self.object = object
      self.key = key
      self.typeName = typeName
    }

    var isAlive: Bool { object != nil }
  }

  /// A key resolved in the scope, with the path of its first resolution.
  struct Reached {
    let key: InjectionKey
    let path: [InjectionKey]
    /// Whether its failure was recorded when it happened, on the test's task; if not, the
    /// scope records it when it ends.
    let isRecorded: Bool
  }

  struct State {
    var isActive = true
    var counts: [InjectionKey: Int] = [:]
    /// Failures seen off the test's task while it ran, recorded when the scope ends.
    var pending: [String] = []
    var built: [BuiltObject] = []
    /// The keys mapped as placeholders; the test body can add more.
    var placeholders: Set<InjectionKey>
    /// The keys the test overrode, in order; the test body can add more.
    var overriddenKeys: [InjectionKey]
    /// The base's keys that strict mode removed from the test injector and the test has not
    /// overridden since: an override the body makes takes its key out.
    var removedByStrictMode: Set<InjectionKey>
    /// The keys the test mapped, whose base decorators are off the test injector.
    var undecoratedKeys: Set<InjectionKey> = []
    /// The decorators the test added, by key, in the order added.
    var testDecorators: [InjectionKey: [Mapping]] = [:]
    /// The keys strict mode removed that the test reached, in the order first reached.
    var strictMisses: [Reached] = []
    /// The placeholders resolved, in the order first resolved.
    var placeholderHits: [Reached] = []
    /// Whether a resolution failed because nothing was mapped (for the empty-base hint).
    var hasMissed = false
  }

  private let state: Mutex<State>
  private let reporter: IssueReporter
  /// The keys the test's options allow in strict mode, in the order given.
  let allowedByStrictMode: [InjectionKey]
  private let checksLeaks: Bool

  /// A recorder with no overrides yet: ``noteOverrides(_:)`` records them.
  init(reporter: IssueReporter, allowedByStrictMode: [InjectionKey], checksLeaks: Bool) {
    self.state = Mutex(State(placeholders: [], overriddenKeys: [], removedByStrictMode: []))
    self.reporter = reporter
    self.allowedByStrictMode = allowedByStrictMode
    self.checksLeaks = checksLeaks
  }

  /// Records the base's keys that strict mode removes from the test injector, but those the
  /// test overrode since.
  func removeInStrictMode(_ keys: Set<InjectionKey>) {
    state.withLock { state in
      state.removedByStrictMode = keys.subtracting(state.overriddenKeys)
    }
  }

  /// Records the changes the test made to the scope (its overrides closures, then each
  /// ``TestInjector/override(_:)`` of its body); strict mode lets the keys they override
  /// through from now on.
  ///
  /// - Returns: The keys the changes map for the first time, whose base decorators must come
  ///   off the test injector, and the decorators the test added earlier, to put back on them.
  func noteOverrides(
    _ overrides: TestOverrides
  ) -> (undecorated: [InjectionKey], ownDecorators: [InjectionKey: [Mapping]]) {
    let keys = overrides.overriddenKeys
    return state.withLock { state in
      state.overriddenKeys += keys
      state.removedByStrictMode.subtract(keys)
      state.placeholders.subtract(keys)
      state.placeholders.formUnion(overrides.placeholders)
      let undecorated = overrides.mappedKeys.filter { !state.undecoratedKeys.contains($0) }
      let ownDecorators = state.testDecorators
      state.undecoratedKeys.formUnion(undecorated)
      overrides.collectDecorators(into: &state.testDecorators)
      return (undecorated, ownDecorators)
    }
  }

  /// The keys the test overrode so far, in order.
  var overriddenKeys: [InjectionKey] { state.withLock { $0.overriddenKeys } }

  /// Records one resolution event of the test injector.
  ///
  /// A strict-mode miss or a resolved placeholder is recorded when it happens if it happens on
  /// the test's task, so that a `withKnownIssue` around the resolution sees it; one found on
  /// another task is kept for the end of the scope. Each key is reported once.
  func observe(_ event: ResolutionEvent) {
    switch event.phase {
    case .started:
      let miss = state.withLock { state -> String? in
        guard state.isActive else { return nil }
        state.counts[event.key, default: 0] += 1
        guard state.removedByStrictMode.contains(event.key),
          !state.strictMisses.contains(where: { $0.key == event.key })
        else { return nil }
        let reached = Reached(key: event.key, path: event.path, isRecorded: isOnTestTask)
        state.strictMisses.append(reached)
        return reached.isRecorded ? strictModeMessage([reached], reached: state.strictMisses) : nil
      }
      if let miss { reporter.record(miss) }
    case .ended(let outcome):
      let (isLate, hit) = state.withLock { state -> (Bool, Reached?) in
        guard state.placeholders.contains(event.key) else { return (false, nil) }
        guard state.isActive else { return (true, nil) }
        guard !state.placeholderHits.contains(where: { $0.key == event.key }) else {
          return (false, nil)
        }
        let reached = Reached(key: event.key, path: event.path, isRecorded: isOnTestTask)
        state.placeholderHits.append(reached)
        return (false, reached)
      }
      if case .failed(.notMapped) = outcome { state.withLock { $0.hasMissed = true } }
      if isLate {
        IssueReporter.print(
          "after its test ended: \(Self.placeholderMessage(event.key, event.path))")
      }
      if let hit, hit.isRecorded { reporter.record(Self.placeholderMessage(hit.key, hit.path)) }
      if checksLeaks, case .built(let value) = outcome, type(of: value) is AnyObject.Type {
        let object = value as AnyObject
        let built = BuiltObject(
          object: object, key: event.key,
          typeName: InjectionKey(typeName: String(reflecting: type(of: object))).description)
        state.withLock { if $0.isActive { $0.built.append(built) } }
      }
    case .disposed:
      break  // not a resolution; a failure is reported by the scope's end (TestScope.close)
    }
  }

  /// Whether the calling task is the test's own (or a child task of it): the one that runs
  /// the test's body with this scope bound, where a failure can be recorded now.
  private var isOnTestTask: Bool {
    TestInjector.current?.recorder === self && reporter.canRecordHere
  }

  /// What a resolved placeholder reports: the key, the path, and the override to write.
  static func placeholderMessage(_ key: InjectionKey, _ path: [InjectionKey]) -> String {
    """
    The placeholder \(key) was resolved.
      requested by: \(render(path + [key]))
      fix: \(PlaceholderResolution.fix(for: key))
    """
  }

  /// The strict-mode failure for `misses`: each key with the path that asked for it, and one
  /// `.strict(allowing: …)` that allows every key `reached` so far with those already allowed.
  func strictModeMessage(_ misses: [Reached], reached: [Reached]) -> String? {
    guard let first = misses.first else { return nil }
    let allowing = (allowedByStrictMode + reached.map(\.key)).map(\.initializerInCode)
    let option = ".strict(allowing: \(allowing.joined(separator: ", ")))"
    if misses.count == 1 {
      return """
        Strict mode: \(first.key) is mapped in the base injector, but this test neither \
        overrides it nor allows it.
          requested by: \(Self.render(first.path + [first.key]))
          fix: override it, or allow the base's mapping with \(option)
        """
    }
    let lines = misses.map { "  \($0.key), requested by: \(Self.render($0.path + [$0.key]))" }
    return """
      Strict mode: this test reached \(misses.count) keys that the base injector maps but the \
      test neither overrides nor allows:
      \(lines.joined(separator: "\n"))
        fix: override them, or allow the base's mappings with \(option)
      """
  }

  /// Ends what the scope checks while the test runs, on the test's task: records what was
  /// found off the test's task (its failures; its strict misses, all in one; its placeholders,
  /// except the one whose error the test's body threw, which the test reports).
  ///
  /// - Parameter thrownPlaceholder: The placeholder whose error the test's body threw, if any.
  /// - Returns: Whether that placeholder's failure was recorded when it was resolved, on the
  ///   test's task, so that its error need not be reported again.
  func recordFindings(thrownPlaceholder: InjectionKey?) -> Bool {
    let (pending, misses, hits) = state.withLock { state in
      (state.pending, state.strictMisses, state.placeholderHits)
    }
    for message in pending { reporter.record(message) }
    let missesOffTask = misses.filter { !$0.isRecorded }
    if let message = strictModeMessage(missesOffTask, reached: misses) { reporter.record(message) }
    for hit in hits where !hit.isRecorded && hit.key != thrownPlaceholder {
      reporter.record(Self.placeholderMessage(hit.key, hit.path))
    }
    return hits.contains { $0.key == thrownPlaceholder && $0.isRecorded }
  }

  /// Whether `error` is a placeholder's error whose failure was recorded when the placeholder
  /// was resolved on the test's task.
  func hasRecordedPlaceholder(of error: any Error) -> Bool {
    guard let key = TestScope.placeholderKey(in: error) else { return false }
    return state.withLock { $0.placeholderHits.contains { $0.key == key && $0.isRecorded } }
  }

  /// Whether `description`, XCTest's report of an error a test method threw, reports a
  /// placeholder's error whose failure was recorded when the placeholder was resolved on the
  /// test's task.
  func hasRecordedPlaceholder(describedIn description: String) -> Bool {
    state.withLock { state in
      state.placeholderHits.contains {
        $0.isRecorded && description.contains(PlaceholderResolution(key: $0.key).description)
      }
    }
  }

  /// Whether a resolution failed because nothing was mapped.
  var hasMissed: Bool { state.withLock { $0.hasMissed } }

  /// Records a failure now if the calling task belongs to the test, keeps it for the end of
  /// the scope if the test still runs, or prints it if the test is over.
  func report(_ message: String) {
    let onTestTask = isOnTestTask
    let isActive = state.withLock { state -> Bool in
      guard state.isActive else { return false }
      if !onTestTask { state.pending.append(message) }
      return true
    }
    if !isActive {
      IssueReporter.print("after its test ended: \(message)")
    } else if onTestTask {
      reporter.record(message)
    }
  }

  /// Records a failure on the test's task, at the end of the scope.
  func recordAtEnd(_ message: String) {
    reporter.record(message)
  }

  /// How often each key was resolved in the scope so far.
  var counts: [InjectionKey: Int] { state.withLock { $0.counts } }

  var isActive: Bool { state.withLock { $0.isActive } }

  /// Ends the scope: later events are not counted, later failures are printed.
  func end() {
    state.withLock { $0.isActive = false }
  }

  /// The objects built in the scope that are still alive.
  func survivors() -> [BuiltObject] {
    state.withLock { state in
      defer { state.built = [] }
      return state.built.filter(\.isAlive)
    }
  }

  static func render(_ path: [InjectionKey]) -> String {
    path.count == 1 ? "resolve(\(path[0]))" : path.map(\.description).joined(separator: " -> ")
  }
}
