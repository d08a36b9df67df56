/// The report for people: Markdown tables (run time, W11's misses against hits, then W7's
/// compile cost), then notes.
enum MarkdownTable {
  static func render(_ report: BenchmarkReport, plan: Plan, cores: Int) -> String {
    var lines: [String] = []
    // In workload order: W1 to W3, then W4's rows, then W5 and on; W11 has a table of its own.
    let timed = report.workloads.filter { $0.id != W11ResolutionMiss.id }
    let (beforeW4, afterW4) = (
      timed.filter { number(of: $0.id) < 4 }, timed.filter { number(of: $0.id) > 4 }
    )
    lines += beforeW4.map(workloadRow)
    for figure in report.typeCounts {
      lines += typeCountRows(figure)
    }
    lines += afterW4.map(workloadRow)
    for race in report.races {
      lines.append(
        row(
          "W6 \(grouped(race.racers)) \(race.variant == "tasks" ? "tasks" : "OS threads"): inits · "
            + "distinct · wall ms (median of \(race.injection.wallMilliseconds.count) trials)",
          summary(race.baseline), summary(race.injection),
          ratio(race.injection.wallMilliseconds.median / race.baseline.wallMilliseconds.median)))
    }
    var tables: [[String]] = []
    if !lines.isEmpty {  // empty when only W7 or W11 ran
      tables.append(
        [
          "| workload | hand-wired ns/op | swift-injection ns/op | ratio |",
          "|---|---:|---:|---:|",
        ] + lines)
    }
    let misses = report.workloads.filter { $0.id == W11ResolutionMiss.id }
    if !misses.isEmpty {
      tables.append(
        [
          "| W11 resolution miss with M mappings (baseline: the hit in the same injector; no "
            + "hand-wired miss) | hit ns/op | miss ns/op | miss ÷ hit |",
          "|---|---:|---:|---:|",
        ] + misses.map(workloadRow))
    }
    if !report.compileCosts.isEmpty {
      tables.append(compileCostTable(report.compileCosts))
    }
    let notes = notes(report, plan: plan, cores: cores).map { "- \($0)" }
    return (tables + [notes]).map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
  }

  /// W7: one row per configuration and N, in compile ms (one clean compile each).
  private static func compileCostTable(_ figures: [CompileCostFigure]) -> [String] {
    [
      "| W7 compile (one clean build) | hand-written ms | swift-injection ms | extra ms per type "
        + "| extra CPU ms per type | peak memory MiB (hand-written · swift-injection) |",
      "|---|---:|---:|---:|---:|---:|",
    ]
      + figures.map { figure in
        let memory = [figure.handWrittenPeakMemoryMB, figure.injectionPeakMemoryMB]
          .map { $0.map(format) ?? "n/a" }
        return row(
          "W7 N = \(grouped(figure.typeCount)), \(figure.configuration)",
          format(figure.handWrittenMilliseconds), format(figure.injectionMilliseconds),
          format(figure.extraMillisecondsPerType), format(figure.extraCPUMillisecondsPerType),
          memory.joined(separator: " · "))
      }
  }

  /// The number of a workload id such as `W11`, for ordering (`"W11" < "W4"` as strings).
  private static func number(of id: String) -> Int {
    Int(id.dropFirst()) ?? 0
  }

  private static func workloadRow(_ figure: WorkloadFigure) -> String {
    row(
      "\(figure.id) \(figure.title)", format(figure.baseline), format(figure.injection),
      ratio(figure.ratio))
  }

  private static func typeCountRows(_ figure: TypeCountFigure) -> [String] {
    let prefix = "W4 N = \(grouped(figure.typeCount))"
    return [
      row(
        "\(prefix): resolve, per type", format(figure.baselineResolve), format(figure.resolve),
        ratio(figure.resolveRatio)),
      row("\(prefix): map, per type", "—", format(figure.map), "—"),
      row("\(prefix): cold first pass, map per type", "—", format(figure.coldMap), "—"),
      row(
        "\(prefix): cold first pass, resolve per type", "—", format(figure.coldResolve),
        ratio(figure.coldResolve / figure.baselineResolve)),
      row(
        "\(prefix): bytes per mapping, heap / resident set", "—",
        "\(bytes(figure.heapBytesPerMapping)) / \(bytes(figure.residentBytesPerMapping))", "—"),
    ]
  }

  /// A byte count per mapping, or a dash where it was not measured.
  private static func bytes(_ value: Double?) -> String {
    guard let value else { return "—" }
    return String(Int(value.rounded()))
  }

