import InjectionCore
import InjectionTestSupport
import Testing

/// The trait on a suite and on its tests.
@Suite(
  .injecting(from: App.injector) {
    $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 1) }
    $0.map((any Network).self) { _ in OfflineNetwork() }
  })
struct TraitTests {
  @Test func theSuitesOverridesApplyToEachTest() throws {
    #expect(try Injector.current.resolve((any Engine).self).serial == 1)
    #expect(try Injector.current.resolve((any Network).self).fetch() == "offline")
  }

  @Test(.injecting { $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 2) } })
  func theTestsOwnOverridesWinOverTheSuites() throws {
    #expect(try Injector.current.resolve((any Engine).self).serial == 2)
    #expect(try Injector.current.resolve((any Network).self).fetch() == "offline")
    let scope = try #require(TestInjector.current)
    #expect(
      scope.overriddenKeys == [
        InjectionKey((any Engine).self), InjectionKey((any Network).self),
        InjectionKey((any Engine).self),
      ])
  }

  @Test func theScopeIsBoundForTheTestAndStartsFromTheGivenBase() throws {
    let scope = try #require(TestInjector.current)
    #expect(scope.injector === Injector.current)
    #expect(scope.base === App.injector)
    #expect(scope.injector.label.hasPrefix("test "))
    #expect(scope.isActive)
  }

  @Test func theBaseKeepsItsOwnMappings() throws {
    #expect(try App.injector.resolve((any Network).self).fetch() == "live")
  }
}

/// The trait on a suite whose test has hundreds of cases: each case gets its own injector.
@Suite(
  .injecting(from: App.injector) {
    $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: Serials.make()) }
  })
struct SuiteTraitOnParameterizedTests {
  @Test(arguments: 0..<300)
  func eachCaseGetsItsOwnSingletons(_ index: Int) throws {
    let engine = try Injector.current.resolve((any Engine).self)
    #expect(Serials.claim(engine.serial), "another case saw engine \(engine.serial)")
    #expect(Car().engine === engine)
    #expect(try Injector.current.resolve(Garage.self).engine === engine)
  }
}
