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
  /// overrides, leaks) are `XCTFail`s of the test. A test method adds overrides of its own with
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

    /// Runs the test method inside its test scope.
    override open func invokeTest() {
      let options = testInjectionOptions
      do {
        scope = try TestScope.open(
          base: baseInjector, label: name, options: options, overrides: mapOverrides,
          reporter: IssueReporter(
            framework: .xcTest(file: #filePath, line: #line),
            sourceLocation: #_sourceLocation))
      } catch {
        XCTFail("InjectionTestSupport: the test injector could not be built: \(error)")
        return
      }
      scope!.perform { super.invokeTest() }
      TestScope.close(&scope, options: options)
    }
  }
#endif
