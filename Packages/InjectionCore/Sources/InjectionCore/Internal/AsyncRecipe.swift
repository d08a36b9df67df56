import Synchronization

/// What a mapping made with an `async` factory adds to its ``Registration``: the factory, and
/// the build of its cached value while one runs.
///
/// A class, so that every other registration pays one word (`nil`) for it.
// @unchecked Sendable: the lock is the owning injector's `registry` mutex (`Injector.registry`),
// and it guards `build` (read and written only inside its `withLock`); `factory` is immutable and
// `Sendable`.
final class AsyncRecipe<T>: @unchecked Sendable {
  let factory: @Sendable (Injector) async throws -> T
  /// The build of the cached value in progress, if any.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var build: AsyncBuild<T>?

  init(factory: @escaping @Sendable (Injector) async throws -> T) {
    self.factory = factory
  }
}

/// The one build of an `async` mapping's cached value that is running, and the tasks that wait
/// for it.
///
/// The build runs in a task of its own, so that no waiter's cancellation reaches it; each
/// waiter is a continuation, so that no thread is blocked while it waits. The build resumes
/// every waiter still here with its result; a cancelled waiter is taken out and resumed at
/// once with ``InjectionError/cancelled(key:)``. The result reaches each waiter through the
/// build's ``AsyncHandover`` and the waiter's ``AsyncWake``, not through the continuation.
// @unchecked Sendable: the lock is the owning injector's `registry` mutex (`Injector.registry`),
// and it guards `waiters` and `handover` (read and written only inside its `withLock`).
final class AsyncBuild<T>: @unchecked Sendable {
  typealias Waiter = AsyncWaiter

  /// Where the build leaves its outcome for its waiters, until it is over; guarded by the
  /// owning injector's `registry` mutex.
  @exclusivity(unchecked) var handover: AsyncHandover<T>? = AsyncHandover()

  /// The reset generation of a resettable mapping's scope when the build started (0 for every
  /// other mapping): a build that a reset overtook is neither joined nor kept.
  let generation: UInt64

  init(generation: UInt64 = 0) {
    self.generation = generation
  }

  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) private var waiters: [UInt64: Waiter] = [:]

  /// Adds a waiter; with the registry mutex held.
  func add(_ waiter: Waiter, id: UInt64) {
    waiters[id] = waiter
  }

  /// Takes out the waiter `id`, if the build has not resumed it yet; with the registry mutex
  /// held.
  func remove(id: UInt64) -> Waiter? {
    waiters.removeValue(forKey: id)
  }

  /// Takes out every waiter, to be resumed after the mutex is unlocked.
  func takeWaiters() -> [Waiter] {
    defer { waiters = [:] }
    return Array(waiters.values)
  }

  /// A number no other waiter of the process has.
  static func nextWaiterID() -> UInt64 {
    WaiterIDs.next.add(1, ordering: .relaxed).newValue
  }
}

/// The counter behind ``AsyncBuild/nextWaiterID()`` (a generic class has no static storage).
private enum WaiterIDs {
  static let next = Atomic<UInt64>(0)
}

/// A task that waits for an `async` build or for an awaited first read of a ``Lazy`` value:
/// its continuation, and the ``AsyncWake`` that says why it was resumed.
///
/// The outcome does not travel through the continuation: the build stores it once in its
/// ``AsyncHandover``, and whoever resumes a waiter (the build, the waiter's cancellation
/// handler, or the waiter itself) first sets the waiter's wake with a releasing store; the
/// waiter reads its wake after its continuation returned, with an acquiring load, and only then
/// the handover. The runtime already orders a `resume` before the code after the `await` (Swift's
/// memory model needs nothing more), but when the `resume` comes before the waiting task has
/// finished suspending, `swift_continuation_await` lets the task go on without the annotation
/// that tells ThreadSanitizer so, and it reports the waiter's first read of the value as a race
/// with the factory's writes. The atomic pair is an edge that ThreadSanitizer sees on every
/// path. See `Documentation/DesignDecisions.md`, "Why an awaited value is handed over through
/// an atomic". Not generic, so that a waiter costs no lookup of generic metadata.
struct AsyncWaiter: Sendable {
  let continuation: UnsafeContinuation<Void, Never>
  let wake: AsyncWake

