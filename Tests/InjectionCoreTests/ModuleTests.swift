import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

extension ModuleTests {
  /// Maps a V8 engine as a singleton, counting its configurations, builds and unloads.
  final class RacingModule: InjectionModule {
    let configurations = Counter()
    let builds = Counter()
    let unloads = Mutex<[String]>([])
    /// The speed limit `unload` resolved, `nil` where `Settings` resolved to nothing.
    let speedLimitAtUnload = Mutex<[Int?]>([])
    let scope: Scope

    init(scope: Scope = .singleton) {
      self.scope = scope
    }

    func configure(_ mappings: ModuleMappings) {
      configurations.increment()
      let builds = builds
      mappings.map((any Engine).self, scope: MappingScope(scope)) { _ in
        builds.increment()
        return V8Engine()
      }
      mappings.map(Settings.self, to: Settings(speedLimit: 300))
    }

    func unload(from injector: Injector) {
      unloads.withLock { $0.append(injector.label) }
      let speedLimit = try? injector.resolve(Settings.self).speedLimit
      speedLimitAtUnload.withLock { $0.append(speedLimit) }
    }
  }

  /// Maps a radio and nothing else; uses the default `unload`.
  final class RadioModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any Radio).self, to: FMRadio(station: "rock"))
    }
  }

  /// A module class with a subclass, to check that removal by type matches the exact type.
  ///
  /// `@unchecked Sendable`: it has no stored properties; a non-final class must say so.
  class TuningModule: InjectionModule, @unchecked Sendable {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Settings.self, to: Settings(speedLimit: 180))
    }
  }

  /// A subclass of ``TuningModule``.
  ///
  /// `@unchecked Sendable`: see ``TuningModule``.
  final class StreetTuningModule: TuningModule, @unchecked Sendable {
    override func configure(_ mappings: ModuleMappings) {
      mappings.map(Settings.self, to: Settings(speedLimit: 120))
    }
  }

  /// A module whose eager singleton cannot be built.
  final class BrokenModule: InjectionModule {
    let unloads = Counter()

    func configure(_ mappings: ModuleMappings) {
      mappings.map(Settings.self, to: Settings(speedLimit: 1))
      mappings.map((any Engine).self, scope: .eagerSingleton) { _ in
        throw FactoryError(reason: "no fuel")
      }
    }

    func unload(from injector: Injector) {
      unloads.increment()
    }
  }
}

