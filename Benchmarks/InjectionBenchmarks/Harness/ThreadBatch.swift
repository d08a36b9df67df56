import Foundation
import Synchronization

/// Runs work on a batch of OS threads released at once.
enum ThreadBatch {
  /// What one batch measured.
  struct Timing {
    /// From the release to the last thread's end.
    let wall: Duration
    /// How much the threads' timed sections ran at the same time: the span during which all of
    /// them were running (from the last start to the first end), over the longest section; 1 is
    /// full overlap, 0 none.
    let overlap: Double
  }

  /// Starts `count` threads, blocks them on a gate until all have started, releases them, and
  /// waits until all are done.
  ///
  /// Each thread reads the clock right before and right after `body`, so that ``Timing/overlap``
  /// tells whether the threads really ran at the same time.
  ///
  /// - Parameters:
  ///   - count: How many threads.
  ///   - body: Each thread's work; receives the thread's index.
  /// - Returns: The wall time and the overlap of the threads' sections.
  static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Timing {
    let gate = StartGate()
    let sections = Mutex<[(start: ContinuousClock.Instant, end: ContinuousClock.Instant)]>([])
    for index in 0..<count {
      let thread = Thread {
        gate.arriveAndWait()
        let start = Stopwatch.now
        body(index)
        let end = Stopwatch.now
        sections.withLock { $0.append((start, end)) }
        gate.finish()
      }
      thread.stackSize = 512 * 1024
      thread.start()
    }
    gate.waitForArrivals(count)
    let start = Stopwatch.now
    gate.open()
    gate.waitForFinishes(count)
    let wall = Stopwatch.now - start
    let overlap = sections.withLock { sections -> Double in
      guard let lastStart = sections.map(\.start).max(), let firstEnd = sections.map(\.end).min(),
        let longest = sections.map({ $0.end - $0.start }).max(), longest > .zero
      else { return 0 }
      return max(0, (firstEnd - lastStart).nanoseconds / longest.nanoseconds)
    }
    return Timing(wall: wall, overlap: overlap)
  }
}
