import Dispatch
import Synchronization

/// Runs async work from synchronous code and blocks until it is done.
///
/// The benchmark's `main` is synchronous (valgrind cannot run a process whose main thread is
/// parked in Dispatch's main queue); only W6's task variant and W9 need concurrency, on the
/// global executor, while the main thread, which is not one of its threads, waits.
enum BlockingWait {
  static func run<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let value = await operation()
      result.withLock { $0 = value }
      done.signal()
    }
    done.wait()
    return result.withLock { $0! }
  }

  /// Runs throwing async work from synchronous code, blocks until it is done, and rethrows its
  /// error.
  static func run<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    try run { () async -> Result<Value, any Error> in
      do {
        return .success(try await operation())
      } catch {
        return .failure(error)
      }
    }.get()
  }
}
