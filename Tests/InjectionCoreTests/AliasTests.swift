import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// Aliases: one mapping served under several keys (`alias(_:named:to:named:_:)`).
@Suite struct AliasTests {
  protocol Reserving: AnyObject, Sendable {
    func reserve() -> String
  }

  protocol Purchasing: AnyObject, Sendable {
    func purchase() -> String
  }

  /// Counts its instances and its hook calls in counters the test owns.
  final class TicketService: Reserving, Purchasing, InjectionCompletable {
    let hooks: Counter
    init(builds: Counter, hooks: Counter) {
      builds.increment()
      self.hooks = hooks
    }
    func reserve() -> String { "reserved" }
    func purchase() -> String { "purchased" }
    func injectionDidComplete() { hooks.increment() }
  }

  final class FakeTicketService: Reserving {
    func reserve() -> String { "fake" }
  }

  // @unchecked Sendable: no stored state at all (a class that is not final cannot be checked).
  class Vehicle: @unchecked Sendable {}
  // @unchecked Sendable: no stored state, as its superclass.
  final class Truck: Vehicle, @unchecked Sendable {}

  /// Resolves the main key and an alias in one graph.
  final class BoxOffice: Injectable {
    @Injected var service: TicketService
    @Injected var reserving: any Reserving
    init() {}
  }

  final class Counters: Sendable {
    let builds = Counter()
    let hooks = Counter()
  }

  private static func injector(
    _ scope: Scope = .singleton, counters: Counters = Counters(), label: String = "app"
  ) -> Injector {
    let injector = Injector(label: label)
    injector.map(TicketService.self, scope: MappingScope(scope)) { _ in
      TicketService(builds: counters.builds, hooks: counters.hooks)
    }
    injector.alias((any Reserving).self, to: TicketService.self) { $0 }
    injector.alias((any Purchasing).self, to: TicketService.self) { $0 }
    return injector
  }

  // MARK: - Scopes

  @Test func everyAliasOfASingletonReturnsItsOneInstance() throws {
    let counters = Counters()
    let injector = Self.injector(counters: counters)

    let reserving = try injector.resolve((any Reserving).self)
    let purchasing = try injector.resolve((any Purchasing).self)
    let service = try injector.resolve(TicketService.self)

    #expect(reserving === service)
    #expect(purchasing === service)
    #expect(try injector.resolve((any Reserving).self) === service)
    #expect(reserving.reserve() == "reserved")
    #expect(purchasing.purchase() == "purchased")
    #expect(counters.builds.value == 1)
    #expect(counters.hooks.value == 1)
  }

  @Test func anAliasOfATransientMappingBuildsANewValueEachTime() throws {
    let counters = Counters()
    let injector = Self.injector(.transient, counters: counters)

    let first = try injector.resolve((any Reserving).self)
    let second = try injector.resolve((any Reserving).self)

    #expect(first !== second)
    #expect(counters.builds.value == 2)
    #expect(counters.hooks.value == 2, "each value's hook runs once, not again for the alias")
  }

  @Test func anAliasOfAWeakMappingReturnsTheObjectWhileItLives() throws {
    let counters = Counters()
    let injector = Self.injector(.weak, counters: counters)

    var held: TicketService? = try injector.resolve(TicketService.self)
    #expect(try injector.resolve((any Reserving).self) === held)
    let released = WeakReference(held)
    held = nil
    #expect(released.object == nil)

    let next = try injector.resolve((any Purchasing).self)
    #expect(counters.builds.value == 2)
    #expect(try injector.resolve(TicketService.self) === next)
  }

  @Test func anAliasOfAGraphMappingSharesTheValueOfItsGraph() throws {
    let counters = Counters()
    let injector = Self.injector(.graph, counters: counters)

    let office = try injector.resolve(BoxOffice.self)
    let other = try injector.resolve(BoxOffice.self)

    #expect(office.reserving === office.service)
    #expect(other.reserving === other.service)
    #expect(office.service !== other.service)
    #expect(counters.builds.value == 2)
  }

  @Test func anAliasOfAnEagerSingletonReturnsTheValueBuiltWhenItWasMapped() throws {
    let counters = Counters()
    let injector = Self.injector(.eagerSingleton, counters: counters)
    #expect(counters.builds.value == 1)

    #expect(try injector.resolve((any Reserving).self) === injector.resolve(TicketService.self))
    #expect(counters.builds.value == 1)
  }

