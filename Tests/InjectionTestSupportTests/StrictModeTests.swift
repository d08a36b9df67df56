import InjectionCore
import InjectionTestSupport
import Testing

@Suite struct StrictModeTests {
  @Test func aResolutionOfABaseMappingTheTestDidNotOverrideFailsTheTest() throws {
    try withKnownIssue {
      try withTestInjector(from: App.injector, .strict) {
        $0.map((any Engine).self) { _ in TestEngine(serial: 1) }
      } operation: { scope in
        _ = #expect(throws: InjectionError.self) { try scope.injector.resolve((any Network).self) }
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("Strict mode: Network is mapped in the base injector")
        && text.contains(".strict(allowing: InjectionKey(Network.self))")
    }
  }

  @Test func strictModeNeverBuildsTheBasesService() throws {
    withKnownIssue {
      try withTestInjector(from: App.injector, .strict) { scope in
        _ = try? scope.injector.resolve(Dashboard.self)
        #expect(!scope.injector.isMapped(Dashboard.self))
      }
    }
  }

  @Test func overriddenAndAllowedKeysPassInStrictMode() throws {
    try withTestInjector(
      from: App.injector, .strict(allowing: InjectionKey(Clock.self), InjectionKey(Garage.self))
    ) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 4) }
    } operation: { scope in
      _ = try scope.injector.resolve(Clock.self)
      let garage = try scope.injector.resolve(Garage.self)
      #expect(garage.engine.serial == 4)
    }
  }

  @Test(.injecting(.strict, from: App.injector) { $0.mapPlaceholder((any Network).self) })
  func strictModeWorksAsATraitOption() throws {
    #expect(!Injector.current.isMapped(Clock.self))
    #expect(Injector.current.isMapped((any Network).self))
  }
}
