import Foundation

/// W7: compile N concrete mappings and resolutions (N = 100, 1,000) against the same code
/// written by hand, in debug and release; one clean compile each.
///
/// In a fresh temporary directory, W7 builds the InjectionCore module alone once per
/// configuration (`swift build --package-path Packages/InjectionCore`), then compiles two
/// single-file modules per N with `swiftc` (``W7Source``): N types used through swift-injection,
/// and the same N types written by hand. Both are compiled the way SwiftPM compiles an app's
/// module (whole-module, `-Onone -g` or `-O -g`), each under GNU time for the compiler's peak
/// memory. The figure is the extra compile time per resolved type:
/// (swift-injection ms − hand-written ms) / N, in wall time and in the compiler's CPU time.
///
/// Before the timed compiles of a configuration, one untimed compile of a tiny module that
/// imports InjectionCore fills the shared module cache and the file cache, so that neither
/// side pays that start-up cost alone.
enum W7CompileCost {
  /// A build configuration, as SwiftPM names it.
  enum Configuration: String, CaseIterable {
    case debug
    case release

    /// SwiftPM's flags for an app's module in this configuration (on Linux, both emit debug
    /// info).
    var compilerFlags: [String] {
      switch self {
      case .debug: ["-Onone", "-g"]
      case .release: ["-O", "-g"]
      }
    }
  }

  /// The path of InjectionCore's own manifest, from the repository root.
  private static let coreManifest = "Packages/InjectionCore/Package.swift"

