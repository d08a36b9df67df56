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

  @Test func aDecoratorOfAPlaceholderKeepsItAPlaceholder() throws {
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
