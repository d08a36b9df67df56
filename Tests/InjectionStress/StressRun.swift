import Foundation
import Synchronization

/// One run of one scenario: its deadline, its progress, and its verdict.
///
/// Any thread may call ``fail(_:)`` or ``expect(_:_:)``; a violation prints
/// `FAIL <scenario>: <what>` and exits the process with status 1 at once.
final class StressRun: Sendable {
  /// The scenario's name.
  let scenario: String
  /// When the scenario started.
  let start: ContinuousClock.Instant
  /// How long the scenario runs.
  let duration: Duration
  private let iterations = Atomic<Int>(0)
  private static let hasFailed = Atomic<Bool>(false)

  init(scenario: String, seconds: Double) {
    self.scenario = scenario
    self.start = .now
    self.duration = .seconds(seconds)
  }

  /// When the scenario should stop starting new iterations.
  var deadline: ContinuousClock.Instant { start + duration }

  /// Whether the scenario's time is not up yet.
  var isRunning: Bool { ContinuousClock.now < deadline }

  /// The iterations recorded so far; the watchdog reads it to see progress.
  var iterationCount: Int { iterations.load(ordering: .relaxed) }

  /// When `fraction` of the run's time has passed; phases of a scenario end at such instants.
  func deadline(after fraction: Double) -> ContinuousClock.Instant {
    start + duration * fraction
  }

  /// Counts `count` finished iterations, which also tells the watchdog the run makes progress.
  func recordIteration(_ count: Int = 1) {
    iterations.add(count, ordering: .relaxed)
  }

  /// Reports a violated invariant and exits 1.
  ///
  /// Only the first failing thread reports and exits; any other one that fails meanwhile waits
  /// for the exit.
  func fail(_ what: String) -> Never {
    if Self.hasFailed.exchange(true, ordering: .acquiringAndReleasing) {
      while true { Thread.sleep(forTimeInterval: 1) }
    }
    Self.emit("FAIL \(scenario): \(what)")
    exit(1)
  }

  /// Fails the run with `what` unless `condition` holds.
  func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { fail(what()) }
  }

  /// Runs `body` under a watchdog, then prints `PASS`.
  func execute(_ body: (StressRun) -> Void) {
    Self.emit("RUN \(scenario)")
    let watchdog = Watchdog(watching: self)
    body(self)
    watchdog.stop()
    Self.emit("PASS \(scenario) (\(iterationCount) iterations)")
  }

  /// Prints a line and flushes it, so that it survives a crash that follows.
  static func emit(_ line: String) {
    print(line)
    fflush(nil)
  }
}
