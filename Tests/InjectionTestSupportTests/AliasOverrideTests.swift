import InjectionCore
import InjectionTestSupport
import Testing

/// Tests that override an alias (`alias(_:named:to:targetNamed:_:)`) or the key it resolves.
@Suite struct AliasOverrideTests {
  protocol Reserving: AnyObject, Sendable {
    var name: String { get }
  }

  final class TicketService: Reserving {
    let name = "tickets"
  }

  final class FakeTicketService: Reserving {
    let name = "fake"
  }

  final class FakeReserving: Reserving {
    let name = "fake reserving"
  }

  private static func base() -> Injector {
    let base = Injector(label: "app")
    base.map(TicketService.self, scope: .singleton) { _ in TicketService() }
    base.alias((any Reserving).self, to: TicketService.self) { $0 }
    return base
  }

  @Test func overridingTheMainKeyChangesWhatItsAliasesResolve() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.map(TicketService.self, scope: .singleton) { _ in TicketService() }
    } operation: { scope throws in
      let injector = scope.injector
      let reserving = try injector.resolve((any Reserving).self)
      #expect(reserving === (try injector.resolve(TicketService.self)))
      #expect(reserving !== (try base.resolve(TicketService.self)))
      #expect(scope.overriddenKeys == [InjectionKey(TicketService.self)])
    }
  }

  @Test func overridingTheAliasKeyReplacesOnlyTheAlias() throws {
    let base = Self.base()
    let fake = FakeReserving()
    try withTestInjector(from: base) { overrides throws in
      overrides.map((any Reserving).self, to: fake)
    } operation: { scope throws in
      let injector = scope.injector
      #expect(try injector.resolve((any Reserving).self) === fake)
      #expect(try injector.resolve(TicketService.self).name == "tickets")
      #expect(
        injector.snapshot().mapping(for: InjectionKey((any Reserving).self))?.recipe == .instance)
    }
    #expect(try base.resolve((any Reserving).self) === base.resolve(TicketService.self))
  }

  @Test func aTestCanAliasTheKeyToAnotherMapping() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.map(FakeTicketService.self, scope: .singleton) { _ in FakeTicketService() }
      overrides.alias((any Reserving).self, to: FakeTicketService.self) { $0 }
    } operation: { scope throws in
      let injector = scope.injector
      #expect(
        try injector.resolve((any Reserving).self) === injector.resolve(FakeTicketService.self))
      #expect(
        injector.snapshot().mapping(for: InjectionKey((any Reserving).self))?.aliasTarget
          == InjectionKey(FakeTicketService.self))
    }
  }

  @Test func unmappingTheMainKeyInATestRemovesItsAliasesThere() throws {
    let base = Self.base()
    try withTestInjector(from: base) { overrides throws in
      overrides.unmap(TicketService.self)
    } operation: { scope throws in
      #expect(!scope.injector.isMapped((any Reserving).self))
    }
    #expect(base.isMapped((any Reserving).self))
  }
}
