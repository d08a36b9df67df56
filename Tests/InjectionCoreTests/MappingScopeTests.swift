import InjectionCore
import InjectionTestHelpers
import Testing

/// The scope of a signed-in session, for these tests.
private enum VisitScope: ResettableScope {}

/// A value with a serial number, to tell two apart.
private final class Visit: Sendable {
  let serial: Int

  init(serial: Int) {
    self.serial = serial
  }
}

/// A visit whose hook records each call.
private final class HookedVisit: InjectionCompletable, Sendable {
  let hooks: Counter

  init(hooks: Counter) {
    self.hooks = hooks
  }

  func injectionDidComplete() { hooks.increment() }
}

/// An `Injectable` form that is not `Sendable`.
private final class OrderForm: Injectable {
  init() {}
}

/// `MappingScope`: the one `scope:` parameter of `map` and `contribute`.
@Suite struct MappingScopeTests {
  @Test func anInitializerMapsInAResettableScopeAndIsBuiltAgainAfterAReset() throws {
    let builds = Counter()
    let injector = Injector(label: "visits")
    injector.map(
      Visit.self, scope: .resettable(VisitScope.self),
      with: {
        Visit(serial: builds.increment())
      })
    let first = try injector.resolve(Visit.self)
    #expect(try injector.resolve(Visit.self) === first)

    #expect(injector.reset(VisitScope.self) == 1)
    #expect(try injector.resolve(Visit.self) !== first)
    let snapshot = try #require(injector.snapshot().mappings.first)
    #expect(snapshot.recipe == .initializer)
    #expect(snapshot.resettableScope == "VisitScope")
  }

  @Test func aHookedInitializerInAResettableScopeCompletesEachValueOnce() throws {
    let hooks = Counter()
    let injector = Injector(label: "visits")
    injector.map(
      HookedVisit.self, scope: .resettable(VisitScope.self),
      with: {
        HookedVisit(hooks: hooks)
      })
    _ = try injector.resolve(HookedVisit.self)
    _ = try injector.resolve(HookedVisit.self)
    injector.reset(VisitScope.self)
    _ = try injector.resolve(HookedVisit.self)

    #expect(hooks.value == 2)
  }

  @Test(arguments: [Scope.transient, .singleton, .eagerSingleton, .weak, .graph])
  func aScopeValueMapsInTheScopeItNames(scope: Scope) {
    let injector = Injector(label: "configured")
    injector.map(Visit.self, scope: MappingScope(scope)) { _ in Visit(serial: 0) }

    #expect(MappingScope<Visit>(scope).scope == scope)
    #expect(MappingScope<Visit>(scope).description == scope.description)
    #expect(injector.snapshot().mappings.first?.scope == scope)
  }

  @Test func anInjectableTypeThatIsNotSendableMapsInTheGraphScope() throws {
    let injector = Injector(label: "orders")
    injector.map(OrderForm.self, scope: .graph)

    let snapshot = try #require(injector.snapshot().mappings.first)
    #expect(snapshot.scope == .graph)
    #expect(snapshot.recipe == .injectableType)
  }

  @Test func aScopeValueEqualsTheMemberOfTheSameName() {
    #expect(MappingScope<Visit>(.singleton) == .singleton)
    #expect(MappingScope<Visit>(.transient) == .transient)
    #expect(MappingScope<Visit>(.singleton) != .resettable(VisitScope.self))
  }

  @Test func aResettableScopeIsASingletonThatNamesItsScope() {
    let scope = MappingScope<Visit>.resettable(VisitScope.self)

    #expect(scope.scope == .singleton)
    #expect(scope.description == "resettable(VisitScope)")
    #expect(scope == .resettable(VisitScope.self))
  }
}
