import Foundation

/// A thread that fails the run when its iteration count stops moving, so that a deadlock fails
/// loudly instead of hanging CI.
struct Watchdog: Sendable {
  /// How long a run may go without recording an iteration.
  static let patience: Duration = .seconds(20)

  private let isStopped = Flag()

  /// Starts a thread that watches `run` until ``stop()``.
  init(watching run: StressRun) {
    let isStopped = self.isStopped
    let thread = Thread {
      var lastCount = run.iterationCount
      var lastChange = ContinuousClock.now
      while !isStopped.isSet {
        Thread.sleep(forTimeInterval: 0.1)
        let count = run.iterationCount
        if count != lastCount {
          lastCount = count
          lastChange = .now
        } else if ContinuousClock.now - lastChange > Self.patience {
          run.fail("no progress for \(Self.patience.components.seconds) s (deadlock?)")
        }
      }
    }
    thread.start()
  }

  /// Stops watching.
  func stop() {
    isStopped.set()
  }
}
