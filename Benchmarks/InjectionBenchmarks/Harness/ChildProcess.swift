import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a command of the toolchain (`swift build`, `swiftc`) to completion, for W7.
///
/// The command is looked up on `PATH`. Its output goes to files in a scratch directory rather
/// than pipes, so that a chatty compiler can never block on a full pipe. The wall time is taken
/// with `ContinuousClock` from launch to the termination handler (Foundation's
/// `waitUntilExit()` polls every 50 ms on Linux, too coarse for a compile). The CPU time (user
/// and system, of the command and the processes it waited for) comes from
/// `getrusage(RUSAGE_CHILDREN)` before and after: on a shared machine it moves less than the
/// wall time when other work competes for the cores. With `measuresPeakMemory`, the command
/// runs under GNU time (`/usr/bin/time -f %M`), which reports the peak resident set size of the
/// largest process in the tree: the compiler frontend.
struct ChildProcess {
  /// How a command ended.
  struct Outcome {
    let status: Int32
    let standardOutput: String
    let standardError: String
    /// From launch to exit, including the process start-up.
    let wall: Duration
    /// User and system time of the command and its descendants.
    let cpu: Duration
    /// The peak resident set size in KiB; `nil` when it was not measured.
    let peakMemoryKilobytes: Int?

    var succeeded: Bool { status == 0 }

    /// The first lines of standard error (or of standard output, when standard error is
    /// empty), for a failure message.
    func diagnostics(lines: Int = 20) -> String {
      let text = standardError.isEmpty ? standardOutput : standardError
      let all = text.split(separator: "\n", omittingEmptySubsequences: false)
      let head = all.prefix(lines).joined(separator: "\n")
      return all.count > lines ? head + "\n… (\(all.count - lines) more lines)" : head
    }
  }

  private static let gnuTime = "/usr/bin/time"

  /// Where the output files go.
  let scratch: URL
  /// Whether GNU time is present and works; probed once, on creation.
  let canMeasurePeakMemory: Bool
  private var runs = 0

  /// - Parameter scratch: An existing directory for the output files.
  init(scratch: URL) {
    self.scratch = scratch
    canMeasurePeakMemory = Self.probeGNUTime(in: scratch)
  }

  /// Runs `arguments` (the command, then its arguments) and waits for it to end.
  ///
  /// - Parameters:
  ///   - arguments: The command and its arguments, such as `["swiftc", "-c", "a.swift"]`.
  ///   - measuresPeakMemory: Whether to measure the peak memory under GNU time, when it works.
  /// - Returns: How the command ended; a non-zero status is not an error here.
  /// - Throws: When the command cannot be launched.
  mutating func run(_ arguments: [String], measuresPeakMemory: Bool = false) throws -> Outcome {
    runs += 1
    let name = "command-\(runs)"
    let outputURL = scratch.appendingPathComponent("\(name).out")
    let errorURL = scratch.appendingPathComponent("\(name).err")
    let memoryURL = scratch.appendingPathComponent("\(name).memory")
    let measures = measuresPeakMemory && canMeasurePeakMemory

    let process = Process()
    if measures {
      process.executableURL = URL(fileURLWithPath: Self.gnuTime)
      process.arguments = ["-f", "%M", "-o", memoryURL.path] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = arguments
    }
    process.currentDirectoryURL = scratch
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? error.close()
    }
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice

    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    let cpuBefore = Self.childrenCPUTime()
    let start = Stopwatch.now
    try process.run()
    exited.wait()
    let wall = Stopwatch.now - start
    process.waitUntilExit()  // returns at once; makes `terminationStatus` safe to read

    return Outcome(
      status: process.terminationStatus,
      standardOutput: Self.text(at: outputURL), standardError: Self.text(at: errorURL),
      wall: wall, cpu: Self.childrenCPUTime() - cpuBefore,
      peakMemoryKilobytes: measures ? Self.kilobytes(in: Self.text(at: memoryURL)) : nil)
  }

  /// Whether `/usr/bin/time` is GNU time: BSD time (macOS) has no `-f`.
  private static func probeGNUTime(in scratch: URL) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: gnuTime) else { return false }
    let memoryURL = scratch.appendingPathComponent("probe.memory")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gnuTime)
    process.arguments = ["-f", "%M", "-o", memoryURL.path, "true"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0 && kilobytes(in: text(at: memoryURL)) != nil
  }

  /// The user and system time of every child process this process has waited for so far.
  private static func childrenCPUTime() -> Duration {
    #if canImport(Glibc)
      let children = __rusage_who_t(truncatingIfNeeded: RUSAGE_CHILDREN.rawValue)
    #else
      let children = RUSAGE_CHILDREN
    #endif
    var usage = rusage()
    guard getrusage(children, &usage) == 0 else { return .zero }
    return [usage.ru_utime, usage.ru_stime].reduce(.zero) {
      $0 + .seconds($1.tv_sec) + .microseconds($1.tv_usec)
    }
  }

  private static func text(at url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  /// The last non-empty line as an integer: GNU time writes `%M` on a line of its own, after
  /// a "Command exited with non-zero status" line when the command failed.
  private static func kilobytes(in text: String) -> Int? {
    text.split(separator: "\n").last.flatMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
  }
}