  /// Measures every configuration and N of `plan`, adding a figure, or a failure, for each.
  ///
  /// - Throws: When the repository is not where this source file was compiled, or the
  ///   temporary directory cannot be made.
  static func run(_ plan: Plan, into report: inout BenchmarkReport) throws {
    let root = try repositoryRoot()
    let workspace = FileManager.default.temporaryDirectory
      .appendingPathComponent("InjectionBenchmarks-W7-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { removeWorkspace(workspace) }

    var commands = ChildProcess(scratch: workspace)
    if !commands.canMeasurePeakMemory {
      Console.progress("W7: GNU time (/usr/bin/time -f %M) is missing; peak memory not measured")
    }
    for configuration in Configuration.allCases {
      do {
        let modules = try buildCore(configuration, root: root, in: workspace, &commands)
        try warmUp(configuration, modules: modules, in: workspace, &commands)
        for typeCount in plan.compileTypeCounts {
          let name = "W7 N = \(typeCount) \(configuration.rawValue)"
          do {
            report.compileCosts.append(
              try measure(
                typeCount: typeCount, configuration, modules: modules, in: workspace, &commands))
          } catch {
            report.failures.append("\(name): \(error)")
          }
        }
      } catch {
        report.failures.append("W7 \(configuration.rawValue): \(error)")
      }
    }
  }

  /// Compiles both modules for `typeCount` types: hand-written first, then through
  /// swift-injection.
  private static func measure(
    typeCount: Int, _ configuration: Configuration, modules: URL, in workspace: URL,
    _ commands: inout ChildProcess
  ) throws -> CompileCostFigure {
    let prefix = "W7 N = \(typeCount) \(configuration.rawValue)"
    Console.progress("\(prefix): compiling hand-written…")
    let handWritten = try compile(
      W7Source.handWritten(typeCount: typeCount),
      named: "HandWritten\(typeCount)-\(configuration.rawValue)", configuration,
      modules: modules, in: workspace, &commands)
    Console.progress("\(prefix): compiling swift-injection…")
    let injection = try compile(
      W7Source.injection(typeCount: typeCount),
      named: "Injection\(typeCount)-\(configuration.rawValue)", configuration,
      modules: modules, in: workspace, &commands)
    return CompileCostFigure(
      typeCount: typeCount, configuration: configuration.rawValue,
      injectionMilliseconds: injection.wall.milliseconds,
      handWrittenMilliseconds: handWritten.wall.milliseconds,
      injectionCPUMilliseconds: injection.cpu.milliseconds,
      handWrittenCPUMilliseconds: handWritten.cpu.milliseconds,
      injectionPeakMemoryMB: megabytes(injection.peakMemoryKilobytes),
      handWrittenPeakMemoryMB: megabytes(handWritten.peakMemoryKilobytes))
  }

  /// One clean compile of `source` as the module `W7App`, to an object file.
  private static func compile(
    _ source: String, named name: String, _ configuration: Configuration, modules: URL,
    in workspace: URL, _ commands: inout ChildProcess
  ) throws -> ChildProcess.Outcome {
    let file = workspace.appendingPathComponent("\(name).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let outcome = try commands.run(
      [
        "swiftc", "-swift-version", "6", "-parse-as-library", "-module-name", "W7App", "-wmo",
        "-c", file.path, "-o", workspace.appendingPathComponent("\(name).o").path,
        "-I", modules.path,
        "-module-cache-path", workspace.appendingPathComponent("module-cache").path,
      ] + configuration.compilerFlags,
      measuresPeakMemory: true)
    guard outcome.succeeded else {
      throw BenchmarkFailure(
        "swiftc failed to compile \(name).swift (status \(outcome.status)):\n"
          + outcome.diagnostics())
    }
    return outcome
  }

  /// Builds InjectionCore alone in `configuration` and returns the directory that holds
  /// `InjectionCore.swiftmodule`.
  private static func buildCore(
    _ configuration: Configuration, root: URL, in workspace: URL, _ commands: inout ChildProcess
  ) throws -> URL {
    Console.progress("W7 \(configuration.rawValue): building InjectionCore…")
    let build = [
      "swift", "build",
      "--package-path", root.appendingPathComponent("Packages/InjectionCore").path,
      "-c", configuration.rawValue,
      "--scratch-path", workspace.appendingPathComponent("core-\(configuration.rawValue)").path,
    ]
    let built = try commands.run(build)
    guard built.succeeded else {
      throw BenchmarkFailure(
        "could not build InjectionCore (status \(built.status)):\n" + built.diagnostics())
    }
    let binPath = try commands.run(build + ["--show-bin-path"])
    let bin = binPath.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    guard binPath.succeeded, !bin.isEmpty else {
      throw BenchmarkFailure("swift build --show-bin-path failed:\n" + binPath.diagnostics())
    }
    // SwiftPM 6 writes modules to `<bin>/Modules`; earlier versions, to `<bin>` itself.
    let candidates = [
      URL(fileURLWithPath: bin).appendingPathComponent("Modules"), URL(fileURLWithPath: bin),
    ]
    guard
      let modules = candidates.first(where: {
        FileManager.default.fileExists(
          atPath: $0.appendingPathComponent("InjectionCore.swiftmodule").path)
      })
    else {
      throw BenchmarkFailure(
        "no InjectionCore.swiftmodule in \(candidates.map(\.path).joined(separator: " or "))")
    }
    return modules
  }

  /// An untimed compile that loads InjectionCore and fills the module cache.
  private static func warmUp(
    _ configuration: Configuration, modules: URL, in workspace: URL,
    _ commands: inout ChildProcess
  ) throws {
    _ = try compile(
      W7Source.injection(typeCount: 1), named: "WarmUp-\(configuration.rawValue)", configuration,
      modules: modules, in: workspace, &commands)
  }

  /// The repository root: four levels above this file
  /// (`Benchmarks/InjectionBenchmarks/Workloads/W7CompileCost.swift`).
  private static func repositoryRoot() throws -> URL {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 {
      root.deleteLastPathComponent()
    }
    guard
      FileManager.default.fileExists(atPath: root.appendingPathComponent(coreManifest).path)
    else {
      throw BenchmarkFailure(
        """
        W7 compiles against the repository's sources, found from where this benchmark was \
        built (\(#filePath)), but \(root.appendingPathComponent(coreManifest).path) does not \
        exist; run the benchmarks from a checkout of swift-injection.
        """)
    }
    return root
  }

  /// Removes the temporary directory, and the lock files SwiftPM left next to it for the scratch
  /// paths inside it (named after those paths, such as `_tmp_<workspace>_core-debug.lock`).
  private static func removeWorkspace(_ workspace: URL) {
    let files = FileManager.default
    try? files.removeItem(at: workspace)
    let parent = workspace.deletingLastPathComponent()
    let locks = (try? files.contentsOfDirectory(atPath: parent.path)) ?? []
    for lock in locks where lock.contains(workspace.lastPathComponent) && lock.hasSuffix(".lock") {
      try? files.removeItem(at: parent.appendingPathComponent(lock))
    }
  }

  private static func megabytes(_ kilobytes: Int?) -> Double? {
    kilobytes.map { Double($0) / 1_024 }
  }
}
