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

/// Tests that replace entries of a keyed collection.
@Suite struct KeyedCollectionOverrideTests {
  private static func base() -> Injector {
    let base = Injector(label: "app")
    base.contribute(String.self, forKey: "json", to: "JSON parser")
    base.contribute(String.self, forKey: "csv", scope: .singleton) { _ in "CSV parser" }
    return base
  }

  @Test func aTestsEntryWinsOverTheBasesEntryOfItsKey() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.contribute(String.self, forKey: "json", to: "fake parser")
    } operation: { scope throws in
      let parsers = try scope.injector.resolveAll(String.self, keyedBy: String.self)
      #expect(parsers == ["json": "fake parser", "csv": "CSV parser"])
      #expect(scope.overriddenKeys == [InjectionKey([String: String].self)])
    }
    let parsers = try base.resolveAll(String.self, keyedBy: String.self)
    #expect(parsers == ["json": "JSON parser", "csv": "CSV parser"])
  }

  @Test func aTestRemovesTheBasesEntries() throws {
    let base = Self.base()
    let child = base.makeChild(label: "request")
    child.contribute(String.self, forKey: "xml", to: "XML parser")
    try withTestInjector(from: child) { overrides throws in
      overrides.removeContributions(to: String.self, keyedBy: String.self)
      overrides.contribute(String.self, forKey: "yaml", to: "YAML parser")
    } operation: { scope throws in
      let parsers = try scope.injector.resolveAll(String.self, keyedBy: String.self)
      #expect(parsers == ["yaml": "YAML parser"])
    }
    #expect(try child.resolveAll(String.self, keyedBy: String.self).count == 3)
  }

  @Test func anEntryOverriddenFromTheTestBodyWins() throws {
    try withTestInjector(from: Self.base()) { scope in
      try scope.override { $0.contribute(String.self, forKey: "csv") { _ in "late" } }
      #expect(try scope.injector.resolve(String.self, forKey: "csv") == "late")
    }
  }
}
