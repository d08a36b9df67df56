/// Times code with the monotonic `ContinuousClock`.
enum Stopwatch {
  private static let clock = ContinuousClock()

  /// The current instant of the monotonic clock.
  static var now: ContinuousClock.Instant { clock.now }

  /// Runs `body` once and returns how long it took, in nanoseconds per operation.
  ///
  /// - Parameters:
  ///   - operations: How many operations `body` performs.
  ///   - body: The measured work.
  static func nanosecondsPerOperation(
    operations: Int, _ body: () throws -> Void
  ) rethrows -> Double {
    let start = clock.now
    try body()
    return (clock.now - start).nanoseconds / Double(operations)
  }

  /// Runs async `body` once and returns how long it took, in nanoseconds per operation; the
  /// clock starts and stops inside the caller's async context.
  ///
  /// - Parameters:
  ///   - operations: How many operations `body` performs.
  ///   - body: The measured work.
  static func nanosecondsPerOperation(
    operations: Int, _ body: () async throws -> Void
  ) async rethrows -> Double {
    let start = clock.now
    try await body()
    return (clock.now - start).nanoseconds / Double(operations)
  }
}

extension Duration {
  /// The duration in nanoseconds, as a floating-point number.
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  /// The duration in milliseconds, as a floating-point number.
  var milliseconds: Double { nanoseconds / 1e6 }
}
