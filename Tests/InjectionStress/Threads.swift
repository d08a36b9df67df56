import Foundation

/// Runs work on real OS threads (a task group reaches only as many threads as there are cores).
enum Threads {
  /// Runs `body` on `count` new threads that start together, and returns when all returned.
  ///
  /// It waits without a timeout: a stuck thread stops the run's progress, and the run's
  /// ``Watchdog`` fails it.
  ///
  /// - Parameters:
  ///   - count: How many threads to start; `body` gets each one's index, `0..<count`.
  ///   - stackSize: Each thread's stack size in bytes.
  ///   - body: The work of one thread.
  static func run(
    _ count: Int, stackSize: Int = 1 << 20, _ body: @escaping @Sendable (Int) -> Void
  ) {
    let start = Barrier(parties: count)
    let finish = Latch(count: count)
    for index in 0..<count {
      let thread = Thread {
        start.arriveAndWait()
        body(index)
        finish.countDown()
      }
      thread.stackSize = stackSize
      thread.start()
    }
    finish.wait()
  }
}
