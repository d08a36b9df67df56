import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

/// The scope of a signed-in session, for these tests.
private enum SessionScope: ResettableScope {}

@Suite struct ResettableScopeOverrideTests {
  @Test func anOverrideInAResettableScopeIsCachedAndResetInTheTestInjectorOnly() throws {
    let base = Injector(label: "base")
    base.map((any Engine).self, scope: .resettable(SessionScope.self)) { _ in FactoryEngine() }
    let baseEngine = try base.resolve((any Engine).self)
    let serials = Atomic<Int>(0)
    try withTestInjector(from: base) {
      $0.map((any Engine).self, scope: .resettable(SessionScope.self)) { _ in
        TestEngine(serial: serials.add(1, ordering: .relaxed).newValue)
      }
    } operation: { scope in
      let injector = scope.injector
      let first = try injector.resolve((any Engine).self)
      #expect(first.serial == 1)
      #expect(try injector.resolve((any Engine).self) === first)
      #expect(
        injector.snapshot().mapping(for: InjectionKey((any Engine).self))?.resettableScope
          == "SessionScope")

      #expect(injector.reset(SessionScope.self) == 1)

      #expect(try injector.resolve((any Engine).self).serial == 2)
    }
    #expect(try base.resolve((any Engine).self) === baseEngine)
  }

  @Test func aResettableMappingOfTheBaseStartsUnbuiltInTheTestInjector() throws {
    let base = Injector(label: "base")
    let builds = Atomic<Int>(0)
    base.map((any Engine).self, scope: .resettable(SessionScope.self)) { _ in
      TestEngine(serial: builds.add(1, ordering: .relaxed).newValue)
    }
    let baseEngine = try base.resolve((any Engine).self)
    try withTestInjector(from: base) { scope in
      let engine = try scope.injector.resolve((any Engine).self)
      #expect(engine !== baseEngine)
      #expect(engine.serial == 2)
    }
  }
}
