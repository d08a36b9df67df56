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
/// once with ``InjectionError/cancelled(key:)``. The result reaches each waiter through its
/// ``AsyncWaiter``'s handover, not through the continuation.
// @unchecked Sendable: the lock is the owning injector's `registry` mutex (`Injector.registry`),
// and it guards `waiters` (read and written only inside its `withLock`).
final class AsyncBuild<T>: @unchecked Sendable {
  typealias Waiter = AsyncWaiter<T>

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
/// its continuation, and the handover through which it gets the outcome.
///
/// The outcome does not travel through the continuation: whoever resumes the waiter (the
/// build, the waiter's cancellation handler, or the waiter itself) first fills the handover
/// with a releasing store, and the waiter reads it after its continuation returned with an
/// acquiring load. The runtime already orders a `resume` before the code after the `await`
/// (Swift's memory model needs nothing more), but when the `resume` comes before the waiting
/// task has finished suspending, `swift_continuation_await` lets the task go on without the
/// annotation that tells ThreadSanitizer so, and it reports the waiter's first read of the
/// value as a race with the factory's writes. The atomic pair is an edge that ThreadSanitizer
/// sees on every path. See `Documentation/DesignDecisions.md`, "Why an awaited value is
/// handed over through an atomic".
struct AsyncWaiter<T>: Sendable {
  let continuation: UnsafeContinuation<Void, Never>
  let handover: AsyncHandover<T>

  /// Hands `outcome` over, then resumes the waiting task; called once per waiter, by whoever
  /// took it out of the waiters (or never put it in).
  ///
  /// - Parameter outcome: The result for the waiter, or `nil` to tell it to look again.
  func resume(with outcome: Result<T, InjectionError>?) {
    handover.fill(outcome)
    continuation.resume()
  }
}

/// Where one waiter of an `async` build or an awaited ``Lazy`` read finds its outcome.
// @unchecked Sendable: `outcome` is written once, by the one thread that resumes the waiter
// (``AsyncWaiter/resume(with:)``), before its releasing store of `true` into `isFilled`; the
// waiter reads it only after its continuation returned, with an acquiring load of `isFilled`
// that sees `true` (the resume happens before that load, so coherence gives it the store). The
// value in a successful outcome is `Sendable`: an awaited `Lazy` requires `Value: Sendable`,
// and an `async` build hands over only cached values, whose `map` methods require `Sendable`
// (as for ``Delivery``).
final class AsyncHandover<T>: @unchecked Sendable {
  private let isFilled = Atomic<Bool>(false)
  @exclusivity(unchecked) private var outcome: Result<T, InjectionError>?

  init() {}

  /// Stores the outcome; once, before the waiter is resumed.
  func fill(_ outcome: Result<T, InjectionError>?) {
    self.outcome = outcome
    isFilled.store(true, ordering: .releasing)
  }

  /// The outcome, read by the waiter after its continuation returned; `nil` means look again.
  func take() -> Result<T, InjectionError>? {
    guard isFilled.load(ordering: .acquiring) else {
      preconditionFailure("a waiter was resumed before its outcome was handed over")
    }
    return outcome
  }
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
