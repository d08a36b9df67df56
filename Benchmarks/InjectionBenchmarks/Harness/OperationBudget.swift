/// How many operations make one timed repetition of about a given time, for work whose cost per
/// operation is not known ahead: W11's miss may cost what a hit costs, or a thousand times more.
struct OperationBudget {
  /// What one timed repetition should take, in ns.
  let nanoseconds: Double
  /// The most operations in one repetition.
  let maximum: Int

  /// Times `sample` with enough operations to take about ``nanoseconds`` per repetition.
  ///
  /// The count is found by running `sample` on 1, 2, 4, … operations until a run takes a tenth
  /// of the budget (or reaches ``maximum``); those runs are not recorded. Every repetition then
  /// uses the same count.
  ///
  /// - Parameters:
  ///   - repetitions: The warm-up and timed repetitions at that count.
  ///   - sample: Runs the given number of operations; returns ns per operation.
  /// - Returns: The median ns per operation.
  func median(_ repetitions: Repetitions, _ sample: (Int) throws -> Double) rethrows -> Double {
    var operations = 1
    var perOperation = try sample(operations)
    while perOperation * Double(operations) < nanoseconds / 10, operations < maximum {
      operations = min(operations * 2, maximum)
      perOperation = try sample(operations)
    }
    let scaled = perOperation > 0 ? (nanoseconds / perOperation).rounded() : Double(maximum)
    let chosen = Int(min(max(scaled, 1), Double(maximum)))
    return try repetitions.median { try sample(chosen) }
  }
}
