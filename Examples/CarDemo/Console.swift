import Synchronization

/// Where the demo writes its lines: standard output in the app, a recorder in tests.
protocol Console: Sendable {
  func print(_ line: String)
}

/// Writes each line to standard output.
struct StandardOutput: Console {
  func print(_ line: String) {
    Swift.print(line)
  }
}

/// Keeps every line, for tests.
final class RecordingConsole: Console {
  private let recorded = Mutex<[String]>([])

  var lines: [String] { recorded.withLock { $0 } }

  func print(_ line: String) {
    recorded.withLock { $0.append(line) }
  }
}