  @Test func anAliasOfAnInstanceReturnsTheInstance() throws {
    let injector = Injector()
    let truck = Truck()
    injector.map(Truck.self, to: truck)
    injector.alias(Vehicle.self, to: Truck.self) { $0 }

    #expect(try injector.resolve(Vehicle.self) === truck)
  }

  @Test func theConversionRunsOnEveryResolutionOfTheAlias() throws {
    let injector = Injector()
    let conversions = Counter()
    injector.map(Int.self, scope: .singleton) { _ in 42 }
    injector.alias(String.self, to: Int.self) { number in
      conversions.increment()
      return "#\(number)"
    }

    #expect(try injector.resolve(String.self) == "#42")
    #expect(try injector.resolve(String.self) == "#42")
    #expect(conversions.value == 2)
  }

  @Test func anInjectedPropertyOfAnAliasKeyGetsTheTargetsValue() throws {
    let injector = Self.injector()
    let office = try injector.resolve(BoxOffice.self)
    #expect(office.reserving === (try injector.resolve(TicketService.self)))
  }

  @Test func anAliasOfAnAsyncMappingResolvesItOncePrepareBuiltIt() async throws {
    let injector = Injector()
    let counters = Counters()
    injector.map(TicketService.self, scope: .eagerSingleton) { _ in
      await Task.yield()
      return TicketService(builds: counters.builds, hooks: counters.hooks)
    }
    injector.alias((any Reserving).self, to: TicketService.self) { $0 }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Reserving).self)
    }
    guard case .asyncMapping(let key, _)? = error else {
      Issue.record("expected the target's asyncMapping, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionKey(TicketService.self))

    try await injector.prepare()

    #expect(try injector.resolve((any Reserving).self) === injector.resolve(TicketService.self))
    #expect(
      try await injector.resolveAsync((any Reserving).self) === injector.resolve(TicketService.self)
    )
    #expect(counters.builds.value == 1)
  }

  // MARK: - Names

  @Test func namedKeysWorkOnBothSides() throws {
    let injector = Injector()
    let counters = Counters()
    injector.map(TicketService.self, named: "box office", scope: .singleton) { _ in
      TicketService(builds: counters.builds, hooks: counters.hooks)
    }
    injector.alias(
      (any Reserving).self, named: "front desk", to: TicketService.self, targetNamed: "box office"
    ) { $0 }
    injector.alias((any Purchasing).self, to: TicketService.self, targetNamed: "box office") {
      $0
    }

    let service = try injector.resolve(TicketService.self, named: "box office")
    #expect(try injector.resolve((any Reserving).self, named: "front desk") === service)
    #expect(try injector.resolve((any Purchasing).self) === service)
    #expect(!injector.isMapped((any Reserving).self))
    #expect(!injector.isMapped(TicketService.self))
  }

  // MARK: - Removal and remapping

  @Test func unmappingTheTargetRemovesItsAliases() throws {
    let injector = Self.injector()
    _ = try injector.resolve((any Reserving).self)

    injector.unmap(TicketService.self)

    #expect(!injector.isMapped((any Reserving).self))
    #expect(!injector.isMapped((any Purchasing).self))
    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Reserving).self)
    }
    #expect(error?.notMapped?.key == InjectionKey((any Reserving).self))
  }

  @Test func unmappingTheTargetByItsKeyRemovesItsAliases() throws {
    let injector = Self.injector()
    #expect(injector.unmap(InjectionKey(TicketService.self)))
    #expect(!injector.isMapped((any Purchasing).self))
    #expect(injector.snapshot().mappings.isEmpty)
  }

  @Test func unmappingTheTargetRemovesAnAliasOfItsAliasToo() throws {
    let injector = Self.injector()
    injector.alias(AnyObject.self, to: (any Reserving).self) { $0 }
    #expect(try injector.resolve(AnyObject.self) === injector.resolve(TicketService.self))

    injector.unmap(TicketService.self)

    #expect(!injector.isMapped(AnyObject.self))
  }

  @Test func unmappingAnAliasLeavesItsTargetAndTheOtherAliases() throws {
    let injector = Self.injector()
    injector.unmap((any Reserving).self)

    #expect(injector.isMapped(TicketService.self))
    #expect(try injector.resolve((any Purchasing).self) === injector.resolve(TicketService.self))
  }

  @Test func mappingTheAliasKeyAgainReplacesTheAlias() throws {
    let injector = Self.injector()
    let fake = FakeTicketService()
    injector.map((any Reserving).self, to: fake)

    #expect(try injector.resolve((any Reserving).self) === fake)
    #expect(injector.snapshot().mapping(for: InjectionKey((any Reserving).self))?.shadowed == [])
    // No longer an alias: it outlives the target.
    injector.unmap(TicketService.self)
    #expect(try injector.resolve((any Reserving).self) === fake)
  }

  @Test func mappingTheTargetAgainKeepsItsAliasesAndServesTheNewMapping() throws {
    let injector = Self.injector()
    let before = try injector.resolve((any Reserving).self)
    let counters = Counters()
    injector.map(TicketService.self, scope: .singleton) { _ in
      TicketService(builds: counters.builds, hooks: counters.hooks)
    }

    let after = try injector.resolve((any Reserving).self)
    #expect(after !== before)
    #expect(after === (try injector.resolve(TicketService.self)))
  }

  @Test func anAliasCanBeMadeBeforeItsTarget() throws {
    let injector = Injector()
    injector.alias((any Reserving).self, to: TicketService.self) { $0 }
    let counters = Counters()
    injector.map(TicketService.self, scope: .singleton) { _ in
      TicketService(builds: counters.builds, hooks: counters.hooks)
    }
    #expect(try injector.resolve((any Reserving).self) === injector.resolve(TicketService.self))
  }

  @Test func anAliasWhoseTargetIsNotMappedThrowsNotMappedForTheTarget() throws {
    let injector = Injector()
    injector.alias((any Reserving).self, to: TicketService.self) { $0 }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Reserving).self)
    }
    let notMapped = try #require(error?.notMapped)
    #expect(notMapped.key == InjectionKey(TicketService.self))
    #expect(notMapped.path == [InjectionKey((any Reserving).self)])
  }

  @Test func twoAliasesOfEachOtherAreACycle() throws {
    let injector = Injector()
    injector.alias((any Reserving).self, to: (any Purchasing).self) { $0 as! any Reserving }
    injector.alias((any Purchasing).self, to: (any Reserving).self) { $0 as! any Purchasing }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Reserving).self)
    }
    guard case .cycle(let path)? = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path.first == InjectionKey((any Reserving).self))
    #expect(path.last == InjectionKey((any Reserving).self))
  }

  // MARK: - Modules

  final class TicketModule: InjectionModule {
    let counters: Counters
    init(_ counters: Counters) { self.counters = counters }
    func configure(_ mappings: ModuleMappings) {
      let counters = counters
      mappings.map(TicketService.self, scope: .singleton) { _ in
        TicketService(builds: counters.builds, hooks: counters.hooks)
      }
      mappings.alias((any Reserving).self, to: TicketService.self) { $0 }
    }
  }

  final class SelfAliasModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.alias((any Reserving).self, to: (any Reserving).self) { $0 }
    }
  }

  @Test func anAliasMadeInAModuleIsRemovedWithIt() throws {
    let injector = Injector()
    let module = TicketModule(Counters())
    try injector.addModule(module)
    #expect(try injector.resolve((any Reserving).self) === injector.resolve(TicketService.self))
    #expect(
      injector.snapshot().modules.first?.keys.contains(InjectionKey((any Reserving).self)) == true)

    #expect(injector.removeModule(module))

    #expect(!injector.isMapped((any Reserving).self))
    #expect(!injector.isMapped(TicketService.self))
  }

  @Test func removingTheModuleThatMappedTheTargetRemovesTheDirectAliasesOfIt() throws {
    let injector = Injector()
    let module = TicketModule(Counters())
    try injector.addModule(module)
    injector.alias((any Purchasing).self, to: TicketService.self) { $0 }

    injector.removeModule(module)

    #expect(!injector.isMapped((any Purchasing).self))
  }

  final class OtherModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(FakeTicketService.self) { _ in FakeTicketService() }
    }
  }

  @Test func replacingTheModuleThatMapsTheTargetWithOneThatMapsItKeepsTheDirectAliases() throws {
    let injector = Injector()
    let first = TicketModule(Counters())
    try injector.addModule(first)
    injector.alias((any Purchasing).self, to: TicketService.self) { $0 }
    let old = try injector.resolve((any Purchasing).self)

    #expect(try injector.replaceModule(first, with: TicketModule(Counters())))

    let new = try injector.resolve((any Purchasing).self)
    #expect(new !== old)
    #expect(new === (try injector.resolve(TicketService.self)))
    #expect(try injector.resolve((any Reserving).self) === new, "the new module's own alias")
  }

  @Test func replacingTheModuleThatMapsTheTargetWithOneThatDoesNotRemovesTheAliases() throws {
    let injector = Injector()
    let first = TicketModule(Counters())
    try injector.addModule(first)
    injector.alias((any Purchasing).self, to: TicketService.self) { $0 }

    #expect(try injector.replaceModule(first, with: OtherModule()))

    #expect(!injector.isMapped((any Purchasing).self))
    #expect(!injector.isMapped((any Reserving).self))
    #expect(injector.isMapped(FakeTicketService.self))
  }

  @Test func anAliasStaysWhileAnotherMappingOfItsTargetIsLeft() throws {
    let injector = Injector()
    let counters = Counters()
    injector.map(TicketService.self, scope: .singleton) { _ in
      TicketService(builds: counters.builds, hooks: counters.hooks)
    }
    let module = TicketModule(Counters())
    try injector.addModule(module)  // its mapping of TicketService is shadowed by the direct one
    injector.alias((any Purchasing).self, to: TicketService.self) { $0 }

    injector.removeModule(module)

    #expect(!injector.isMapped((any Reserving).self), "the module's own alias goes with it")
    #expect(try injector.resolve((any Purchasing).self) === injector.resolve(TicketService.self))
  }

  @Test func aShadowedAliasIsRemovedWithItsTarget() throws {
    let injector = Injector()
    let module = TicketModule(Counters())
    try injector.addModule(module)
    let fake = FakeTicketService()
    injector.map((any Reserving).self, to: fake)  // shadows the module's alias
    #expect(
      injector.snapshot().mapping(for: InjectionKey((any Reserving).self))?.shadowed == [
        .module(String(reflecting: TicketModule.self))
      ])

    injector.unmap(TicketService.self)

    let reserving = injector.snapshot().mapping(for: InjectionKey((any Reserving).self))
    #expect(reserving?.shadowed == [])
    #expect(try injector.resolve((any Reserving).self) === fake)
  }

  @Test func anAliasOfItselfIsAnInvalidMapping() throws {
    let injector = Injector()
    let error = #expect(throws: InjectionError.self) {
      try injector.addModule(SelfAliasModule())
    }
    guard case .invalidMapping(let key, let reason)? = error else {
      Issue.record("expected an invalid mapping, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionKey((any Reserving).self))
    #expect(reason.contains("names itself as its target"))
    #expect(!injector.isMapped((any Reserving).self))
  }

  // MARK: - Child injectors

  @Test func aChildResolvesItsParentsAliasToTheParentsSingleton() throws {
    let parent = Self.injector()
    let child = parent.makeChild(label: "child")
    #expect(try child.resolve((any Reserving).self) === parent.resolve(TicketService.self))
  }

  @Test func aParentsAliasResolvesTheTargetFromTheChildThatWasAsked() throws {
    let parent = Self.injector()
    let child = parent.makeChild(label: "child")
    let childCounters = Counters()
    child.map(TicketService.self, scope: .singleton) { _ in
      TicketService(builds: childCounters.builds, hooks: childCounters.hooks)
    }

    let fromChild = try child.resolve((any Reserving).self)
    #expect(fromChild === (try child.resolve(TicketService.self)))
    #expect(fromChild !== (try parent.resolve((any Reserving).self)))
    #expect(childCounters.builds.value == 1)
  }

  @Test func aChildsAliasOfItsParentsMappingDanglesWhenTheParentUnmapsIt() throws {
    let parent = Injector(label: "app")
    let counters = Counters()
    parent.map(TicketService.self, scope: .singleton) { _ in
      TicketService(builds: counters.builds, hooks: counters.hooks)
    }
    let child = parent.makeChild(label: "child")
    child.alias((any Reserving).self, to: TicketService.self) { $0 }
    #expect(try child.resolve((any Reserving).self) === parent.resolve(TicketService.self))

    parent.unmap(TicketService.self)

    #expect(child.isMapped((any Reserving).self), "an injector removes only its own aliases")
    let error = #expect(throws: InjectionError.self) {
      try child.resolve((any Reserving).self)
    }
    #expect(error?.notMapped?.key == InjectionKey(TicketService.self))
  }

  @Test func unmappingATargetTheChildDoesNotMapRemovesTheChildsAliasesOfIt() throws {
    let parent = Injector(label: "app")
    let counters = Counters()
    parent.map(TicketService.self, scope: .singleton) { _ in
      TicketService(builds: counters.builds, hooks: counters.hooks)
    }
    let child = parent.makeChild(label: "child")
    child.alias((any Reserving).self, to: TicketService.self) { $0 }
    child.alias(AnyObject.self, to: (any Reserving).self) { $0 }

    child.unmap(TicketService.self)

    #expect(!child.isMapped((any Reserving).self), "the child's alias of the key is removed")
    #expect(!child.isMapped(AnyObject.self), "and the alias of that alias")
    #expect(child.isMapped(TicketService.self), "the parent's mapping stays")
    #expect(parent.isMapped(TicketService.self))
  }

  @Test func unmappingByKeyATargetOnlyAliasedHereRemovesTheAliasesAndSaysSo() throws {
    let parent = Injector(label: "app")
    parent.map(FakeTicketService.self) { _ in FakeTicketService() }
    let child = parent.makeChild(label: "child")
    child.alias((any Reserving).self, to: FakeTicketService.self) { $0 }

    #expect(child.unmap(InjectionKey(FakeTicketService.self)))
    #expect(!child.isMapped((any Reserving).self))
    #expect(!child.unmap(InjectionKey(FakeTicketService.self)), "nothing is left to remove")
  }

  @Test func aCopyServesItsOwnTargetThroughItsAliases() throws {
    let injector = Self.injector()
    let original = try injector.resolve((any Reserving).self)
    let copy = try injector.makeCopy(label: "copy")

    let copied = try copy.resolve((any Reserving).self)
    #expect(copied !== original)
    #expect(copied === (try copy.resolve(TicketService.self)))
    #expect(
      copy.snapshot().mapping(for: InjectionKey((any Reserving).self))?.aliasTarget
        == InjectionKey(TicketService.self))
  }

  // MARK: - Snapshot and observation

  @Test func aSnapshotShowsAnAliasAsSuchWithItsTarget() throws {
    let injector = Self.injector()
    let snapshot = injector.snapshot()

    let reserving = try #require(snapshot.mapping(for: InjectionKey((any Reserving).self)))
    #expect(reserving.recipe == .factory)
    #expect(reserving.aliasTarget == InjectionKey(TicketService.self))
    #expect(reserving.scope == .transient)
    #expect(reserving.hook == .notCalled)
    #expect(reserving.owner == .direct)
    #expect(
      reserving.description == "AliasTests.Reserving: alias of AliasTests.TicketService, direct")
    #expect(snapshot.mapping(for: InjectionKey(TicketService.self))?.aliasTarget == nil)
    #expect(
      snapshot.description.contains(
        "  AliasTests.Purchasing: alias of AliasTests.TicketService, direct"),
      "\(snapshot)")
  }

  @Test func anObserverSeesTheAliasResolveItsTarget() throws {
    let injector = Self.injector()
    let seen = Mutex<[String]>([])
    let observation = injector.observeResolutions { event in
      let line: String
      switch event.phase {
      case .started:
        line = "started \(event.key) in \(event.path), \(event.scope.map { "\($0)" } ?? "none")"
      case .ended(.built): line = "built \(event.key)"
      case .ended(.cached): line = "cached \(event.key)"
      case .ended(.failed): line = "failed \(event.key)"
      case .disposed: line = "disposed \(event.key)"
      }
      seen.withLock { $0.append(line) }
    }
    _ = try injector.resolve(TicketService.self)
    seen.withLock { $0 = [] }

    _ = try injector.resolve((any Reserving).self)

    withExtendedLifetime(observation) {}
    #expect(
      seen.withLock { $0 } == [
        "started AliasTests.Reserving in [], transient",
        "started AliasTests.TicketService in [AliasTests.Reserving], singleton",
        "cached AliasTests.TicketService",
        "built AliasTests.Reserving",
      ])
  }
}
