#if !canImport(Darwin)
  import InjectionCore
  import InjectionTestSupport
  import Synchronization
  import XCTest

  /// The XCTest route's end of test: the test injector disposes what it built after
  /// `tearDown()`, and a disposal that fails is a failure of the test naming the key.
  /// (swift-corelibs-xctest; on Darwin the failure is an `XCTIssue`.)
  final class InjectionTestCaseDisposalTests: InjectionTestCase {
    /// The connection the test resolved.
    private let kept = Mutex<Connection?>(nil)
    /// The failures recorded at the end of the test.
    private let endFailures = Mutex<[String]>([])
    /// Whether the test expects its disposal to fail.
    private let expectsFailure = Atomic(false)

    override var baseInjector: Injector? { DisposalApp.injector }

    override func mapOverrides(_ overrides: TestOverrides) {
      overrides.map(Connection.self, named: "failing", scope: .singleton) { _ in
        Connection(failsToDispose: true)
      }
    }

    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard description.hasPrefix("At the end of the test") else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
      endFailures.withLock { $0.append(description) }
    }

    override func invokeTest() {
      super.invokeTest()
      XCTAssertEqual(kept.withLock { $0?.disposalCount }, 1)
      XCTAssertEqual(DisposalApp.connection.disposalCount, 0)
      let failures = endFailures.withLock { $0 }
      if expectsFailure.load(ordering: .relaxed) {
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
          failures.first?.contains("Connection named \"failing\": threw StillBusy") ?? false,
          "\(failures)")
      } else {
        XCTAssertEqual(failures, [])
      }
    }

    func testTheValuesTheTestInjectorBuiltAreDisposedWhenTheTestEnds() throws {
      let connection = try testInjector.injector.resolve(Connection.self)
      kept.withLock { $0 = connection }
      XCTAssertEqual(connection.disposalCount, 0)
    }

    func testADisposalThatFailsIsAFailureOfTheTestNamingTheKey() throws {
      expectsFailure.store(true, ordering: .relaxed)
      let connection = try testInjector.injector.resolve(Connection.self, named: "failing")
      kept.withLock { $0 = connection }
    }
  }
#endif
