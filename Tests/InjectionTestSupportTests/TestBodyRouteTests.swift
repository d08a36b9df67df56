import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

/// The routes a test body has: overrides made from the body, options passed on as arrays,
/// scopes that throw only what their closures throw, and async eager singletons prepared first.
@Suite struct TestBodyRouteTests {
  /// An app whose engine is an async eager singleton that the app prepares at launch.
  static let preparedApp: Injector = {
    let app = Injector(label: "prepared app")
    app.map((any Engine).self, scope: .eagerSingleton) { _ in
      await Task.yield()
      return FactoryEngine()
    }
    return app
  }()

  @Test(.injecting(from: App.injector))
  func aTestBodyAddsAPlaceholderAndAnOverrideToTheRunningTestsInjector() throws {
    let scope = try #require(TestInjector.current)

    try scope.override {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 21) }
      $0.mapPlaceholder((any Network).self) { OfflineNetwork() }
    }

    #expect(Car().engine.serial == 21)
    #expect(
      scope.overriddenKeys == [InjectionKey((any Engine).self), InjectionKey((any Network).self)])
    let issues = try recordedIssues {
      withTestInjector(from: App.injector) { inner in
        try? inner.override { $0.mapPlaceholder((any Network).self) { OfflineNetwork() } }
        _ = try? inner.injector.resolve((any Network).self)
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("The placeholder Network was resolved.") == true)
    #expect(try App.injector.resolve((any Engine).self) is FactoryEngine, "the base is unchanged")
  }

  @Test func anOverrideFromTheBodyCountsAsAnOverrideForUnusedOverrideReports() throws {
    let issues = try recordedIssues {
      withTestInjector(from: App.injector, .reportUnusedOverrides) { scope in
        try? scope.override { $0.map(Clock.self) { _ in Clock() } }
      }
    }

    #expect(
      issues == [
        """
        This test overrides Clock, but nothing resolved it.
          fix: remove the unused override, or check that the code under test resolves it from \
        the test injector.

        """
      ])
  }

  @Test func aScopeWhoseBodyCannotThrowNeedsNoTry() {
    let serial = withTestInjector(from: App.injector) {
      $0.map((any Engine).self) { _ in TestEngine(serial: 22) }
    } operation: { _ in
      Car().engine.serial
    }

    #expect(serial == 22)
  }

  @Test func aScopeThrowsTheTypedErrorOfItsBody() {
    struct Stop: Error, Equatable {}

    #expect(throws: Stop()) {
      try withTestInjector(from: App.injector) { _ throws(Stop) in throw Stop() }
    }
  }

  @Test func optionsGivenAsAnArrayReachTheScope() throws {
    func withCheckedScope(
      _ options: TestInjectionOption..., operation: (TestInjector) -> Void
    ) {
      withTestInjector(from: App.injector, options + [.reportUnusedOverrides]) {
        $0.map(Clock.self) { _ in Clock() }
      } operation: {
        operation($0)
      }
    }

    let issues = try recordedIssues {
      withCheckedScope(.strict(allowing: [InjectionKey(Garage.self)])) { scope in
        #expect(!scope.injector.isMapped((any Network).self), "strict mode came through")
        #expect(scope.injector.isMapped(Garage.self))
      }
    }

    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("This test overrides Clock, but nothing resolved it.") == true)
  }

  @Test(.injecting([.strict(allowing: [InjectionKey(Clock.self)])], from: App.injector))
  func theTraitTakesItsOptionsAsAnArray() {
    #expect(Injector.current.isMapped(Clock.self))
    #expect(!Injector.current.isMapped((any Network).self))
  }

  @Test(.injecting(.prepared, from: preparedApp))
  func aPreparedTraitScopeBuildsAsyncEagerSingletonsBeforeTheBody() throws {
    #expect(try Injector.current.resolve((any Engine).self) is FactoryEngine)
    #expect(Car().engine is FactoryEngine, "an @Injected read finds it built")
  }

  @Test func aPreparedAsyncScopeBuildsAsyncEagerSingletonsBeforeTheBody() async throws {
    try await withTestInjector(from: Self.preparedApp, .prepared) { scope in
      let engine = try scope.injector.resolve((any Engine).self)
      #expect(engine is FactoryEngine)
    }
  }

  @Test func anUnpreparedScopeSaysHowToPrepare() async throws {
    await withTestInjector(from: Self.preparedApp) { scope in
      let error = #expect(throws: InjectionError.self) {
        try scope.injector.resolve((any Engine).self)
      }
      #expect(error?.description.contains("try await injector.prepare()") == true)
    }
  }

  @Test func aSynchronousScopeSaysThatItCannotPrepare() throws {
    let issues = try recordedIssues {
      withTestInjector(from: Self.preparedApp, .prepared) { _ in }
    }

    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix(".prepared needs an async scope") == true)
  }
}

