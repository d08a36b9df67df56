#if !canImport(Darwin)
  import InjectionCore
  import InjectionTestSupport
  import Synchronization
  import XCTest

  /// When and where an `InjectionTestCase` records a resolved placeholder: when it is resolved,
  /// on the test method, once. (swift-corelibs-xctest; on Darwin the failure is an `XCTIssue`.)
  final class InjectionTestCaseFailureTests: InjectionTestCase {
    /// The placeholder failures recorded, with the file each is attributed to.
    private let placeholderFailures = Mutex<[(description: String, file: String)]>([])

    override var baseInjector: Injector? { App.injector }

    override func mapOverrides(_ overrides: TestOverrides) {
      overrides.mapPlaceholder((any Network).self, named: "cdn") { OfflineNetwork() }
      overrides.mapPlaceholder((any Network).self)
    }

    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard description.hasPrefix("The placeholder Network") else {
        // Everything else fails the test, a second report of the placeholder included.
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      placeholderFailures.withLock { $0.append((description, filePath)) }
    }

    override func invokeTest() {
      super.invokeTest()
      XCTAssertEqual(placeholderFailures.withLock { $0.count }, 1)
    }

    func testAResolvedPlaceholderIsRecordedWhenResolvedAndAttributedToTheTest() throws {
      _ = try testInjector.injector.resolve((any Network).self, named: "cdn")

      let failures = placeholderFailures.withLock { $0 }
      XCTAssertEqual(failures.count, 1)
      XCTAssertFalse(failures.first?.file.hasSuffix("/InjectionTestCase.swift") ?? true)
    }

    func testAPlaceholderErrorTheTestMethodThrowsIsReportedOnce() throws {
      _ = try testInjector.injector.resolve((any Network).self)
    }
  }
#endif
