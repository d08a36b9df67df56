/// Everything one run measured.
struct BenchmarkReport {
  var workloads: [WorkloadFigure] = []
  var typeCounts: [TypeCountFigure] = []
  var races: [RaceFigure] = []
  var compileCosts: [CompileCostFigure] = []
  /// W12's memory check.
  var requestMemory: W12RequestScope.MemoryFigure?
  /// What each `consume` of the blackhole costs, in ns: a floor inside every figure.
  var blackholeCost: Double?
  var blackhole = Blackhole()
  /// Workloads that did not produce a figure, with the reason.
  var failures: [String] = []
  /// Selected workloads that this kind of run leaves out, with how to run them.
  var skipped: [String] = []

  /// The W6 trials that built or saw more than one instance.
  var raceViolations: [String] {
    races.flatMap { race in
      [("hand-wired", race.baseline), ("swift-injection", race.injection)]
        .filter { !$0.1.isCorrect }
        .map { "W6 \(race.variant), \($0.0): inits \($0.1.inits), distinct \($0.1.distinct)" }
    }
  }

  /// The W11 misses that grow with the mappings: at the most mappings measured, more than
  /// ``W11ResolutionMiss/allowedGrowth`` times the miss at the fewest (see
  /// ``W11ResolutionMiss/growth(from:to:)``).
  var missGrowthViolations: [String] {
    W11ResolutionMiss.Variant.allCases.compactMap { variant in
      guard let (fewest, most) = missExtremes(variant) else { return nil }
      let growth = W11ResolutionMiss.growth(from: fewest.injection, to: most.injection)
      guard growth > W11ResolutionMiss.allowedGrowth, let fewer = fewest.mappings,
        let more = most.mappings
      else { return nil }
      return """
        W11 \(variant.rawValue): a miss costs \(MarkdownTable.format(most.injection)) ns with \
        \(MarkdownTable.grouped(more)) mappings, \(MarkdownTable.format(growth))x the \
        \(MarkdownTable.format(fewest.injection)) ns with \(MarkdownTable.grouped(fewer)) (at most \
        \(MarkdownTable.format(W11ResolutionMiss.allowedGrowth))x, each taken as at least \
        \(MarkdownTable.format(W11ResolutionMiss.floorNanoseconds)) ns)
        """
    }
  }

  /// W11's figures of `variant` with the fewest and the most mappings; `nil` unless there are
  /// two sizes.
  func missExtremes(_ variant: W11ResolutionMiss.Variant) -> (
    fewest: WorkloadFigure, most: WorkloadFigure
  )? {
    let figures = workloads.filter {
      $0.id == W11ResolutionMiss.id && $0.variant == variant.rawValue && $0.mappings != nil
    }
    .sorted { ($0.mappings ?? 0) < ($1.mappings ?? 0) }
    guard let fewest = figures.first, let most = figures.last, fewest.mappings != most.mappings
    else { return nil }
    return (fewest, most)
  }
}

extension BenchmarkReport {
  /// The selected workloads that produced no figure, or a figure that is not a finite number.
  func missingFigures(_ options: Options, plan: Plan) -> [String] {
    var missing: [String] = []
    let misses = plan.missMappingCounts.count * W11ResolutionMiss.Variant.allCases.count
    let expected: [(id: String, count: Int)] = [
      ("W1", 1), ("W2", 2), ("W3", 1), ("W5", 1), ("W8", 2), ("W9", 2),
      (W11ResolutionMiss.id, misses), (W13ValidateAndExport.id, 1),
      (W10AppLaunch.id, plan.coldLaunchSamples > 0 ? 2 : 1), (W12RequestScope.id, 3),
    ]
    for (id, count) in expected where options.includes(id) {
      let figures = workloads.filter { $0.id == id }
      if figures.count != count { missing.append("\(id): no figure") }
      for figure in figures where !(figure.baseline.isFinite && figure.injection.isFinite) {
        missing.append("\(id): not a number")
      }
    }
    if options.includes(W11ResolutionMiss.id) {
      for mappings in plan.missMappingCounts {
        for variant in W11ResolutionMiss.Variant.allCases
        where !workloads.contains(where: {
          $0.id == W11ResolutionMiss.id && $0.variant == variant.rawValue
            && $0.mappings == mappings
        }) {
          missing.append(
            "W11 M = \(MarkdownTable.grouped(mappings)) \(variant.rawValue): no figure")
        }
      }
    }
    if options.includes("W4") {
      if typeCounts.count != plan.typeCounts.count {
        missing.append("W4: \(typeCounts.count) of \(plan.typeCounts.count) sizes measured")
      }
      for figure in typeCounts
      where ![
        figure.map, figure.resolve, figure.baselineResolve, figure.coldMap, figure.coldResolve,
      ]
      .allSatisfy(\.isFinite) {
        missing.append("W4 N = \(figure.typeCount): not a number")
      }
    }
    if options.includes("W6") {
      if races.count != 2 { missing.append("W6: \(races.count) of 2 variants measured") }
      for race in races
      where race.baseline.inits.count != plan.raceTrials
        || race.injection.inits.count != plan.raceTrials
      {
        missing.append("W6 \(race.variant): fewer trials than \(plan.raceTrials)")
      }
      for race in races
      where !(race.baseline.wallMilliseconds + race.injection.wallMilliseconds).allSatisfy(
        \.isFinite)
      {
        missing.append("W6 \(race.variant): not a number")
      }
    }
    if options.runsCompileCost(plan) {
      let expected = plan.compileTypeCounts.count * W7CompileCost.Configuration.allCases.count
      if compileCosts.count != expected {
        missing.append("W7: \(compileCosts.count) of \(expected) sizes × configurations measured")
      }
      for figure in compileCosts
      where ![
        figure.injectionMilliseconds, figure.handWrittenMilliseconds,
        figure.injectionCPUMilliseconds, figure.handWrittenCPUMilliseconds,
      ].allSatisfy(\.isFinite) {
        missing.append("W7 N = \(figure.typeCount) \(figure.configuration): not a number")
      }
    }
    return missing
  }
}
