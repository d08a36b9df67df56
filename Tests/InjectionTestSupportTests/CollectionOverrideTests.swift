import InjectionCore
import InjectionTestSupport
import Testing

/// Tests that add to or replace a collection of contributions.
@Suite struct CollectionOverrideTests {
  private static func base() -> Injector {
    let base = Injector(label: "app")
    base.contribute(String.self, to: "console")
    base.contribute(String.self, scope: .singleton) { _ in "file" }
    return base
  }

  @Test func aTestsContributionIsAddedAfterTheBases() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.contribute(String.self, to: "memory")
    } operation: { scope throws in
      #expect(try scope.injector.resolveAll(String.self) == ["console", "file", "memory"])
      #expect(scope.overriddenKeys == [InjectionKey([String].self)])
    }
    #expect(try base.resolveAll(String.self) == ["console", "file"])
  }

  @Test func aTestReplacesACollectionByRemovingItFirst() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.removeContributions(to: String.self)
      overrides.contribute(String.self, to: "memory")
    } operation: { scope throws in
      #expect(try scope.injector.resolveAll(String.self) == ["memory"])
    }
    #expect(try base.resolveAll(String.self) == ["console", "file"])
  }

  @Test func aTestEmptiesANamedCollectionOnly() throws {
    let base = Self.base()
    base.contribute(String.self, named: "audit", to: "disk")
    try withTestInjector(from: base) { overrides throws in
      overrides.removeContributions(to: String.self, named: "audit")
    } operation: { scope throws in
      #expect(try scope.injector.resolveAll(String.self, named: "audit").isEmpty)
      #expect(try scope.injector.resolveAll(String.self) == ["console", "file"])
    }
  }

  @Test func overridesMadeFromTheTestBodyChangeTheCollection() throws {
    try withTestInjector(from: Self.base()) { scope in
      try scope.override {
        $0.removeContributions(to: String.self)
        $0.contribute(String.self) { _ in "late" }
      }
      #expect(try scope.injector.resolveAll(String.self) == ["late"])
    }
  }
}