  /// Sets the wake to `reason`, then resumes the waiting task; called once per waiter, by
  /// whoever took it out of the waiters (or never put it in).
  func resume(_ reason: AsyncWake.Reason) {
    wake.set(reason)
    continuation.resume()
  }
}

/// Why a waiter of an `async` build or an awaited ``Lazy`` read was resumed: set once, with a
/// releasing store, before it is resumed; read by the waiter after it was resumed.
final class AsyncWake: Sendable {
  /// What the waiter does next.
  enum Reason: UInt8 {
    /// Not resumed yet.
    case pending
    /// The build is over: its outcome is in its ``AsyncHandover``.
    case over
    /// The waiter's task was cancelled before the build was over.
    case cancelled
    /// The build was over before the waiter joined it: look again.
    case lookAgain
  }

  private let state = Atomic<UInt8>(Reason.pending.rawValue)

  init() {}

  /// Records why the waiter is resumed; once, before it is resumed.
  func set(_ reason: Reason) {
    state.store(reason.rawValue, ordering: .releasing)
  }

  /// What the waiter gets, read after its continuation returned: the build's outcome from
  /// `handover`, ``InjectionError/cancelled(key:)``, or `nil` to look again.
  ///
  /// The resume happens before this acquiring load, so by coherence it reads the releasing
  /// store of ``set(_:)``, and what the resumer did before it (the build's outcome) happens
  /// before the read of the outcome.
  func outcome<T>(from handover: AsyncHandover<T>?, key: InjectionKey)
    -> Result<T, InjectionError>?
  {
    switch Reason(rawValue: state.load(ordering: .acquiring)) {
    case .cancelled: return .failure(.cancelled(key: key))
    case .lookAgain: return nil
    case .over: if let outcome = handover?.outcome { return outcome }
    case .pending, nil: break
    }
    preconditionFailure("a waiter was resumed before its outcome was handed over")
  }
}

/// The outcome of an `async` build or of an awaited first read of a ``Lazy`` value, for its
/// waiters.
///
/// The build holds it while it runs; each waiter takes a reference when it joins, under the
/// lock that guards the build's waiters. When the build is over, it takes the handover out of
/// the build (so that nothing that still holds the build, such as a task the factory started,
/// keeps the value alive), stores the outcome, and only then sets its waiters' wakes.
// @unchecked Sendable: `outcome` is written once, by the build's task, before its releasing
// store into the ``AsyncWake`` of every waiter it resumes; a waiter reads it only after an
// acquiring load of its wake saw ``AsyncWake/Reason/over``. The value in a successful outcome
// is `Sendable`: an awaited `Lazy` requires `Value: Sendable`, and an `async` build hands over
// only cached values, whose `map` methods require `Sendable` (as for ``Delivery``).
final class AsyncHandover<T>: @unchecked Sendable {
  /// Set once by the build, before any of its waiters is resumed with ``AsyncWake/Reason/over``.
  @exclusivity(unchecked) var outcome: Result<T, InjectionError>?

  init() {}
}

/// The result of a resolution, handed across tasks.
///
/// `@unchecked Sendable`: it carries the cached value of a `.singleton`, `.eagerSingleton` or
/// `.weak` mapping, or of a main-actor mapping, and the `map` methods that make those require
/// the value's type to be `Sendable` (an ``InjectionError`` is `Sendable`); a transient value
/// of an `async` mapping, which need not be, is never handed across tasks.
struct Delivery<T>: @unchecked Sendable {
  let result: Result<T, InjectionError>
}
