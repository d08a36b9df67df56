/// W7 at one N and one configuration: the compile times of one clean compile of each module.
struct CompileCostFigure {
  let typeCount: Int
  /// `debug` or `release`, as in the JSON report.
  let configuration: String
  let injectionMilliseconds: Double
  let handWrittenMilliseconds: Double
  /// The compiler's CPU time (user and system), which moves less on a busy machine.
  let injectionCPUMilliseconds: Double
  let handWrittenCPUMilliseconds: Double
  /// The compiler's peak resident memory in MiB; `nil` when GNU time is not available.
  let injectionPeakMemoryMB: Double?
  let handWrittenPeakMemoryMB: Double?

  /// What each resolved type adds to the compile, in ms.
  var extraMillisecondsPerType: Double {
    (injectionMilliseconds - handWrittenMilliseconds) / Double(typeCount)
  }

  /// What each resolved type adds to the compiler's CPU time, in ms.
  var extraCPUMillisecondsPerType: Double {
    (injectionCPUMilliseconds - handWrittenCPUMilliseconds) / Double(typeCount)
  }
}
