import InjectionCore
import InjectionReflection
import Testing

/// Validation reports a value that lives longer holding one that should live shorter.
@Suite struct CaptiveDependencyTests {
  enum SessionScope: ResettableScope {}
  enum RequestScope: ResettableScope {}

  /// A value that should not outlive its scope, or its users.
  final class Session: Sendable { init() {} }
  /// A value of one resolution's graph.
  final class Scratch: Sendable { init() {} }

  /// Keeps whatever it is built with.
  final class Cache: Sendable {
    let held: any Sendable
    init(holding held: any Sendable) { self.held = held }
  }

  /// Holds the session through an `@Injected` property.
  final class Dashboard: Injectable, Sendable {
    let session = Injected<Session>()
    init() {}
  }

  /// A transient that keeps a graph value.
  final class Formatter: Injectable, Sendable {
    let scratch = Injected<Scratch>()
    init() {}
  }

  /// Holds a transient and a provider of the session: neither is a captive.
  final class Reporter: Injectable, Sendable {
    let formatter = Injected<Formatter>()
    let makeSession = Injected<Provider<Session>>()
    init() {}
  }

  protocol Clock: Sendable {}
  protocol TimeZone: Sendable {}
  struct SystemClock: Clock { let zone: any TimeZone }
  struct UTC: TimeZone {}
  struct Local: TimeZone {}

  private static func captives(in report: ValidationReport) -> [ValidationProblem] {
    report.problems.filter { $0.kind == .captiveDependency }
  }

  @Test func aSingletonWhoseFactoryResolvesAWeakValueIsACaptiveWithItsPathAndAFix() throws {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .weak) { _ in Session() }
    injector.map(Cache.self, scope: .singleton) { Cache(holding: try $0.resolve(Session.self)) }

    let report = injector.validationReport()