/// A base that maps nothing, as the shared injector is when the app maps on its own.
@Suite struct EmptyBaseTests {
  @Test func aTestInjectorNamesTheBaseItCopies() {
    withTestInjector(from: Injector(label: "app")) { scope in
      #expect(scope.injector.label == "test (a copy of 'app')")
    }
  }

  @Test(.injecting { $0.map(Clock.self) { _ in Clock() } })
  func aTraitWithoutFromCopiesTheCurrentInjectorAndSaysSo() throws {
    let scope = try #require(TestInjector.current)
    #expect(
      scope.injector.label
        == "test aTraitWithoutFromCopiesTheCurrentInjectorAndSaysSo() (a copy of 'shared')")
  }

  @Test func aMissInATestWhoseBaseMapsNothingSaysHowToPassTheAppsInjector() throws {
    let issues = try recordedIssues {
      withTestInjector(from: Injector(label: "nothing")) { scope in
        let error = #expect(throws: InjectionError.self) {
          try scope.injector.resolve((any Network).self)
        }
        #expect(
          error?.description.contains("injectors searched: \"test (a copy of 'nothing')\"")
            == true)
      }
    }

    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        """
        The test injector "test (a copy of 'nothing')" started from "nothing", which maps \
        nothing, so nothing your app maps is in it.
          fix: start from the injector your app maps its services on: .injecting(from: …) for \
        the trait, withTestInjector(from: …) { … }, or override var baseInjector: Injector? \
        { … } in an InjectionTestCase
        """) == true)
  }

  @Test func aMissInATestWhoseBaseMapsSomethingAddsNoHint() {
    withTestInjector(from: App.injector) { scope in
      _ = try? scope.injector.resolve(Odometer.self)
    }
  }
}

/// Something nothing maps.
struct Odometer {}

/// A trait of the user's that wraps the injection trait and forwards to it.
struct CheckoutTrait: TestTrait, SuiteTrait, TestScoping {
  let injection = InjectionTrait.injecting(from: App.injector) {
    $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 31) }
  }

  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await injection.provideScope(for: test, testCase: testCase, performing: function)
  }
}

extension Trait where Self == CheckoutTrait {
  /// The checkout tests' injector.
  static var checkout: Self { CheckoutTrait() }
}

@Suite struct TraitCompositionTests {
  @Test(.checkout)
  func aTraitThatWrapsTheInjectionTraitGivesTheTestItsScope() throws {
    let scope = try #require(TestInjector.current)
    #expect(scope.base === App.injector)
    #expect(Car().engine.serial == 31)
  }

  @Test(.checkout, arguments: 0..<20)
  func eachCaseUnderAWrappingTraitGetsItsOwnInjector(_ index: Int) throws {
    let engine = try Injector.current.resolve((any Engine).self)
    #expect(engine.serial == 31)
    #expect(try Injector.current.resolve(Dashboard.self).engine === engine)
    #expect(try App.injector.resolve((any Engine).self) is FactoryEngine)
  }

  @Test(.injecting(from: App.injector) { $0.map(Clock.self) { _ in Clock() } }, .checkout)
  func aWrappingTraitComposesWithTheTestsOwnInjectionTrait() throws {
    let scope = try #require(TestInjector.current)
    #expect(Car().engine.serial == 31)
    #expect(scope.injector.isMapped(Clock.self))
  }
}
