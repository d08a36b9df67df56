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
    #if canImport(XCTest)
      /// An XCTest test: recorded on its test case, from any thread while the test runs, and
      /// attributed to the test method, not to a line of this library.
      case xcTest(XCTestCaseReference)
    #endif
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
    #if canImport(XCTest)
      case .xcTest: true
    #endif
    case .none: true
    }
  }

  /// Records `message` as a failure of the test.
  func record(_ message: String) {
    switch framework {
    case .swiftTesting:
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    #if canImport(XCTest)
      case .xcTest(let reference):
        reference.record(message)
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

#if canImport(XCTest)
  /// The test case of an ``InjectionTestCase``, which its scope's failures are recorded on.
  ///
  /// `@unchecked Sendable`: no lock; `testCase` is a weak reference set once, in `init`, and
  /// only used to record a failure, which XCTest allows from any thread while the test runs.
  final class XCTestCaseReference: @unchecked Sendable {
    weak let testCase: XCTestCase?

    init(_ testCase: XCTestCase) { self.testCase = testCase }

    /// Records `message` as a failure of the test, attributed to the test method: a source
    /// line of the library would send Xcode users to the library instead of their test.
    func record(_ message: String) {
      guard let testCase else { return IssueReporter.print(message) }
      #if canImport(Darwin)
        // An issue without a location: Xcode shows it on the test method.
        testCase.record(XCTIssue(type: .assertionFailure, compactDescription: message))
      #else
        // The location swift-corelibs-xctest gives a failure with no line (an error the test
        // method threw): the report names the test method.
        testCase.recordFailure(
          withDescription: message, inFile: "<EXPR>", atLine: 0, expected: true)
      #endif
    }
  }
#endif
