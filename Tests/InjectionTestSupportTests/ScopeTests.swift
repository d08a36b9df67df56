import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

@Suite struct ScopeTests {
  /// A module a test adds.
  final class SpareGarageModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Garage.self, named: "spare") {
        Garage(engine: try $0.resolve((any Engine).self))
      }
    }
  }

  @Test func anAsyncOverrideIsResolvedWithAwaitAndPreparedInTheTestInjectorOnly() async throws {
    let base = Injector(label: "base")
    base.map((any Engine).self, scope: .eagerSingleton) { _ in
      await Task.yield()
      return FactoryEngine()
    }
    try await withTestInjector(from: base) {
      $0.map((any Engine).self, scope: .eagerSingleton) { _ in
        await Task.yield()
        return TestEngine(serial: 4)
      }
    } operation: { scope in
      let engine = try await scope.injector.resolveAsync((any Engine).self)
      #expect((engine as? TestEngine)?.serial == 4)
      try await scope.injector.prepare()
      #expect(try scope.injector.resolve((any Engine).self) === engine)
    }
    #expect(base.snapshot().mapping(for: InjectionKey((any Engine).self))?.isBuilt == false)
  }

  /// Starts its engine later, through an awaited provider and an awaited lazy value.
  final class Ignition: Injectable {
    @Injected var makeEngine: Provider<any Engine>
    @Injected var engine: Lazy<any Engine>
    init() {}
  }

  @Test func anAwaitedProviderAndLazyValueGetTheTestsAsyncOverride() async throws {
    let base = Injector(label: "base")
    base.map((any Engine).self, scope: .singleton) { _ in
      await Task.yield()
      return FactoryEngine()
    }
    try await withTestInjector(from: base) {
      $0.map((any Engine).self, scope: .singleton) { _ in
        await Task.yield()
        return TestEngine(serial: 9)
      }
    } operation: { scope in
      let ignition = try scope.injector.resolve(Ignition.self)
      let fromProvider = try await ignition.makeEngine.resolveAsync()
      let fromLazy = try await ignition.engine.valueAsync
      #expect((fromProvider as? TestEngine)?.serial == 9)
      #expect(fromLazy === fromProvider)
    }
    let outside = try base.resolve(Ignition.self)
    #expect(try await outside.makeEngine.resolveAsync().serial == -1)
  }

  @Test func aSingletonBuiltInOneScopeIsNotTheOneAnotherScopeSees() throws {
    let first = try withTestInjector(from: App.injector) { scope in
      try scope.injector.resolve(Dashboard.self)
    }
    let second = try withTestInjector(from: App.injector) { scope in
      try scope.injector.resolve(Dashboard.self)
    }

    #expect(first !== second)
    #expect(first.engine !== second.engine)
  }

  @Test func theBaseIsUnchangedAfterAScopeThatMappedUnmappedAndAddedModules() throws {
    let base = Injector(label: "base")
    base.map((any Engine).self, scope: .singleton) { _ in FactoryEngine() }
    base.map(Clock.self, scope: .singleton) { _ in Clock() }
    try base.addModule(GarageModule())
    let before = base.snapshot().description

    try withTestInjector(from: base) {
      $0.map((any Engine).self) { _ in TestEngine(serial: 7) }
      $0.unmap(Clock.self)
      $0.addModule(SpareGarageModule())
    } operation: { scope in
      scope.injector.unmap(Garage.self)
      scope.injector.map((any Network).self) { _ in LiveNetwork() }
      #expect(!scope.injector.isMapped(Clock.self))
      let spare = try scope.injector.resolve(Garage.self, named: "spare")
      #expect(spare.engine.serial == 7)
      #expect(scope.injector.removeModule(GarageModule.self) == 1)
    }

    #expect(base.snapshot().description == before)
    #expect(try base.resolve((any Engine).self) is FactoryEngine)
    #expect(base.isMapped(Clock.self))
    #expect(!base.isMapped(Garage.self, named: "spare"))
    #expect(base.hasModule(GarageModule.self))
  }

  @Test func overridingAKeyTheBaseDoesNotMapAddsIt() throws {
    try withTestInjector(from: Injector(label: "empty")) {
      $0.map((any Network).self) { _ in LiveNetwork() }
    } operation: { scope in
      let network = try scope.injector.resolve((any Network).self)
      #expect(network.fetch() == "live")
    }
  }

  @Test func theLaterOfTwoOverridesOfOneKeyWins() throws {
    try withTestInjector(from: App.injector) {
      $0.map((any Engine).self) { _ in TestEngine(serial: 1) }
      $0.map((any Engine).self) { _ in TestEngine(serial: 2) }
    } operation: { scope in
      let engine = try scope.injector.resolve((any Engine).self)
      #expect(engine.serial == 2)
    }
  }

  @Test func theDefaultBaseIsTheCurrentInjector() throws {
    let base = Injector(label: "current base")
    base.map(Clock.self, scope: .singleton) { _ in Clock() }

    withInjector(base) {
      withTestInjector { scope in
        #expect(scope.base === base)
        #expect(scope.injector.isMapped(Clock.self))
      }
    }
  }

  @Test func eagerSingletonsAreBuiltWithTheOverridesInPlace() throws {
    let base = Injector(label: "eager")
    base.map((any Engine).self, scope: .singleton) { _ in FactoryEngine() }
    base.map(Dashboard.self, scope: .eagerSingleton) {
      Dashboard(engine: try $0.resolve((any Engine).self))
    }

    try withTestInjector(from: base) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 3) }
    } operation: { scope in
      let dashboard = try scope.injector.resolve(Dashboard.self)
      #expect(dashboard.engine.serial == 3)
      #expect(scope.resolutionCount(of: Dashboard.self) == 1, "built eagerly, resolved once")
    }
  }

  @Test func aFailingOverrideModuleThrowsItsError() {
    final class FailingModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Clock.self, scope: .eagerSingleton) { _ in throw ClockError() }
      }
    }
    struct ClockError: Error {}

    // Closures that can throw an InjectionError get it thrown.
    func failingScope() throws(InjectionError) {
      try withTestInjector(from: App.injector) {
        (overrides: TestOverrides) throws(InjectionError) in
        overrides.addModule(FailingModule())
      } operation: { _ throws(InjectionError) in
      }
    }
    #expect(throws: InjectionError.self) { try failingScope() }
  }

  @Test func aScopeWhoseClosuresCannotThrowRecordsAnInjectorThatCannotBeBuiltAndSkipsTheBody()
    throws
  {
    final class FailingModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Clock.self, scope: .eagerSingleton) { _ in throw ClockError() }
      }
    }
    struct ClockError: Error {}
    let ran = Mutex(false)

    let issues = try recordedIssues {
      withTestInjector(from: App.injector) {
        $0.addModule(FailingModule())
      } operation: { _ in
        ran.withLock { $0 = true }
      }
    }

    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        "the test injector could not be built: Building Clock failed: ClockError()") == true)
    #expect(!ran.withLock { $0 })
  }

  @Test func asyncScopesBindTheInjectorForChildTasks() async throws {
    await withTestInjector(from: App.injector) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 9) }
    } operation: { scope in
      let serial = await Task { Car().engine.serial }.value
      #expect(serial == 9)
      let serials = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 { group.addTask { Car().engine.serial } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(serials == [9, 9, 9, 9])
    }
  }

  @Test func performCarriesTheScopeIntoDetachedWork() async throws {
    await withTestInjector(from: App.injector) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 11) }
    } operation: { scope in
      let unbound = await Task.detached { Injector.current === scope.injector }.value
      #expect(!unbound, "a detached task does not inherit the binding")
      let serial = await Task.detached { scope.perform { Car().engine.serial } }.value
      #expect(serial == 11)
      let counted = await Task.detached {
        scope.perform { TestInjector.current === scope }
      }.value
      #expect(counted)
    }
  }

  @Test func aResolutionAfterTheScopeEndedFailsAndIsNotCounted() throws {
    let scope = withTestInjector(from: App.injector) { $0 }

    // The test injector was shut down when its scope ended.
    #expect(throws: InjectionError.self) { try scope.injector.resolve(Clock.self) }

    #expect(!scope.isActive)
    #expect(scope.resolutionCount(of: Clock.self) == 0)
  }
}
