import Synchronization

/// What the threads or tasks of a batch hand back: their blackhole sums, the engines they
/// resolved (kept alive, so that distinct instances cannot share an address), and the first
/// error.
final class BatchResults: Sendable {
  private struct State {
    var sum = 0
    var engines: [any Engine] = []
    var error: (any Error)?
  }

  private let state = Mutex(State())

  func add(_ blackhole: Blackhole) {
    state.withLock { $0.sum &+= blackhole.sum }
  }

  func add(_ engine: any Engine) {
    state.withLock { $0.engines.append(engine) }
  }

  func record(_ error: any Error) {
    state.withLock { state in
      if state.error == nil { state.error = error }
    }
  }

  var sum: Int { state.withLock { $0.sum } }

  /// How many distinct engine instances were added.
  var distinctEngines: Int {
    state.withLock { state in Set(state.engines.map { ObjectIdentifier($0) }).count }
  }

  /// Throws the first recorded error, if any.
  func check() throws {
    if let error = state.withLock({ $0.error }) { throw error }
  }
}
