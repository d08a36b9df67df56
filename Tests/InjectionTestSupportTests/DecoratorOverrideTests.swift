import InjectionCore
import InjectionTestSupport
import Testing

/// Decorators in a test's overrides: added after the base's, or the base's removed.
@Suite struct DecoratorOverrideTests {
  static func base() -> Injector {
    let base = Injector(label: "app")
    base.map(String.self) { _ in "engine" }
    base.decorate(String.self) { "logged \($0)" }
    return base
  }

  @Test func theBasesDecoratorsWrapTheTestInjectorsValues() throws {
    try withTestInjector(from: Self.base()) { scope throws in
      #expect(try scope.injector.resolve(String.self) == "logged engine")
    }
  }

  @Test func aTestAddsADecoratorAfterTheBases() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.decorate(String.self) { "spied \($0)" }
    } operation: { scope throws in
      #expect(try scope.injector.resolve(String.self) == "spied logged engine")
      #expect(scope.overriddenKeys.isEmpty)
    }
    #expect(try base.resolve(String.self) == "logged engine")
  }

  @Test func aTestRemovesTheBasesDecorators() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.removeDecorators(of: String.self)
    } operation: { scope throws in
      #expect(try scope.injector.resolve(String.self) == "engine")
    }
    #expect(try base.resolve(String.self) == "logged engine")
  }

  @Test func aParentsDecoratorsAreRemovedFromTheTestInjectorToo() throws {
    let root = Injector(label: "root")
    root.decorate(String.self) { "root \($0)" }
    let app = root.makeChild(label: "app")
    app.map(String.self) { _ in "engine" }
    try withTestInjector(from: app) { overrides throws in
      overrides.removeDecorators(of: String.self)
      overrides.decorate(String.self) { "test \($0)" }
    } operation: { scope throws in
      #expect(try scope.injector.resolve(String.self) == "test engine")
    }
    #expect(try app.resolve(String.self) == "root engine")
  }

  /// The app's decorator of engines: a wrapper a test's fake must not end up in.
  final class LoggingEngine: Engine {
    let wrapped: any Engine
    var serial: Int { wrapped.serial }

    init(wrapping engine: any Engine) { self.wrapped = engine }
  }

  static func decoratingApp() -> Injector {
    let app = Injector(label: "app")
    app.map((any Engine).self, scope: .singleton) { _ in FactoryEngine() }
    app.decorate((any Engine).self) { LoggingEngine(wrapping: $0) }
    return app
  }

  @Test func theBasesDecoratorsWrapNeitherAFactoryNorAnInstanceOverride() throws {
    let app = Self.decoratingApp()
    try withTestInjector(from: app) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 1) }
    } operation: { scope throws in
      #expect(try scope.injector.resolve((any Engine).self) is TestEngine)
    }
    try withTestInjector(from: app) {
      $0.map((any Engine).self, to: TestEngine(serial: 2))
    } operation: { scope throws in
      #expect(try scope.injector.resolve((any Engine).self) is TestEngine)
    }
    #expect(try app.resolve((any Engine).self) is LoggingEngine)
  }

  @Test func aDecoratorTheTestAddsWrapsItsOverrideAlone() throws {
    try withTestInjector(from: Self.base()) { overrides throws in
      overrides.decorate(String.self) { "spied \($0)" }
      overrides.map(String.self) { _ in "fake" }
    } operation: { scope throws in
      #expect(try scope.injector.resolve(String.self) == "spied fake")
    }
  }

  @Test(
    .injecting(from: DecoratorOverrideTests.base()) { $0.decorate(String.self) { "spied \($0)" } })
  func anOverrideOfTheBodyKeepsTheTestsDecoratorsButNotTheBases() throws {
    let scope = try #require(TestInjector.current)
    try scope.override { $0.map(String.self) { _ in "fake" } }
    #expect(try Injector.current.resolve(String.self) == "spied fake")
    try scope.override { $0.map(String.self) { _ in "second fake" } }
    #expect(try Injector.current.resolve(String.self) == "spied second fake")
  }

  @Test func aDecoratorOfAPlaceholderKeepsItAPlaceholder() throws {
    // Known issue: the decorated placeholder fails the test when it is resolved.
    try withKnownIssue {
      try withTestInjector(from: Injector()) { overrides throws in
        overrides.mapPlaceholder(String.self) { "stand-in" }
        overrides.decorate(String.self) { "logged \($0)" }
      } operation: { scope throws in
        #expect(try scope.injector.resolve(String.self) == "logged stand-in")
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("The placeholder String was resolved") }
    }
  }
}
