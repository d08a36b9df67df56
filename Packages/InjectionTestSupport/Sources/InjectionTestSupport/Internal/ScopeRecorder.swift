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

  struct State {
    var isActive = true
    var counts: [InjectionKey: Int] = [:]
    /// Failures seen off the test's task while it ran, recorded when the scope ends.
    var pending: [String] = []
    var built: [BuiltObject] = []
    var strictKeysReported: Set<InjectionKey> = []
  }

  private let state = Mutex(State())
  private let reporter: IssueReporter
  private let placeholders: Set<InjectionKey>
  /// The base's keys that strict mode removed from the test injector.
  private let removedByStrictMode: Set<InjectionKey>
  private let checksLeaks: Bool

  init(
    reporter: IssueReporter, placeholders: Set<InjectionKey>,
    removedByStrictMode: Set<InjectionKey>, checksLeaks: Bool
  ) {
    self.reporter = reporter
    self.placeholders = placeholders
    self.removedByStrictMode = removedByStrictMode
    self.checksLeaks = checksLeaks
  }

  /// Records one resolution event of the test injector.
  func observe(_ event: ResolutionEvent) {
    switch event.phase {
    case .started:
      let isFirstStrictFailure = state.withLock { state -> Bool in
        guard state.isActive else { return false }
        state.counts[event.key, default: 0] += 1
        guard removedByStrictMode.contains(event.key) else { return false }
        return state.strictKeysReported.insert(event.key).inserted
      }
      if isFirstStrictFailure {
        report(
          """
          Strict mode: \(event.key) is mapped in the base injector, but this test neither \
          overrides it nor allows it.
            requested by: \(Self.render(event.path + [event.key]))
            fix: override it, or allow the base's mapping with \
          .strict(allowing: InjectionKey(\(event.key.unqualifiedTypeName).self\
          \(event.key.name.map { ", named: \"\($0)\"" } ?? "")))
          """)
      }
    case .ended(let outcome):
      if placeholders.contains(event.key) {
        report(
          """
          The placeholder \(event.key) was resolved.
            requested by: \(Self.render(event.path + [event.key]))
            fix: override it in this test if the test needs it.
          """)
      }
      if checksLeaks, case .built(let value) = outcome, type(of: value) is AnyObject.Type {
        let object = value as AnyObject
        let built = BuiltObject(
          object: object, key: event.key,
          typeName: InjectionKey(typeName: String(reflecting: type(of: object))).description)
        state.withLock { if $0.isActive { $0.built.append(built) } }
      }
    }
  }

  /// Records a failure now if the calling task belongs to the test, keeps it for the end of
  /// the scope if the test still runs, or prints it if the test is over.
  func report(_ message: String) {
    let onTestTask = TestInjector.current?.recorder === self && reporter.canRecordHere
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
  ///
  /// - Returns: The failures seen off the test's task, to record now.
  func end() -> [String] {
    state.withLock { state in
      state.isActive = false
      defer { state.pending = [] }
      return state.pending
    }
  }

  /// The objects built in the scope that are still alive.
  func survivors() -> [BuiltObject] {
    state.withLock { state in
      defer { state.built = [] }
      return state.built.filter(\.isAlive)
    }
  }

  private static func render(_ path: [InjectionKey]) -> String {
    path.count == 1 ? "resolve(\(path[0]))" : path.map(\.description).joined(separator: " -> ")
  }
}