@Suite struct ModuleTests {
  @Test func addedModulesMappingsAreResolved() throws {
    let injector = Injector(label: "modules")
    let module = RacingModule()

    try injector.addModule(module)

    #expect(try injector.resolve((any Engine).self) is V8Engine)
    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 300))
    #expect(module.configurations.value == 1)
    #expect(injector.hasModule(module))
    #expect(injector.hasModule(RacingModule.self))
  }

  @Test func moduleSingletonIsBuiltOnceOnFirstUse() throws {
    let injector = Injector(label: "modules")
    let module = RacingModule()
    try injector.addModule(module)
    #expect(module.builds.value == 0)

    #expect(try injector.resolve((any Engine).self) === injector.resolve((any Engine).self))
    #expect(module.builds.value == 1)
  }

  @Test func eagerSingletonsOfAModuleAreBuiltWhenItIsAdded() throws {
    let injector = Injector(label: "modules")
    let module = RacingModule(scope: .eagerSingleton)

    try injector.addModule(module)

    #expect(module.builds.value == 1)
    _ = try injector.resolve((any Engine).self)
    #expect(module.builds.value == 1)
  }

  @Test func removingAModuleRemovesItsMappings() throws {
    let injector = Injector(label: "modules")
    let module = RacingModule()
    try injector.addModule(module)

    #expect(injector.removeModule(module))

    #expect(!injector.isMapped((any Engine).self))
    #expect(!injector.isMapped(Settings.self))
    #expect(!injector.hasModule(module))
  }

  @Test func removingAModuleRestoresTheMappingItShadowed() throws {
    let injector = Injector(label: "modules")
    let hybrid = HybridEngine()
    injector.map((any Engine).self, to: hybrid)
    let module = RacingModule()
    try injector.addModule(module)
    #expect(try injector.resolve((any Engine).self) is V8Engine)

    injector.removeModule(module)

    #expect(try injector.resolve((any Engine).self) === hybrid)
  }

  @Test func removingAModuleRestoresTheMappingOfAnEarlierModule() throws {
    let injector = Injector(label: "modules")
    let street = StreetTuningModule()
    try injector.addModule(street)
    let racing = RacingModule()
    try injector.addModule(racing)

    injector.removeModule(racing)

    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 120))
  }

  @Test func removingAnEarlierModuleKeepsTheLaterOnesMapping() throws {
    let injector = Injector(label: "modules")
    let street = StreetTuningModule()
    try injector.addModule(street)
    let racing = RacingModule()
    try injector.addModule(racing)

    injector.removeModule(street)

    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 300))
    injector.removeModule(racing)
    #expect(!injector.isMapped(Settings.self))
  }

  @Test func directMappingMadeAfterTheModuleStaysWhenTheModuleIsRemoved() throws {
    let injector = Injector(label: "modules")
    let module = RacingModule()
    try injector.addModule(module)
    injector.map(Settings.self, to: Settings(speedLimit: 30))

    injector.removeModule(module)

    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 30))
  }

  @Test func unmapRemovesAModulesMappingToo() throws {
    let injector = Injector(label: "modules")
    injector.map(Settings.self, to: Settings(speedLimit: 50))
    let module = RacingModule()
    try injector.addModule(module)

    injector.unmap(Settings.self)
    #expect(!injector.isMapped(Settings.self))
    injector.removeModule(module)

    #expect(!injector.isMapped(Settings.self), "unmap removed every mapping of the key")
    #expect(!injector.isMapped((any Engine).self))
  }

  @Test func removingAModuleCallsUnloadOnceWhileItsMappingsAreStillInPlace() throws {
    let injector = Injector(label: "garage")
    injector.map(Settings.self, to: Settings(speedLimit: 50))
    let module = RacingModule()
    try injector.addModule(module)
    #expect(module.unloads.withLock { $0 }.isEmpty)

    injector.removeModule(module)

    #expect(module.unloads.withLock { $0 } == ["garage"])
    #expect(module.speedLimitAtUnload.withLock { $0 } == [300], "the module's own Settings")
    #expect(try injector.resolve(Settings.self).speedLimit == 50, "removed after unload")
  }

  @Test func removingAModuleThatIsNotAddedDoesNothing() throws {
    let injector = Injector(label: "modules")
    let module = RacingModule()

    #expect(!injector.removeModule(module))
    #expect(injector.removeModule(RacingModule.self) == 0)
    #expect(module.unloads.withLock { $0 }.isEmpty)
  }

  @Test func removingByTypeRemovesEveryModuleOfExactlyThatType() throws {
    let injector = Injector(label: "modules")
    let first = RacingModule()
    let second = RacingModule()
    let radio = RadioModule()
    try injector.addModule(first)
    try injector.addModule(second)
    try injector.addModule(radio)

    let removed = injector.removeModule(RacingModule.self)

    #expect(removed == 2)
    #expect(!injector.hasModule(RacingModule.self))
    #expect(injector.hasModule(radio))
    #expect(first.unloads.withLock { $0 }.count == 1)
    #expect(second.unloads.withLock { $0 }.count == 1)
    #expect(!injector.isMapped((any Engine).self))
  }

  @Test func removingByTypeDoesNotRemoveSubclasses() throws {
    let injector = Injector(label: "modules")
    let street = StreetTuningModule()
    try injector.addModule(street)

    #expect(injector.removeModule(TuningModule.self) == 0)
    #expect(injector.hasModule(street))
    #expect(!injector.hasModule(TuningModule.self))
    #expect(injector.hasModule(StreetTuningModule.self))
    #expect(injector.removeModule(StreetTuningModule.self) == 1)
  }

  @Test func addingAModuleTwiceIsAnError() throws {
    let injector = Injector(label: "garage")
    let module = RacingModule()
    try injector.addModule(module)

    let error = #expect(throws: InjectionError.self) {
      try injector.addModule(module)
    }

    guard case .moduleAlreadyAdded(let name, let label) = error else {
      Issue.record("expected .moduleAlreadyAdded, got \(String(describing: error))")
      return
    }
    #expect(name == "InjectionCoreTests.ModuleTests.RacingModule")
    #expect(label == "garage")
    #expect(module.configurations.value == 1, "a module that is added is configured once")
    #expect(String(describing: error!).contains("remove it first"))
  }

  @Test func moduleCanBeAddedAgainAfterItWasRemoved() throws {
    let injector = Injector(label: "modules")
    let module = RacingModule()
    try injector.addModule(module)
    injector.removeModule(module)

    try injector.addModule(module)

    #expect(injector.hasModule(module))
    #expect(module.configurations.value == 2)
    #expect(try injector.resolve((any Engine).self) is V8Engine)
  }

  @Test func oneModuleCanBeAddedToTwoInjectors() throws {
    let first = Injector(label: "first")
    let second = Injector(label: "second")
    let module = RacingModule()

    try first.addModule(module)
    try second.addModule(module)
    first.removeModule(module)

    #expect(!first.isMapped((any Engine).self))
    #expect(try second.resolve((any Engine).self) is V8Engine)
  }

  @Test func moduleSingletonsAreOnePerInjector() throws {
    let first = Injector(label: "first")
    let second = Injector(label: "second")
    let module = RacingModule()
    try first.addModule(module)
    try second.addModule(module)

    #expect(try first.resolve((any Engine).self) !== second.resolve((any Engine).self))
    #expect(module.builds.value == 2)
  }

  @Test func moduleWithTheDefaultUnloadIsRemoved() throws {
    let injector = Injector(label: "modules")
    try injector.addModule(RadioModule())

    #expect(injector.removeModule(RadioModule.self) == 1)

    #expect(try injector.resolve((any Radio)?.self) == nil)
  }

  @Test func moduleWhoseEagerSingletonFailsIsNotAddedAndIsUnloaded() throws {
    let injector = Injector(label: "modules")
    injector.map(Settings.self, to: Settings(speedLimit: 50))
    let module = BrokenModule()

    let error = #expect(throws: InjectionError.self) {
      try injector.addModule(module)
    }

    guard case .factoryFailed(let key, _, let underlying) = error else {
      Issue.record("expected .factoryFailed, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionCoreTests.key((any Engine).self))
    #expect(underlying as? FactoryError == FactoryError(reason: "no fuel"))
    #expect(!injector.hasModule(module))
    #expect(!injector.isMapped((any Engine).self))
    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 50))
    #expect(module.unloads.value == 1)
  }

  @Test func moduleMappingsMadeInAChildStayInTheChild() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    let child = parent.makeChild(label: "child")

    try child.addModule(RacingModule())

    #expect(try child.resolve((any Engine).self) is V8Engine)
    #expect(try parent.resolve((any Engine).self) is HybridEngine)
  }

  @Test func replacingAModuleUnloadsTheOldOneWithItsMappingsThenSwapsThem() throws {
    let injector = Injector(label: "replace")
    injector.map(Settings.self, to: Settings(speedLimit: 50))
    let racing = RacingModule()
    try injector.addModule(racing)
    _ = try injector.resolve((any Engine).self)

    let tuning = TuningModule()
    let wasHeld = try injector.replaceModule(racing, with: tuning)

    #expect(wasHeld)
    #expect(try injector.resolve(Settings.self).speedLimit == 180)
    #expect(!injector.isMapped((any Engine).self), "the racing module's engine is gone")
    #expect(!injector.hasModule(racing))
    #expect(injector.hasModule(tuning))
    #expect(racing.unloads.withLock { $0 } == ["replace"])
    #expect(
      racing.speedLimitAtUnload.withLock { $0 } == [300],
      "unload sees the racing module's Settings, not yet the tuning's")
    injector.removeModule(tuning)
    #expect(try injector.resolve(Settings.self).speedLimit == 50, "the direct mapping is back")
  }

  @Test func aFailingReplacementLeavesTheOldModuleInPlace() throws {
    let injector = Injector(label: "replace")
    let racing = RacingModule()
    try injector.addModule(racing)
    let broken = BrokenModule()

    #expect(throws: InjectionError.self) { try injector.replaceModule(racing, with: broken) }

    #expect(injector.hasModule(racing))
    #expect(!injector.hasModule(broken))
    #expect(try injector.resolve(Settings.self).speedLimit == 300)
    #expect(broken.unloads.value == 1)
  }

  @Test func replacingAModuleTheInjectorDoesNotHoldAddsTheNewOne() throws {
    let injector = Injector(label: "replace")

    let wasHeld = try injector.replaceModule(RacingModule(), with: TuningModule())

    #expect(!wasHeld)
    #expect(try injector.resolve(Settings.self).speedLimit == 180)
  }
}
