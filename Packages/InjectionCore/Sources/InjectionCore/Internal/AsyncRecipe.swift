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
/// once with ``InjectionError/cancelled(key:)``.
// @unchecked Sendable: the lock is the owning injector's `registry` mutex (`Injector.registry`),
// and it guards `waiters` (read and written only inside its `withLock`).
final class AsyncBuild<T>: @unchecked Sendable {
  typealias Waiter = UnsafeContinuation<Delivery<T>?, Never>

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

/// The result of a resolution, handed across tasks.
///
/// `@unchecked Sendable`: it carries the cached value of a `.singleton`, `.eagerSingleton` or
/// `.weak` mapping, or of a main-actor mapping, and the `map` methods that make those require
/// the value's type to be `Sendable` (an ``InjectionError`` is `Sendable`); a transient value
/// of an `async` mapping, which need not be, is never handed across tasks.
struct Delivery<T>: @unchecked Sendable {
  let result: Result<T, InjectionError>
}
