import InjectionCore
import InjectionTestSupport
import Testing

@testable import CarDemo

/// The demo's app injector, overridden per test with InjectionTestSupport's trait.
@Suite struct TestDriveTests {
  static let console = RecordingConsole()
  static let app = Demo.makeInjector(console: console)

  @Test(
    .injecting(from: app) {
      $0.map((any Engine).self, scope: .singleton, with: ElectricEngine.init)
    })
  func theTraitOverridesTheEngineForEverythingTheTestBuilds() throws {
    let car = try Injector.current.resolve(Car.self)
    #expect(car.engine.model == "ElectricEngine")
    #expect(Car().engine.model == "ElectricEngine")

    let second = try Injector.current.resolve(Car.self)
    #expect(second.engine === car.engine, "one singleton engine per test")
  }

  @Test(.injecting(from: app))
  func withoutAnOverrideATestGetsTheAppsEngineButNotItsInstance() throws {
    let car = try Injector.current.resolve(Car.self)
    #expect(car.engine.model == "HybridEngine")
    #expect(car.engine !== (try Self.app.resolve(Car.self).engine))
  }
}
