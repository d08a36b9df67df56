import Synchronization

/// W9's hand-wired floor: a task-safe lazy value whose first caller starts the build in a task
/// of its own; every caller, the first included, awaits that task's value.
///
/// A cached read takes the mutex, then awaits a finished task: one non-inlined call, as the
/// library run pays one per resolve.
final class AsyncLazy<Value: Sendable>: Sendable {
  private let build: @Sendable () async throws -> Value
  private let task = Mutex<Task<Value, any Error>?>(nil)

  /// - Parameter build: Makes the value; runs once, when ``value()`` is first called.
  init(_ build: @escaping @Sendable () async throws -> Value) {
    self.build = build
  }

  /// The value, built by the first call; later calls (and racing ones) wait for that build.
  @inline(never)
  func value() async throws -> Value {
    let build = self.build
    let started = task.withLock { task in
      if let task { return task }
      let started = Task { try await build() }  // runs after the lock is released
      task = started
      return started
    }
    return try await started.value
  }
}
