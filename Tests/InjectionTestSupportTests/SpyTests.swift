import InjectionCore
import InjectionTestSupport
import Testing

@Suite struct SpyTests {
  @Test func everyResolutionCountsCachedSingletonsAndFirstInjectedReadsIncluded() throws {
    try withTestInjector(from: App.injector) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 5) }
    } operation: { scope in
      _ = try scope.injector.resolve((any Engine).self)
      _ = try scope.injector.resolve((any Engine).self)
      let car = Car()
      _ = car.engine
      _ = car.engine

      #expect(scope.resolutionCount(of: (any Engine).self) == 3)
      #expect(scope.resolutionCount(of: Clock.self) == 0)
      #expect(scope.resolutions.map(\.key) == [InjectionKey((any Engine).self)])
    }
  }

  @Test func aTestCanAssertThatSomethingWasNotUsed() throws {
    try withTestInjector(from: App.injector) { scope in
      _ = try scope.injector.resolve(Garage.self)

      #expect(scope.resolutionCount(of: Garage.self) == 1)
      #expect(scope.resolutionCount(of: (any Engine).self) == 1, "the garage's dependency")
      #expect(scope.resolutionCount(of: (any Network).self) == 0)
    }
  }

  @Test func unusedOverridesAreListedAndReportedWhenAsked() throws {
    // Known issue: .reportUnusedOverrides fails the test for the override nothing used.
    try withKnownIssue {
      try withTestInjector(from: App.injector, .reportUnusedOverrides) {
        $0.map((any Engine).self) { _ in TestEngine(serial: 6) }
        $0.map((any Network).self) { _ in OfflineNetwork() }
      } operation: { scope in
        _ = try scope.injector.resolve((any Engine).self)
        #expect(scope.unusedOverrides == [InjectionKey((any Network).self)])
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "This test overrides Network, but nothing resolved it.")
    }
  }

  @Test func usedOverridesReportNothing() throws {
    try withTestInjector(from: App.injector, .reportUnusedOverrides) {
      $0.map((any Engine).self) { _ in TestEngine(serial: 6) }
    } operation: { scope in
      _ = try scope.injector.resolve((any Engine).self)
    }
  }
}
