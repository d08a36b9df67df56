/// The command line: `InjectionBenchmarks [--quick] [--json PATH] [--filter W1,W3]`, or
/// `InjectionBenchmarks --self-test`.
struct Options {
  static let usage = """
    USAGE: InjectionBenchmarks [--quick] [--json PATH] [--filter IDS] | --self-test

    Runs the workloads of BENCHMARKS.md hand-wired and through swift-injection, and prints a
    Markdown table (ns/op, median of 5 timed repetitions after one warm-up, and the ratio).
    W7 compiles N types through swift-injection and by hand (one clean build each, debug and
    release) and prints the extra compile time per type; it takes a few minutes. W9's race
    row is in ns per race of 1,000 tasks, not per task. W11 compares a resolution miss with a
    hit in the same injector (there is no hand-wired miss), at 10, 1,000 and 10,000 mappings.
    P1 loads a services plist (1 MiB and 10 KB) against Foundation's PropertyListSerialization
    parsing the same bytes, ns per load.
    W10 launches an app of 40 services in 4 modules, warm and cold (a fresh process per
    sample). W12 serves requests through a child injector each, on one thread and two, and
    checks that memory stays flat.
    W13 validates 10,000 mappings and exports the graph as DOT and Mermaid (target: 300 ms).

    OPTIONS:
      --quick         A smoke run with far fewer iterations. Exits non-zero (as a full run
                      does) if W6 (or a W9 race) built or saw more than one instance, if a
                      workload produced no figure, or if a W11 miss at 10,000 mappings cost
                      over 3x the miss at 10. It asserts no other timing. It skips W7 unless
                      --filter names it.
      --json PATH     Also writes the figures as JSON to PATH.
      --filter IDS    Runs only the listed workloads, comma-separated:
                      W1,W2,W3,W4,W5,W6,W7,W8,W9,W10,W11,W12,W13,P1.
      --self-test     Checks the table's number formatting (negative figures included)
                      and exits: non-zero if a case gives the wrong text. Runs nothing else.
      -h, --help      Shows this help.
    """

  static let workloadIDs = [
    "W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8", "W9", "W10", "W11", "W12", "W13", "P1",
  ]

  var isQuick = false
  var jsonPath: String?
  /// The workloads to run; `nil` runs all of them.
  var filter: Set<String>?
  var showsHelp = false
  var runsSelfTest = false

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": isQuick = true
      case "-h", "--help": showsHelp = true
      case "--self-test": runsSelfTest = true
      case "--json":
        guard let path = remaining.popFirst() else { throw BenchmarkFailure("--json needs a path") }
        jsonPath = path
      case "--filter":
        guard let list = remaining.popFirst() else {
          throw BenchmarkFailure("--filter needs a list such as W1,W3")
        }
        filter = try Self.parseFilter(list)
      default:
        throw BenchmarkFailure("unknown argument '\(argument)'")
      }
    }
  }

  func includes(_ id: String) -> Bool {
    filter?.contains(id) ?? true
  }

  /// Whether this run compiles W7: selected, and named by `--filter` if `plan` asks for that.
  func runsCompileCost(_ plan: Plan) -> Bool {
    includes("W7") && !skipsCompileCost(plan)
  }

  /// Whether W7 is selected but left out, because `plan` (`--quick`) runs it only when
  /// `--filter` names it.
  func skipsCompileCost(_ plan: Plan) -> Bool {
    includes("W7") && plan.compilesOnlyWhenNamed && filter?.contains("W7") != true
  }

  private static func parseFilter(_ list: String) throws -> Set<String> {
    let ids = list.split(separator: ",").map { $0.trimmingWhitespace().uppercased() }
    for id in ids where !workloadIDs.contains(id) {
      throw BenchmarkFailure(
        "unknown workload '\(id)' in --filter; known: \(workloadIDs.joined(separator: ","))")
    }
    guard !ids.isEmpty else { throw BenchmarkFailure("--filter needs at least one workload") }
    return Set(ids)
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
