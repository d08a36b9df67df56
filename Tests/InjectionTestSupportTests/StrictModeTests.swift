import Foundation
import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

@Suite struct StrictModeTests {
  @Test func aResolutionOfABaseMappingTheTestDidNotOverrideFailsTheTest() throws {
    // Known issue: strict mode fails the test for a base mapping it did not override.
    withKnownIssue {
      withTestInjector(from: App.injector, .strict) {
        $0.map((any Engine).self) { _ in TestEngine(serial: 1) }
      } operation: { scope in
        let error = #expect(throws: InjectionError.self) {
          try scope.injector.resolve((any Network).self)
        }
        #expect(
          error?.description.contains(
            "injectors searched: \"test (a copy of 'app', strict)\"") == true)
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("Strict mode: Network is mapped in the base injector")
        && text.contains(".strict(allowing: InjectionKey((any Network).self))")
    }
  }

  @Test func strictModeNeverBuildsTheBasesService() throws {
    // Known issue: strict mode fails the test for the base's service it refuses to build.
    withKnownIssue {
      withTestInjector(from: App.injector, .strict) { scope in
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

  @Test func aKeyTheBodyOverridesPassesInStrictMode() throws {
    try withTestInjector(from: App.injector, .strict) { scope in
      try scope.override { $0.map((any Network).self, to: OfflineNetwork()) }
      #expect(try scope.injector.resolve((any Network).self).fetch() == "offline")
    }
  }

  @Test(.injecting(.strict, from: App.injector))
  func underTheTraitAKeyTheBodyOverridesPassesInStrictMode() throws {
    let scope = try #require(TestInjector.current)
    try scope.override { $0.map(Clock.self, scope: .singleton) { _ in Clock() } }
    _ = try Injector.current.resolve(Clock.self)
    #expect(scope.resolutionCount(of: Clock.self) == 1)
  }

  @Test(.injecting(.strict, from: App.injector) { $0.mapPlaceholder((any Network).self) })
  func strictModeWorksAsATraitOption() throws {
    #expect(!Injector.current.isMapped(Clock.self))
    #expect(Injector.current.isMapped((any Network).self))
  }

  @Test func eachUnallowedKeyFailsWhereItIsReachedAndTheLastLineToPasteAllowsThemAll() throws {
    let issues = try recordedIssues {
      withTestInjector(from: App.injector, .strict) {
        $0.map((any Engine).self) { _ in TestEngine(serial: 1) }
      } operation: { scope in
        _ = try? scope.injector.resolve((any Network).self)
        _ = try? scope.injector.resolve(Clock.self)
        _ = try? scope.injector.resolve(Dashboard.self)
        _ = try? scope.injector.resolve(Clock.self)
      }
    }

    try #require(issues.count == 3)
    #expect(
      issues[0].hasPrefix(
        "Strict mode: Network is mapped in the base injector, but this test neither overrides "
          + "it nor allows it.\n  requested by: resolve(Network)\n"))
    #expect(issues[1].contains("Strict mode: Clock is mapped in the base injector"))
    #expect(issues[2].contains("Strict mode: Dashboard is mapped in the base injector"))
    #expect(
      issues[2].contains(
        "fix: override it, or allow the base's mapping with .strict(allowing: "
          + "InjectionKey((any Network).self), InjectionKey(Clock.self), "
          + "InjectionKey(Dashboard.self))"))
  }

  @Test func aKeyReachedOnTheTestsTaskIsAKnownIssueInsideWithKnownIssue() {
    withTestInjector(from: App.injector, .strict) { scope in
      // Known issue: strict mode's failure, recorded inside the test's own withKnownIssue.
      withKnownIssue {
        _ = try? scope.injector.resolve((any Network).self)
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("Strict mode: Network is mapped") }
      }
      #expect(scope.resolutionCount(of: (any Network).self) == 1)
    }
  }

  @Test func keysReachedOffTheTestsTaskFailOnceWhenTheTestEndsListingThem() async throws {
    let issues = try await recordedIssues {
      await withTestInjector(from: App.injector, .strict(allowing: InjectionKey(Garage.self))) {
        scope in
        let injector = scope.injector
        await Task.detached {
          _ = try? injector.resolve((any Network).self)
          _ = try? injector.resolve(Clock.self)
        }.value
      }
    }

    #expect(issues.count == 1)
    let text = issues.first ?? ""
    #expect(
      text.hasPrefix(
        "Strict mode: this test reached 2 keys that the base injector maps but the test neither "
          + "overrides nor allows:\n"))
    #expect(text.contains("  Network, requested by: resolve(Network)\n"))
    #expect(text.contains("  Clock, requested by: resolve(Clock)\n"))
    #expect(
      text.contains(
        "fix: override them, or allow the base's mappings with .strict(allowing: "
          + "InjectionKey(Garage.self), InjectionKey((any Network).self), InjectionKey(Clock.self))"
      ))
  }

  @Test func theLineToPasteKeepsTheKeysTheTestAlreadyAllows() throws {
    let issues = try recordedIssues {
      withTestInjector(
        from: App.injector,
        .strict(allowing: [InjectionKey(Clock.self), InjectionKey(Dashboard.self)])
      ) { scope in
        _ = try? scope.injector.resolve(Clock.self)
        _ = try? scope.injector.resolve(Dashboard.self)
        _ = try? scope.injector.resolve(Garage.self)
      }
    }

    try #require(issues.count == 2)
    #expect(issues[0].contains("requested by: Dashboard -> Engine\n"))
    #expect(issues[1].contains("requested by: resolve(Garage)\n"))
    #expect(
      issues[1].contains(
        ".strict(allowing: InjectionKey(Clock.self), InjectionKey(Dashboard.self), "
          + "InjectionKey((any Engine).self), InjectionKey(Garage.self))"))
  }
}

/// Strict mode removes what the test injector copied, whatever another thread does to the base.
@Suite struct StrictModeWhileTheBaseChangesTests {
  final class RadioModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(String.self, named: "radio") { _ in "FM" }
    }
  }

  /// Set once, read by the thread that changes the base.
  final class Stop: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
  }

  @Test func aModuleAddedToTheBaseWhileAStrictScopeOpensIsNeverLetThrough() {
    let base = Injector(label: "changing base")
    for index in 0..<100 { base.map(Int.self, named: "\(index)") { _ in index } }
    let stop = Stop()
    let toggler = Thread {
      while !stop.isSet {
        let module = RadioModule()
        try? base.addModule(module)
        base.removeModule(module)
      }
    }
    toggler.start()
    defer { stop.set() }
    for _ in 0..<100 {
      withTestInjector(from: base, .strict) { scope in
        #expect(
          !scope.injector.isMapped(String.self, named: "radio"),
          "strict mode let a base mapping through")
        #expect(!scope.injector.isMapped(Int.self, named: "7"))
      }
    }
  }
}
