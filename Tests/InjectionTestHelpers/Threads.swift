import Foundation
import Synchronization

/// Runs work on real OS threads (a task group reaches only as many threads as there are cores).
public enum Threads {
  /// Runs `body` on `count` new threads that are released at the same moment, and returns when
  /// all of them returned or `timeout` passed.
  ///
  /// The threads wait at a ``StartGate`` until all of them started; a ``Latch`` tells when all
  /// of them finished. Both are built on `NSCondition`, which ThreadSanitizer understands, so
  /// what the threads did is seen as happening before what the caller does after this returns.
  ///
  /// - Parameters:
  ///   - count: How many threads to start; `body` gets each one's index, `0..<count`.
  ///   - stackSize: Each thread's stack size in bytes.
  ///   - timeout: How many seconds to wait at most, once for the threads to start and once for
  ///     them to finish; `nil` waits without a limit (a stress run's watchdog then fails a
  ///     stuck run).
  ///   - body: The work of one thread.
  /// - Returns: `true` if every thread started and finished in time; `false` means a thread is
  ///   stuck (a deadlock). Without a timeout it returns only when all threads finished, and
  ///   returns `true`.
  @discardableResult
  public static func run(
    _ count: Int, stackSize: Int = 1 << 19, timeout: Double? = nil,
    _ body: @escaping @Sendable (Int) -> Void
  ) -> Bool {
    let start = StartGate()
    let finish = Latch(count: count)
    for index in 0..<count {
      // Each thread lets go of `body` (and what it captured) before it counts down: a `Thread`
      // keeps its closure until the thread has exited, which may be after this returns, and
      // the caller may check that what `body` captured was released.
      let work = Work(body)
      let thread = Thread {
        start.wait()
        work.runOnce(index)
        finish.countDown()
      }
      thread.stackSize = stackSize
      thread.start()
    }
    let allStarted = start.open(whenWaiting: count, timeout: timeout)
    let allFinished = finish.wait(timeout: timeout)
    return allStarted && allFinished
  }
}

/// A thread's work, dropped once it ran.
private final class Work: Sendable {
  private let body: Mutex<(@Sendable (Int) -> Void)?>

  init(_ body: @escaping @Sendable (Int) -> Void) {
    self.body = Mutex(body)
  }

  /// Runs the work with `index`, then releases it: the closure's captures are released
  /// before this returns.
  func runOnce(_ index: Int) {
    let taken = body.withLock { body in
      defer { body = nil }
      return body
    }
    taken?(index)
  }
}
