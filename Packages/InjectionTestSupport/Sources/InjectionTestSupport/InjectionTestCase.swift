#if canImport(XCTest)
  public import InjectionCore
  import Testing
  public import XCTest

  /// An `XCTestCase` whose every test runs in a test scope of its own, for XCTest users.
  ///
  /// Override ``mapOverrides(_:)`` (and ``testInjectionOptions`` or ``baseInjector``); each
  /// test method then runs with a test injector that has the base's mappings plus those
  /// overrides, bound as `Injector.current` and ``TestInjector/current``, and
  /// reachable as ``testInjector``. Failures the scope finds (placeholders, strict mode, unused
  /// overrides, leaks) are failures of the test method, without a source line of the library;
  /// those found on the test's thread are recorded when found. A test method adds overrides of
  /// its own with
  /// `try testInjector.override { … }` (see ``TestInjector/override(_:)``).
  ///
  /// ```swift
  /// final class CheckoutTests: InjectionTestCase {
  ///   override func mapOverrides(_ overrides: TestOverrides) {
  ///     overrides.map((any PaymentGateway).self, scope: .singleton) { _ in FakeGateway() }
  ///   }
  ///
  ///   func testCheckoutCharges() throws {
  ///     let checkout = try testInjector.injector.resolve(Checkout.self)
  ///     …
  ///   }
  /// }
  /// ```
  open class InjectionTestCase: XCTestCase {
    private var scope: TestInjector?

    /// The running test's scope; only while a test method runs.
    public var testInjector: TestInjector {
      guard let scope else {
        fatalError("InjectionTestSupport: testInjector is only available while a test runs.")
      }
      return scope
    }

    /// Whose mappings each test starts from; `Injector.current` by default.
    open var baseInjector: Injector? { nil }

    /// What each test's scope checks besides its overrides; none by default.
    open var testInjectionOptions: [TestInjectionOption] { [] }

    /// Makes the overrides of every test of this case; nothing by default.
    ///
    /// - Parameter overrides: The changes to make, as in
    ///   ``withTestInjector(from:label:_:overrides:sourceLocation:operation:)-(_,_,TestInjectionOption...,_,_,_)``.
    open func mapOverrides(_ overrides: TestOverrides) {}

    /// Builds the test injector's async eager singletons before the test method runs, when
    /// ``testInjectionOptions`` holds ``TestInjectionOption/prepared``.
    ///
    /// If you override it, call `try await super.setUp()` first.
    override open func setUp() async throws {
      try await super.setUp()
      guard TestInjectionOption.contains(.prepared, in: testInjectionOptions), let scope else {
        return
      }
      try await scope.injector.prepare()
    }

    /// Ends the test injector after your `tearDown()`: it disposes, with `await`, the values it
    /// built and owns (never the base injector's); a value whose disposal fails is a test
    /// failure naming its key.
    ///
    /// If you override it, call `try await super.tearDown()` last.
    ///
    /// - Throws: What `XCTestCase`'s `tearDown()` throws.
    override open func tearDown() async throws {
      if let scope {
        do {
          try await scope.injector.shutdown()
        } catch {
          scope.recorder.recordAtEnd(TestScope.disposalMessage(error, isAsync: true))
        }
      }
      try await super.tearDown()
    }

    /// Runs the test method inside its test scope.
    override open func invokeTest() {
      let options = testInjectionOptions
      do {
        scope = try TestScope.open(
          base: baseInjector, label: name, options: options, overrides: mapOverrides,
          reporter: IssueReporter(
            framework: .xcTest(XCTestCaseReference(self)), sourceLocation: #_sourceLocation))
      } catch {
        XCTFail("InjectionTestSupport: the test injector could not be built: \(error)")
        return
      }
      scope!.perform { super.invokeTest() }
      TestScope.close(&scope, options: options)
    }

    #if canImport(Darwin)
      /// Records `issue`, unless it is the error of a placeholder that the test method threw
      /// after the scope recorded the placeholder's failure where it was resolved: the test
      /// reports a resolved placeholder once.
      ///
      /// If you override it, call `super.record(issue)`.
      ///
      /// - Parameter issue: The issue.
      override open func record(_ issue: XCTIssue) {
        if issue.type == .thrownError, let error = issue.associatedError,
          scope?.recorder.hasRecordedPlaceholder(of: error) == true
        {
          return
        }
        super.record(issue)
      }
    #else
      /// Records a failure, unless it is the error of a placeholder that the test method threw
      /// after the scope recorded the placeholder's failure where it was resolved: the test
      /// reports a resolved placeholder once.
      ///
      /// If you override it, call `super` for the failures you do not handle.
      ///
      /// - Parameters:
      ///   - description: The failure's message.
      ///   - filePath: Where it happened.
      ///   - lineNumber: The line where it happened.
      ///   - expected: Whether it is an assertion's failure rather than an unexpected one.
      override open func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
      ) {
        // XCTest reports an error the test method threw as `threw error "…"`, on its thread.
        if !expected, description.hasPrefix("threw error "),
          scope?.recorder.hasRecordedPlaceholder(describedIn: description) == true
        {
          return
        }
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    #endif
  }
#endif
