/// One timed workload: hand-wired and swift-injection, in ns per operation.
struct WorkloadFigure {
  let id: String
  let title: String
  let baseline: Double
  let injection: Double
  /// Tells the JSON report's figures of one workload apart; `nil` (left out) for most.
  var variant: String?
  /// W11: how many mappings the injector held; `nil` (left out) for the other workloads.
  var mappings: Int?
  /// W5: the lowest overlap of the threads' timed sections over the timed repetitions (see
  /// ``ThreadBatch/Timing/overlap``), hand-wired and swift-injection; `nil` for the others.
  var overlap: (baseline: Double, injection: Double)?
  /// Whether the figure goes into the JSON report (supplementary rows are table-only).
  var isReported = true

  var ratio: Double { injection / baseline }
}
