import InjectionCore
import InjectionTestSupport
import Testing

/// Hundreds of tests in parallel, each with its own engine: everything each one builds sees
/// exactly its engine.
@Suite struct IsolationProofTests {
  @Test(arguments: 0..<250)
  func everythingATestBuildsSeesItsOwnOverride(serial: Int) throws {
    try withTestInjector(from: App.injector) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: serial) }
    } operation: { scope in
      let engine = try scope.injector.resolve((any Engine).self)
      #expect(engine.serial == serial)
      #expect(Car().engine === engine, "an object the test creates with init")
      #expect(try scope.injector.resolve(Car.self).engine === engine, "an Injectable")
      #expect(
        try scope.injector.resolve(Dashboard.self).engine === engine,
        "a singleton that the base's parent maps")
      #expect(try scope.injector.resolve(Garage.self).engine === engine, "a module's mapping")
      #expect(try Injector.current.resolve(Car.self).engine === engine, "Injector.current")
    }
  }

  @Test(
    .injecting(from: App.injector) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: Serials.make()) }
    }, arguments: 0..<250)
  func eachCaseOfAParameterizedTestUnderTheTraitGetsItsOwnInjector(_ index: Int) throws {
    let injector = Injector.current
    let engine = try injector.resolve((any Engine).self)
    #expect(Serials.claim(engine.serial), "another case saw engine \(engine.serial)")
    #expect(Car().engine === engine)
    #expect(try injector.resolve(Dashboard.self).engine === engine)
    #expect(try injector.resolve(Garage.self).engine === engine)
    #expect(try App.injector.resolve((any Engine).self) is FactoryEngine)
  }
}
