import InjectionCore
import InjectionReflection

/// W13: validate an injector of 10,000 mappings and export its graph as DOT and as Mermaid,
/// from one exploration (issue 21, point 3; target ≤ 300 ms in release).
///
/// The injector maps `Stop` under 10,000 names (`"stop-0"` …); the factory of `stop-i` resolves
/// `stop-((i − 1) / 2)`, so the graph is a binary tree of 10,000 nodes and 9,999 edges. Every
/// tenth mapping is transient, the others singletons. The timed operation is
/// `let report = injector.validationReport()`, then `report.graph.dot()` and
/// `report.graph.mermaid`. There is no hand-wired validation: the baseline is the floor that
/// validation cannot go below, resolving each of the 10,000 keys once in a fresh copy of the
/// injector (`makeCopy`), without observing anything or exporting.
enum W13ValidateAndExport {
  static let id = "W13"
  /// The target of issue 21, in ms per validation and both exports.
  static let targetMilliseconds = 300.0

  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> [WorkloadFigure] {
    let mappings = plan.validationMappings
    let injector = Injector(label: "W13")
    for index in 0..<mappings {
      let scope: Scope = index % 10 == 9 ? .transient : .singleton
      let previous = index == 0 ? nil : "stop-\((index - 1) / 2)"  // named once, not per build
      injector.map(Stop.self, named: "stop-\(index)", scope: MappingScope(scope)) { injector in
        Stop(previous: try previous.map { try injector.resolve(Stop.self, named: $0) })
      }
    }
    let keys = (0..<mappings).map { InjectionKey(Stop.self, named: "stop-\($0)") }
    try check(injector, mappings: mappings)

    let baseline = try plan.validationRepetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: 1) {
        let copy = try injector.makeCopy(label: "W13 baseline")
        for key in keys {
          blackhole.consume(try copy.resolve(key) as AnyObject)
        }
      }
    }
    let validation = try plan.validationRepetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: 1) {
        let report = injector.validationReport()
        guard report.isValid else { throw BenchmarkFailure("W13: \(report)") }
        blackhole.absorb(report.graph.dot().utf8.count + report.graph.mermaid.utf8.count)
      }
    }
    return [
      WorkloadFigure(
        id: id,
        title: "validate \(MarkdownTable.grouped(mappings)) mappings, then export DOT and Mermaid "
          + "(baseline: resolve each key once in a copy)",
        baseline: baseline, injection: validation, variant: "validate-and-export",
        mappings: mappings)
    ]
  }

  /// Checks, before anything is timed, that validation passes and both exports hold every node.
  private static func check(_ injector: Injector, mappings: Int) throws {
    let report = injector.validationReport()
    guard report.isValid, report.graph.nodes.count == mappings,
      report.graph.edges.count == mappings - 1
    else {
      throw BenchmarkFailure(
        "W13: \(report.graph.nodes.count) nodes, \(report.graph.edges.count) edges, \(report)")
    }
  }
}