  private static func notes(_ report: BenchmarkReport, plan: Plan, cores: Int) -> [String] {
    var notes: [String] = []
    let isCompileCostOnly =
      !report.compileCosts.isEmpty && report.workloads.isEmpty && report.typeCounts.isEmpty
      && report.races.isEmpty
    if !isCompileCostOnly {
      notes.append(
        """
        \(plan.isQuick ? "Quick smoke run (few iterations; do not read the times)" : "Full run"): \
        median of \(plan.repetitions.timed) timed repetition(s) after one warm-up, \
        `ContinuousClock`, \(cores) cores. Read ratios, not absolute times.
        """)
    }
    let ids = Set(report.workloads.map(\.id))
    if ids.contains("W2") {
      notes.append(
        """
        W2: `Car` is a transient whose factory resolves its `Engine` (singleton) and four \
        `Wheel`s; `Wheel` is mapped as a transient (`injector.map(Wheel.self) { _ in Wheel() }`). \
        The supplementary row leaves `Wheel` unmapped, so it is auto-created as an `Injectable`.
        """)
    }
    if !report.typeCounts.isEmpty {
      let passes = report.typeCounts.map {
        "\($0.passesPerRepetition) at N = \(grouped($0.typeCount))"
      }
      notes.append(
        """
        W4: each N has its own generated types; passes per timed repetition: \
        \(passes.joined(separator: ", ")), each with a fresh injector. The cold first pass is the \
        first time the process sees the types (an app's launch cost); its ratio is to the warm \
        hand-wired resolve.
        """)
    }
    if ids.contains("W5") {
      let overlap = report.workloads.first { $0.id == "W5" }?.overlap.map {
        " The threads start on a gate; their timed sections overlapped by at least "
          + "\(percent($0.baseline)) (hand-wired) and \(percent($0.injection)) (swift-injection) "
          + "of the longer one in every timed repetition."
      }
      notes.append(
        "W5: wall time from the threads' release to the last one's end, over both threads' "
          + "resolves.\(overlap ?? "")")
    }
    if ids.contains("W9") {
      notes.append(
        """
        W9: hand-wired is `AsyncLazy` (a mutex-guarded `Task` started once; a read awaits its \
        value); both singletons' factories yield once before returning a new engine. Each timed \
        repetition runs in one async context and is timed inside it. The race row is ns per \
        race of \(grouped(plan.racers)) child tasks in a task group (\(plan.racesPerRepetition) \
        per timed repetition, each on a fresh injector or lazy value), and fails the run unless \
        each race built once and every task got the same instance.
        """)
    }
    if ids.contains(W10AppLaunch.id) {
      notes.append(
        """
        W10: 40 services in 4 modules, four levels deep; even-numbered services are singletons, \
        odd ones transients; levels 1 and 3 use `@Injected`, levels 2 and 4 factories. A launch \
        is a new injector, four `addModule` calls and `resolve(W10Root.self)`; hand-wired, a new \
        container of optional singleton slots and its `root()`. Warm: \
        \(grouped(plan.launches)) launches per repetition in this process; cold: the median of \
        \(plan.coldLaunchSamples) fresh processes, each timing its only launch (targets: ≤ 2x and \
        ≤ 50 µs).
        """)
    }
    if ids.contains(W12RequestScope.id) {
      notes.append(requestNote(report, plan: plan))
    }
    if ids.contains(W11ResolutionMiss.id) {
      notes.append(missNote(report, plan: plan))
    }
    if let figure = report.workloads.first(where: { $0.id == W13ValidateAndExport.id }) {
      let milliseconds = figure.injection / 1e6
      let target = W13ValidateAndExport.targetMilliseconds
      notes.append(
        """
        W13: `Stop` mapped under \(grouped(figure.mappings ?? 0)) names, a binary tree (the \
        factory of `stop-i` resolves `stop-((i − 1) / 2)`; every tenth transient, the others \
        singletons); one operation is `validationReport()`, then `graph.dot()` and \
        `graph.mermaid` of that report: \(format(milliseconds)) ms, \
        \(milliseconds <= target ? "within" : "over") the target of \(format(target)) ms. The \
        baseline resolves each key once in a fresh `makeCopy`, \(format(figure.baseline / 1e6)) ms.
        """)
    }
    if !report.races.isEmpty {
      notes.append(
        """
        W6: hand-wired is a lock-guarded lazy slot; each trial uses a fresh injector and slot; \
        the ratio is of the median wall times.
        """)
    }
    if !report.compileCosts.isEmpty {
      notes.append(
        """
        W7: N types (a final class each), per type one function that maps and resolves it \
        (`injector.map(T.self) { _ in T() }`, `try injector.resolve(T.self)`) against one that \
        calls `T()`; each module compiled once, clean, with `swiftc -wmo -Onone -g` (debug) or \
        `-O -g` (release) against InjectionCore built alone in the same configuration. Times \
        are wall ms; the CPU column uses the compiler's user + system time, which moves less \
        when other work shares the cores; peak resident memory from GNU time. Extra ms per \
        type = (swift-injection − hand-written) / N. One sample each, \(cores) cores: expect \
        some noise.
        """)
    }
    for skipped in report.skipped {
      notes.append("Skipped: \(skipped).")
    }
    if let cost = report.blackholeCost {
      notes.append(
        "The blackhole (an `ObjectIdentifier` hash per result) costs \(format(cost)) ns per "
          + "operation on its own, inside both runs.")
    }
    notes.append("Blackhole sum: \(report.blackhole.sum).")
    return notes
  }

