/// Runs the selected workloads in order and collects their figures.
enum BenchmarkRunner {
  static func run(_ plan: Plan, options: Options) -> BenchmarkReport {
    var report = BenchmarkReport()
    report.blackholeCost = BlackholeCost.run(plan, into: &report.blackhole)
    if options.includes("W1") {
      measure("W1", into: &report) { try [W1SingletonResolve.run(plan, into: &$0)] }
    }
    if options.includes("W2") {
      measure("W2", into: &report) { try carGraph(plan, into: &$0) }
    }
    if options.includes("W3") {
      measure("W3", into: &report) { try [W3InjectedRead.run(plan, into: &$0)] }
    }
    if options.includes("W4") {
      for typeCount in plan.typeCounts {
        step("W4 N = \(typeCount)", into: &report) { report in
          report.typeCounts.append(
            try W4ManyTypes.run(typeCount: typeCount, plan, into: &report.blackhole))
        }
      }
    }
    if options.includes("W5") {
      measure("W5", into: &report) { try [W5TwoThreads.run(plan, into: &$0)] }
    }
    if options.includes("W8") {
      measure("W8", into: &report) { try W8ArgumentsAndProviders.run(plan, into: &$0) }
    }
    if options.includes("W9") {
      measure("W9", into: &report) { try W9AsyncSingletons.run(plan, into: &$0) }
    }
    if options.includes(W10AppLaunch.id) {
      measure(W10AppLaunch.id, into: &report) { try W10AppLaunch.run(plan, into: &$0) }
    }
    if options.includes(W11ResolutionMiss.id) {
      for mappings in plan.missMappingCounts {
        measure("W11 M = \(MarkdownTable.grouped(mappings))", into: &report) {
          try W11ResolutionMiss.run(mappings: mappings, plan, into: &$0)
        }
      }
    }
    if options.includes(W12RequestScope.id) {
      step(W12RequestScope.id, into: &report) { report in
        let (figures, memory) = try W12RequestScope.run(plan, into: &report.blackhole)
        report.workloads += figures
        report.requestMemory = memory
      }
    }
    if options.includes("P1") {
      measure("P1", into: &report) { try P1PlistLoad.run(plan, into: &$0) }
    }
    if options.includes(W13ValidateAndExport.id) {
      measure(W13ValidateAndExport.id, into: &report) {
        try W13ValidateAndExport.run(plan, into: &$0)
      }
    }
    if options.includes("W6") {
      for variant in [W6SlowSingletonRace.Variant.tasks, .threads] {
        Console.progress("W6 \(variant.rawValue)…")
        do {
          report.races.append(try W6SlowSingletonRace.run(variant, plan))
        } catch {
          report.failures.append("W6 \(variant.rawValue): \(error)")
        }
      }
    }
    if options.runsCompileCost(plan) {
      step("W7", into: &report) { report in try W7CompileCost.run(plan, into: &report) }
    } else if options.skipsCompileCost(plan) {
      report.skipped.append("W7 (a few minutes of compiling; add `--filter W7` to run it)")
    }
    return report
  }

  /// W2 twice through the library: `Wheel` mapped as a transient (the reported figure), and
  /// unmapped, created as an `Injectable` (a supplementary row).
  private static func carGraph(_ plan: Plan, into blackhole: inout Blackhole) throws
    -> [WorkloadFigure]
  {
    let baseline = W2CarGraph.baseline(plan, into: &blackhole)
    let mapped = try W2CarGraph.injection(plan, wheels: .transientMapping, into: &blackhole)
    let created = try W2CarGraph.injection(plan, wheels: .injectableAutoCreation, into: &blackhole)
    return [
      WorkloadFigure(
        id: "W2", title: "resolve a new `Car`; `Wheel` mapped as a transient",
        baseline: baseline, injection: mapped),
      WorkloadFigure(
        id: "W2", title: "supplementary: the same, `Wheel` unmapped (auto-created `Injectable`)",
        baseline: baseline, injection: created, isReported: false),
    ]
  }

  private static func measure(
    _ id: String, into report: inout BenchmarkReport,
    _ body: (inout Blackhole) throws -> [WorkloadFigure]
  ) {
    step(id, into: &report) { report in
      report.workloads += try body(&report.blackhole)
    }
  }

  private static func step(
    _ name: String, into report: inout BenchmarkReport,
    _ body: (inout BenchmarkReport) throws -> Void
  ) {
    Console.progress("\(name)…")
    do {
      try body(&report)
    } catch {
      report.failures.append("\(name): \(error)")
    }
  }
}
