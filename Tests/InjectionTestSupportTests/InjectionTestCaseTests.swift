import InjectionCore
import InjectionTestSupport
import XCTest

/// The XCTest route: every test of an `InjectionTestCase` runs with its own test injector.
final class InjectionTestCaseTests: InjectionTestCase {
  override var baseInjector: Injector? { App.injector }

  override func mapOverrides(_ overrides: TestOverrides) {
    overrides.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: Serials.make()) }
  }

  func testEveryObjectTheTestBuildsSeesTheOverride() throws {
    let engine = try testInjector.injector.resolve((any Engine).self)

    XCTAssertTrue(engine is TestEngine)
    XCTAssertTrue(Car().engine === engine)
    XCTAssertTrue(try testInjector.injector.resolve(Dashboard.self).engine === engine)
    XCTAssertTrue(Injector.current === testInjector.injector)
    XCTAssertTrue(TestInjector.current === testInjector)
  }

  func testEachTestGetsItsOwnSingletons() throws {
    let engine = try testInjector.injector.resolve((any Engine).self)

    XCTAssertTrue(Serials.claim(engine.serial), "another test saw engine \(engine.serial)")
    XCTAssertTrue(try App.injector.resolve((any Engine).self) is FactoryEngine)
  }
}

/// An `InjectionTestCase` whose app prepares an async eager singleton, and whose test methods
/// add overrides of their own.
final class PreparedInjectionTestCaseTests: InjectionTestCase {
  override var baseInjector: Injector? { TestBodyRouteTests.preparedApp }
  override var testInjectionOptions: [TestInjectionOption] { [.prepared] }

  func testAsyncEagerSingletonsArePreparedBeforeTheTestMethod() throws {
    XCTAssertTrue(try testInjector.injector.resolve((any Engine).self) is FactoryEngine)
  }

  func testATestMethodAddsAnOverrideToItsInjector() throws {
    try testInjector.override { $0.map(Clock.self, scope: .singleton) { _ in Clock() } }

    XCTAssertTrue(testInjector.injector.isMapped(Clock.self))
    XCTAssertEqual(testInjector.overriddenKeys, [InjectionKey(Clock.self)])
    _ = try testInjector.injector.resolve(Clock.self)
  }
}