    let captive = try #require(Self.captives(in: report).first, "\(report)")
    #expect(report.problems.count == 1, "\(report)")
    guard case .captiveDependency(let key, let holder, let path, _) = captive else { return }
    #expect(key == InjectionKey(Session.self))
    #expect(holder == InjectionKey(Cache.self))
    #expect(path == [InjectionKey(Cache.self)])
    let lines = captive.description.split(separator: "\n")
    #expect(
      lines.first
        == """
        captive dependency: CaptiveDependencyTests.Session (.weak) is kept alive for good by \
        singleton CaptiveDependencyTests.Cache, needed by CaptiveDependencyTests.Cache
        """)
    #expect(lines.count == 2)
    #expect(lines.last?.contains("fix: hold a Provider<CaptiveDependencyTests.Session>") == true)
    #expect(lines.last?.contains("scope: .weak) { … }") == true)
    let edge = report.graph.edges.first {
      $0.from == InjectionKey(Cache.self) && $0.to == InjectionKey(Session.self)
    }
    #expect(edge?.isProblem == true, "the graph draws the captive edge as a problem")
    #expect(throws: ValidationError.self) { try injector.validate() }
  }

  @Test func anEagerSingletonWhoseInjectedPropertyHoldsAResettableValueIsACaptive() throws {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in Session() }
    injector.map(Dashboard.self, scope: .eagerSingleton)

    let report = injector.validationReport()

    let captive = try #require(Self.captives(in: report).first, "\(report)")
    #expect(Self.captives(in: report).count == 1, "\(report)")
    #expect(captive.key == InjectionKey(Session.self))
    #expect(captive.path == [InjectionKey(Dashboard.self)])
    #expect(
      captive.description.contains(
        "(in SessionScope) is kept after reset(SessionScope.self) by eager singleton"),
      "\(captive)")
    #expect(
      captive.description.contains("scope: .resettable(SessionScope.self)) { … }"), "\(captive)")
  }

  @Test func aSingletonThatKeepsAGraphValueThroughATransientIsACaptive() throws {
    let injector = Injector(label: "app")
    injector.map(Scratch.self, scope: .graph) { _ in Scratch() }
    injector.map(Cache.self, scope: .singleton) { Cache(holding: try $0.resolve(Formatter.self)) }

    let report = injector.validationReport(roots: Cache.self)

    let captives = Self.captives(in: report)
    #expect(captives.count == 1, "\(report)")
    guard case .captiveDependency(let key, let holder, let path, let reason)? = captives.first
    else { return }
    #expect(key == InjectionKey(Scratch.self))
    #expect(holder == InjectionKey(Cache.self))
    #expect(path == [InjectionKey(Cache.self), InjectionKey(Formatter.self)])
    #expect(reason.hasPrefix("(.graph) is kept beyond the resolution that built it"), "\(reason)")
    let edge = report.graph.edges.first { $0.to == InjectionKey(Scratch.self) }
    #expect(edge?.from == InjectionKey(Formatter.self))
    #expect(edge?.isProblem == true)
  }

  @Test func aResettableValueThatResolvesOneOfAnotherScopeIsACaptiveAndOfItsOwnScopeIsNot()
    throws
  {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .resettable(RequestScope.self)) { _ in Session() }
    injector.map(Scratch.self, scope: .resettable(SessionScope.self)) { _ in Scratch() }
    injector.map(Cache.self, scope: .resettable(SessionScope.self)) { injector in
      _ = try injector.resolve(Scratch.self)  // the same scope: reset together
      return Cache(holding: try injector.resolve(Session.self))
    }

    let report = injector.validationReport()

    let captives = Self.captives(in: report)
    #expect(captives.count == 1, "\(report)")
    guard case .captiveDependency(let key, let holder, _, let reason)? = captives.first else {
      return
    }
    #expect(key == InjectionKey(Session.self))
    #expect(holder == InjectionKey(Cache.self))
    #expect(
      reason.hasPrefix(
        """
        (in RequestScope) is kept after reset(RequestScope.self) by \
        CaptiveDependencyTests.Cache (in SessionScope)
        """), "\(reason)")
  }

  @Test func aParentsSingletonThatResolvesAKeyAChildOverridesIsACaptive() throws {
    let app = Injector(label: "app")
    app.map((any TimeZone).self) { _ in Local() }
    app.map((any Clock).self, scope: .singleton) {
      SystemClock(zone: try $0.resolve((any TimeZone).self))
    }
    let child = app.makeChild(label: "request")
    child.map((any TimeZone).self) { _ in UTC() }

    let report = child.validationReport()

    let captives = Self.captives(in: report)
    #expect(captives.count == 1, "\(report)")
    let captive = try #require(captives.first)
    guard case .captiveDependency(let key, let holder, let path, _) = captive else { return }
    #expect(key == InjectionKey((any TimeZone).self))
    #expect(holder == InjectionKey((any Clock).self))
    #expect(path == [InjectionKey((any Clock).self)])
    #expect(
      captive.description.hasPrefix(
        """
        captive dependency: CaptiveDependencyTests.TimeZone is mapped by injector "request", \
        which singleton CaptiveDependencyTests.Clock of injector "app" never sees
        """), "\(captive)")
    #expect(
      captive.description.contains(
        "injector.map((any CaptiveDependencyTests.Clock).self, scope: .singleton) { … } on \"request\""
      ), "\(captive)")
    // What the report says: the child's clock has the parent's zone.
    let clock = try child.resolve((any Clock).self) as? SystemClock
    #expect(clock?.zone is Local)
    #expect(Self.captives(in: app.validationReport()).isEmpty, "the parent alone is fine")
  }

  @Test func onlyTheShorterLivedValueASingletonHoldsIsACaptiveNotItsTransientsNorItsProviders()
    throws
  {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .weak) { _ in Session() }
    injector.map(Reporter.self, scope: .singleton)  // a transient and a Provider<Session>
    injector.map(Dashboard.self, scope: .weak)  // a .weak value holding a .weak value
    injector.map(Scratch.self, scope: .singleton) { _ in Scratch() }
    injector.map(Cache.self, scope: .singleton) { injector in
      _ = try injector.resolve(Scratch.self)  // a singleton
      return Cache(holding: try injector.resolve(Dashboard.self))
    }

    let report = injector.validationReport()

    #expect(
      Self.captives(in: report).map(\.key) == [InjectionKey(Dashboard.self)], "\(report)")
    #expect(report.problems.count == 1, "\(report)")
  }

  @Test func theAwaitedValidationReportsACaptiveOfAnAsyncSingleton() async throws {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .weak) { _ in Session() }
    injector.map(Cache.self, scope: .singleton) { injector async throws in
      await Task.yield()
      return Cache(holding: try injector.resolve(Session.self))
    }

    let report = await injector.validationReport()

    #expect(Self.captives(in: report).map(\.key) == [InjectionKey(Session.self)], "\(report)")
  }
}
