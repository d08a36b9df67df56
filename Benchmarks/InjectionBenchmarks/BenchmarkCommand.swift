import Foundation

/// `swift run -c release InjectionBenchmarks`: see ``Options/usage``.
@main
enum BenchmarkCommand {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.count == 2, arguments[0] == W10AppLaunch.coldSampleArgument {
      exit(W10AppLaunch.runColdSample(arguments[1]))  // a child process of W10
    }
    if arguments.count == 2, arguments[0] == W10AppLaunch.metadataProbeArgument {
      exit(W10AppLaunch.runMetadataProbe(arguments[1]))  // under Scripts/check-launch-metadata.sh
    }
    let options: Options
    do {
      options = try Options(arguments: arguments)
    } catch {
      Console.progress("error: \(error)\n\n\(Options.usage)")
      exit(2)
    }
    if options.showsHelp {
      print(Options.usage)
      return
    }
    if options.runsSelfTest {
      let failures = FormattingSelfTest.failures()
      for failure in failures { Console.progress("FAILED: \(failure)") }
      print(
        failures.isEmpty ? "formatting self-test: all cases pass" : "formatting self-test: failed")
      exit(failures.isEmpty ? 0 : 1)
    }

    let plan = options.isQuick ? Plan.quick : Plan.full
    let start = Stopwatch.now
    let report = BenchmarkRunner.run(plan, options: options)
    print(
      MarkdownTable.render(
        report, plan: plan, cores: ProcessInfo.processInfo.activeProcessorCount))

    var problems =
      report.failures + report.missingFigures(options, plan: plan) + report.raceViolations
      + report.missGrowthViolations
    if let path = options.jsonPath {
      do {
        try JSONReport(report).write(to: path)
      } catch {
        problems.append("could not write \(path): \(error)")
      }
    }
    Console.progress("wall time: \(MarkdownTable.format((Stopwatch.now - start).milliseconds)) ms")
    guard problems.isEmpty else {
      for problem in problems {
        Console.progress("FAILED: \(problem)")
      }
      exit(1)
    }
  }
}