  /// W11: what the injector holds, what the hit is, and how much the miss grew with the mappings.
  private static func missNote(_ report: BenchmarkReport, plan: Plan) -> String {
    let growths = W11ResolutionMiss.Variant.allCases.compactMap { variant -> String? in
      guard let (fewest, most) = report.missExtremes(variant), let fewer = fewest.mappings,
        let more = most.mappings
      else { return nil }
      let growth = W11ResolutionMiss.growth(from: fewest.injection, to: most.injection)
      return "\(variant.rawValue) \(ratio(growth)) (M = \(grouped(fewer)) → \(grouped(more)))"
    }
    let budget = plan.missBudget
    return """
      W11: each M has a fresh injector with M named singleton mappings of `Ticket` \
      (`"ticket-0"` …); the hit is `try injector.resolve(Ticket.self, named: "ticket-0")`, \
      built before anything is timed. Each repetition runs as many operations as take about \
      \(format(budget.nanoseconds / 1e6)) ms (at most \(grouped(budget.maximum))); median of \
      \(plan.missRepetitions.timed) timed repetitions. Growth of the miss, each figure taken as \
      at least \(format(W11ResolutionMiss.floorNanoseconds)) ns: \
      \(growths.isEmpty ? "not measured" : growths.joined(separator: ", ")); the run fails \
      above \(ratio(W11ResolutionMiss.allowedGrowth)).
      """
  }

  private static func row(_ cells: String...) -> String {
    "| " + cells.joined(separator: " | ") + " |"
  }

  private static func summary(_ trials: RaceTrials) -> String {
    let inits = trials.inits.map(String.init).joined(separator: ",")
    let distinct = trials.distinct.map(String.init).joined(separator: ",")
    return "\(inits) · \(distinct) · \(format(trials.wallMilliseconds.median)) ms"
  }

  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let digits = value.magnitude < 10 ? 2 : value.magnitude < 1_000 ? 1 : 0
    return fixed(value, digits: digits)
  }

  /// W12's method and its memory check.
  private static func requestNote(_ report: BenchmarkReport, plan: Plan) -> String {
    var note = """
      W12: per request, `parent.makeChild()`, two `map(_:to:)` of request values, \
      `resolve(RequestHandler.self)` (a transient of the parent whose factory resolves three \
      parent singletons, two transients and the two request values), then the child is dropped; \
      hand-wired, the same objects by initializers and stored singletons. \
      \(grouped(plan.requests)) requests per repetition (per thread on two threads); target ≤ 3x. \
      The disposed variant also maps two `InjectionDisposable` singletons in the child (a \
      connection, a transaction built with it), resolves both, and ends the request with \
      `child.shutdownSynchronously()`, which disposes them latest first; hand-wired, the same \
      two objects disposed by hand in that order.
      """
    if let memory = report.requestMemory {
      let heap = memory.heapBytesPerRequest.map { format($0) + " bytes per request" } ?? "n/a"
      let resident = memory.residentGrowth.map { grouped($0 / 1024) + " KiB" } ?? "n/a"
      note +=
        " Memory over \(grouped(memory.requests)) more requests: heap in use grew \(heap), the "
        + "resident set \(resident) in all."
    }
    return note
  }

  /// A fraction as a whole percentage.
  static func percent(_ value: Double) -> String {
    value.isFinite ? "\(Int((value * 100).rounded()))%" : "n/a"
  }

  private static func ratio(_ value: Double) -> String {
    value.isFinite ? fixed(value, digits: 2) + "x" : "n/a"
  }

  /// `value` with `digits` decimals and thousands separators, without Foundation; a negative
  /// value (a heap that shrank during W12's memory check) keeps its sign.
  static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value.magnitude * Double(scale)).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let whole = sign + grouped(scaled / scale)
    guard digits > 0 else { return whole }
    let fraction = String(scaled % scale)
    return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  /// `value` with thousands separators, without Foundation.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index).isMultiple(of: 3) { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
