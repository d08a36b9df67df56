import Testing

#if canImport(XCTest)
  import XCTest
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a scope's test failures go: the framework of the test that opened the scope.
struct IssueReporter: Sendable {
  enum Framework: Sendable {
    /// A Swift Testing test: `Issue.record`, only on the test's own task.
    case swiftTesting
    /// An XCTest test: `XCTFail` at `file` and `line`, from any thread while the test runs.
    case xcTest(file: StaticString, line: UInt)
    /// No test: printed to standard error.
    case none
  }

  let framework: Framework
  let sourceLocation: SourceLocation

  /// The reporter for the test running on this task, if any.
  static func forCurrentTest(at sourceLocation: SourceLocation) -> Self {
    Self(framework: Test.current == nil ? .none : .swiftTesting, sourceLocation: sourceLocation)
  }

  /// Whether a failure can be recorded from the calling task now.
  var canRecordHere: Bool {
    switch framework {
    case .swiftTesting: Test.current != nil
    case .xcTest, .none: true
    }
  }

  /// Records `message` as a failure of the test.
  func record(_ message: String) {
    switch framework {
    case .swiftTesting:
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    case .xcTest(let file, let line):
      #if canImport(XCTest)
        XCTFail(message, file: file, line: line)
      #else
        Self.print(message)
      #endif
    case .none:
      Self.print(message)
    }
  }

  /// Writes `message` to standard error, for a failure with no test to record it against.
  static func print(_ message: String) {
    let line = "InjectionTestSupport: \(message)\n"
    _ = line.utf8.withContiguousStorageIfAvailable { bytes in
      write(2, bytes.baseAddress, bytes.count)
    }
  }
}
