import InjectionCore
import InjectionTestSupport
import Testing

@Suite struct PlaceholderTests {
  /// Fetches through the network it is given.
  final class Feed: Sendable {
    let network: any Network

    init(network: any Network) { self.network = network }
  }

  @Test func resolvingAPlaceholderFailsTheTestNamingTheKeyAndThePath() throws {
    let base = Injector(label: "base")
    base.map((any Network).self) { _ in LiveNetwork() }
    base.map(Feed.self) { Feed(network: try $0.resolve((any Network).self)) }

    // Known issue: the placeholder fails the test when a factory resolves it.
    withKnownIssue {
      withTestInjector(from: base) {
        $0.mapPlaceholder((any Network).self)
      } operation: {
        scope in
        let error = #expect(throws: InjectionError.self) { try scope.injector.resolve(Feed.self) }
        guard case .factoryFailed(let key, _, let underlying)? = error else { return }
        #expect(key == InjectionKey((any Network).self))
        #expect(underlying is PlaceholderResolution)
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("The placeholder Network was resolved.")
        && text.contains("requested by: PlaceholderTests.Feed -> Network")
    }
  }

  @Test func aPlaceholderWithAValueFailsTheTestAndReturnsTheValue() throws {
    // Known issue: the placeholder with a value fails the test when it is resolved.
    try withKnownIssue {
      try withTestInjector(from: App.injector) {
        $0.mapPlaceholder((any Network).self) { OfflineNetwork() }
      } operation: { scope in
        let network = try scope.injector.resolve((any Network).self)
        #expect(network.fetch() == "offline")
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("The placeholder Network was resolved.")
    }
  }

  @Test func aPlaceholderNobodyResolvesRecordsNothing() throws {
    try withTestInjector(from: App.injector) {
      $0.mapPlaceholder((any Network).self)
    } operation: { scope in
      let engine = try scope.injector.resolve((any Engine).self)
      #expect(engine is FactoryEngine)
    }
  }

  @Test func aPlaceholderResolvedInADetachedTaskFailsTheTestWhenTheScopeEnds() async throws {
    // Known issue: the placeholder resolved in a detached task fails the test when the scope ends.
    await withKnownIssue {
      await withTestInjector(from: App.injector) {
        $0.mapPlaceholder((any Network).self) { OfflineNetwork() }
      } operation: { scope in
        let injector = scope.injector
        _ = await Task.detached { try? injector.resolve((any Network).self) }.value
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("The placeholder Network was resolved.")
    }
  }

  @Test func aPlaceholderAskedForAfterTheTestEndedIsNotResolvedNorRecorded() throws {
    let scope = withTestInjector(from: App.injector) {
      $0.mapPlaceholder((any Network).self) { OfflineNetwork() }
    } operation: {
      $0
    }

    // No issue: nothing to record it against. The test injector was shut down at the end.
    #expect(throws: InjectionError.self) { try scope.injector.resolve((any Network).self) }
  }

  @Test func aPlaceholderWhoseErrorEndsTheTestIsReportedOnceWithTheOverrideToWrite() throws {
    let base = Injector(label: "base")
    base.map((any Network).self) { _ in LiveNetwork() }
    base.map(Feed.self) { Feed(network: try $0.resolve((any Network).self)) }

    let issues = try recordedIssues {
      try withTestInjector(from: base) {
        $0.mapPlaceholder((any Network).self)
      } operation: { scope in
        _ = try scope.injector.resolve(Feed.self)
      }
    }

    #expect(issues.count == 1)
    let text = issues.first ?? ""
    #expect(text.hasPrefix("The placeholder Network was resolved.\n"))
    #expect(text.contains("requested by: PlaceholderTests.Feed -> Network"))
    #expect(
      text.contains(
        "fix: override it if the test needs it: $0.map((any Network).self) { _ in … }"))
    #expect(!text.contains("comes from the factory"))
  }

  @Test func aPlaceholderResolvedOnTheTestsTaskIsAKnownIssueInsideWithKnownIssue() throws {
    try withTestInjector(from: App.injector) {
      $0.mapPlaceholder((any Network).self) { OfflineNetwork() }
      $0.mapPlaceholder((any Network).self, named: "cdn")
    } operation: { scope in
      // Known issue: each placeholder fails the test once, when it is first resolved.
      try withKnownIssue {
        _ = try scope.injector.resolve((any Network).self)
        _ = try? scope.injector.resolve((any Network).self, named: "cdn")
      } matching: { issue in
        issue.comments.contains { $0.rawValue.hasPrefix("The placeholder Network") }
      }
      // Each placeholder reports once: not again when the scope ends, outside withKnownIssue.
      _ = try scope.injector.resolve((any Network).self)
    }
  }

  @Test(.injecting(from: App.injector) { $0.mapPlaceholder((any Network).self) })
  func underTheTraitAPlaceholderResolvedInTheBodyIsAKnownIssueInsideWithKnownIssue() {
    // Known issue: the placeholder fails the test under the trait too.
    withKnownIssue {
      _ = try? Injector.current.resolve((any Network).self)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("The placeholder Network was resolved.") }
    }
  }

  @Test func underTheTraitAPlaceholderErrorThatEndsTheTestIsTheOneReport() async throws {
    let trait = InjectionTrait.injecting(from: App.injector) {
      $0.mapPlaceholder((any Network).self, named: "cdn")
    }
    let test = try #require(Test.current)

    let issues = try await recordedIssues {
      try await trait.provideScope(for: test, testCase: Test.Case.current) {
        _ = try Injector.current.resolve((any Network).self, named: "cdn")
      }
    }

    #expect(issues.count == 1)
    #expect(
      issues.first?.contains(
        #"fix: override it if the test needs it: $0.map((any Network).self, named: "cdn") { _ in … }"#
      ) == true)
  }
}
