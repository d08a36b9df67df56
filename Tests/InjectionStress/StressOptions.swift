import Foundation

/// The command line of the stress executable: how long each scenario runs and which ones run.
struct StressOptions {
  /// About how many seconds each scenario runs.
  var seconds = 3.0
  /// The names of the scenarios to run; empty runs all of them.
  var filter: Set<String> = []

  /// Whether the scenario named `name` runs.
  func includes(_ name: String) -> Bool {
    filter.isEmpty || filter.contains(name)
  }

  /// Parses `--seconds S` and `--filter name,name`; prints the usage and exits 2 on anything else.
  static func parse(_ arguments: [String]) -> StressOptions {
    var options = StressOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--seconds":
        guard let value = remaining.popFirst().flatMap(Double.init), value > 0 else {
          usage("--seconds needs a positive number")
        }
        options.seconds = value
      case "--filter":
        guard let value = remaining.popFirst() else { usage("--filter needs scenario names") }
        options.filter = Set(value.split(separator: ",").map(String.init))
        let unknown = options.filter.subtracting(Scenario.all.map(\.name))
        guard unknown.isEmpty else {
          usage("unknown scenario \(unknown.sorted().joined(separator: ", "))")
        }
      case "--help", "-h":
        usage(nil)
      default:
        usage("unknown argument \(argument)")
      }
    }
    return options
  }

  private static func usage(_ problem: String?) -> Never {
    let names = Scenario.all.map { "  \($0.name)" }.joined(separator: "\n")
    let text = """
      \(problem.map { "error: \($0)\n" } ?? "")\
      usage: InjectionStress [--seconds S] [--filter name,name]
      scenarios:
      \(names)

      """
    FileHandle.standardError.write(Data(text.utf8))
    exit(problem == nil ? 0 : 2)
  }
}
