import Foundation

/// Runs work on a batch of OS threads released at once.
enum ThreadBatch {
  /// Starts `count` threads, blocks them on a gate until all have started, releases them, and
  /// waits until all are done.
  ///
  /// - Parameters:
  ///   - count: How many threads.
  ///   - body: Each thread's work; receives the thread's index.
  /// - Returns: The wall time from the release to the last thread's end.
  static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Duration {
    let gate = StartGate()
    for index in 0..<count {
      let thread = Thread {
        gate.arriveAndWait()
        body(index)
        gate.finish()
      }
      thread.stackSize = 512 * 1024
      thread.start()
    }
    gate.waitForArrivals(count)
    let start = Stopwatch.now
    gate.open()
    gate.waitForFinishes(count)
    return Stopwatch.now - start
  }
}
