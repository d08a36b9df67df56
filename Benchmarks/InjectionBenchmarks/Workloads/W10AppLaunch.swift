import Foundation
import InjectionCore

/// W10: an app's launch.
///
/// 40 services in 4 modules, four levels deep (singletons and transients,
/// `@Injected` and factory styles, see W10Services.swift): create the injector, add the modules,
/// resolve the root; against the same graph wired by hand (``W10HandWiredApp``).
///
/// Warm: many launches in this process, each with a fresh injector (or hand-wired container),
/// after the types' metadata exists. Cold: each sample is a fresh process (this executable,
/// started with ``coldSampleArgument``) that times its one launch: the first time the process
/// sees the types, which is what an app pays when it starts.
enum W10AppLaunch {
  static let id = "W10"
  /// Runs one cold launch and prints its nanoseconds: `--w10-cold-sample hand|injection`.
  static let coldSampleArgument = "--w10-cold-sample"
  /// Runs one launch, then `N` more in ``metadataProbe(launches:)``.
  ///
  /// `--w10-metadata-probe N`. `Scripts/check-launch-metadata.sh` runs it under callgrind,
  /// collecting only inside that function, and fails if a warm launch asked the runtime for
  /// generic metadata.
  static let metadataProbeArgument = "--w10-metadata-probe"

  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> [WorkloadFigure] {
    let launches = plan.launches
    let baseline = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: launches) {
        for _ in 0..<launches {
          blackhole.consume(launchByHand())
        }
      }
    }
    let injection = try plan.repetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: launches) {
        for _ in 0..<launches {
          blackhole.consume(try launchThroughInjector())
        }
      }
    }
    var figures = [
      WorkloadFigure(
        id: id, title: "an app's launch, warm: make the injector, add 4 modules, resolve the root",
        baseline: baseline, injection: injection, variant: "warm")
    ]
    if plan.coldLaunchSamples > 0 {
      let coldBaseline = try coldSamples("hand", count: plan.coldLaunchSamples).median
      let coldInjection = try coldSamples("injection", count: plan.coldLaunchSamples).median
      figures.append(
        WorkloadFigure(
          id: id,
          title:
            "the same, cold: a fresh process per sample (median of \(plan.coldLaunchSamples))",
          baseline: coldBaseline, injection: coldInjection, variant: "cold"))
    }
    return figures
  }

  /// One launch through swift-injection.
  @inline(never)
  static func launchThroughInjector() throws -> W10Root {
    let injector = Injector(label: "W10")
    try injector.addModule(W10CoreModule())
    try injector.addModule(W10DataModule())
    try injector.addModule(W10ServiceModule())
    try injector.addModule(W10FeatureModule())
    return try injector.resolve(W10Root.self)
  }

  /// One launch by hand.
  @inline(never)
  static func launchByHand() -> HW10Root {
    W10HandWiredApp().root()
  }

  /// The side of `--w10-metadata-probe N`: one launch that makes the metadata a first launch
  /// needs (as any app's first launch does), then `launches` warm ones.
  static func runMetadataProbe(_ count: String) -> Int32 {
    guard let launches = Int(count), launches > 0 else {
      Console.progress("error: \(metadataProbeArgument) needs a positive number of launches")
      return 2
    }
    do {
      var blackhole = Blackhole()
      blackhole.consume(try launchThroughInjector())
      blackhole.absorb(try metadataProbe(launches: launches))
      print("\(launches) warm launches \(blackhole.sum)")
      return 0
    } catch {
      Console.progress("error: \(error)")
      return 1
    }
  }

  /// The warm launches that `Scripts/check-launch-metadata.sh` watches (by this name):
  /// nothing else runs inside it.
  @inline(never)
  static func metadataProbe(launches: Int) throws -> Blackhole {
    var blackhole = Blackhole()
    for _ in 0..<launches {
      blackhole.consume(try launchThroughInjector())
    }
    return blackhole
  }

  /// The child process's side: times one launch and prints its nanoseconds.
  static func runColdSample(_ side: String) -> Int32 {
    var blackhole = Blackhole()
    let nanoseconds: Double
    do {
      switch side {
      case "hand":
        nanoseconds = Stopwatch.nanosecondsPerOperation(operations: 1) {
          blackhole.consume(launchByHand())
        }
      case "injection":
        nanoseconds = try Stopwatch.nanosecondsPerOperation(operations: 1) {
          blackhole.consume(try launchThroughInjector())
        }
      default:
        Console.progress("error: \(coldSampleArgument) needs hand or injection")
        return 2
      }
    } catch {
      Console.progress("error: \(error)")
      return 1
    }
    print("\(nanoseconds) \(blackhole.sum)")
    return 0
  }

  /// Starts this executable `count` times for one cold launch each; their nanoseconds.
  private static func coldSamples(_ side: String, count: Int) throws -> [Double] {
    try (0..<count).map { _ in
      let process = Process()
      process.executableURL =
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = [coldSampleArgument, side]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0,
        let text = String(data: data, encoding: .utf8),
        let first = text.split(separator: " ").first, let nanoseconds = Double(first)
      else {
        throw BenchmarkFailure("a W10 cold sample (\(side)) failed")
      }
      return nanoseconds
    }
  }
}
