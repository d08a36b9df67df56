import InjectionCore
import Synchronization
import Testing

extension CopyTests {
  /// Overrides the engine with a V8 and adds a radio.
  final class SportModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any Engine).self, with: V8Engine.init)
      mappings.map((any Radio).self, to: FMRadio(station: "jazz"))
    }
  }
}

@Suite struct CopyTests {
  @Test func copyHasTheSameMappingsAndNoneOfTheBuiltValues() throws {
    let app = Injector(label: "app")
    app.map((any Engine).self, scope: .singleton) { _ in HybridEngine() }
    let settings = Settings(speedLimit: 130)
    app.map(Settings.self, to: settings)
    app.map(Wheel.self)
    let appEngine = try app.resolve((any Engine).self)

    let copy = try app.makeCopy(label: "test")

    #expect(copy.label == "test")
    #expect(copy.parent == nil)
    let copiedEngine = try copy.resolve((any Engine).self)
    #expect(copiedEngine is HybridEngine)
    #expect(copiedEngine !== appEngine)
    #expect(try copy.resolve((any Engine).self) === copiedEngine)
    #expect(try copy.resolve(Settings.self) == settings)
    #expect(copy.snapshot().mapping(for: InjectionKey(Wheel.self))?.recipe == .injectableType)
  }

  @Test func nothingDoneToOneChangesTheOther() throws {
    let app = Injector(label: "app")
    app.map((any Engine).self) { _ in HybridEngine() }
    let copy = try app.makeCopy()

    copy.map((any Engine).self) { _ in V8Engine() }
    app.unmap((any Engine).self)
    app.map(Wheel.self, scope: .singleton)

    #expect(try copy.resolve((any Engine).self) is V8Engine)
    #expect(!app.isMapped((any Engine).self))
    #expect(copy.snapshot().mapping(for: InjectionKey(Wheel.self)) == nil)
  }

  @Test func removingAModuleFromTheCopyRestoresWhatItShadowedThereOnly() throws {
    let app = Injector(label: "app")
    app.map((any Engine).self) { _ in HybridEngine() }
    try app.addModule(SportModule())
    let copy = try app.makeCopy()

    #expect(copy.snapshot().modules.map(\.name) == [String(reflecting: SportModule.self)])
    #expect(copy.removeModule(SportModule.self) == 1)

    #expect(try copy.resolve((any Engine).self) is HybridEngine)
    #expect(try copy.resolve((any Radio)?.self) == nil)
    #expect(try app.resolve((any Engine).self) is V8Engine)
    #expect(app.hasModule(SportModule.self))
  }

  @Test func copyTakesWhatItsInjectorInheritsNearestFirst() throws {
    let root = Injector(label: "root")
    root.map((any Engine).self) { _ in HybridEngine() }
    root.map(Wheel.self)
    let middle = root.makeChild(label: "middle")
    middle.map((any Engine).self) { _ in V8Engine() }
    let leaf = middle.makeChild(label: "leaf")
    leaf.map(Settings.self, to: Settings(speedLimit: 50))

    let copy = try leaf.makeCopy()

    #expect(try copy.resolve((any Engine).self) is V8Engine)
    #expect(copy.isMapped(Wheel.self))
    #expect(try copy.resolve(Settings.self).speedLimit == 50)
    #expect(copy.snapshot().inherited.isEmpty)
  }

  @Test func changesApplyBeforeTheCopysEagerSingletonsAreBuilt() throws {
    let realBuilds = Atomic(0)
    let fakeBuilds = Atomic(0)
    let app = Injector(label: "app")
    app.map((any Engine).self, scope: .eagerSingleton) { _ in
      realBuilds.add(1, ordering: .relaxed)
      return HybridEngine()
    }
    #expect(realBuilds.load(ordering: .relaxed) == 1)

    let copy = try app.makeCopy { copy in
      copy.map((any Engine).self, scope: .eagerSingleton) { _ in
        fakeBuilds.add(1, ordering: .relaxed)
        return V8Engine()
      }
      #expect(fakeBuilds.load(ordering: .relaxed) == 0)
    }

    #expect(realBuilds.load(ordering: .relaxed) == 1)
    #expect(fakeBuilds.load(ordering: .relaxed) == 1)
    #expect(copy.snapshot().mapping(for: InjectionKey((any Engine).self))?.isBuilt == true)
    #expect(try copy.resolve((any Engine).self) is V8Engine)
  }

  @Test func anEagerSingletonThatCannotBeBuiltMakesTheCopyThrow() throws {
    let app = Injector(label: "app")
    app.map((any Engine).self, scope: .eagerSingleton) { _ in HybridEngine() }

    #expect(throws: InjectionError.self) {
      try app.makeCopy { copy in
        copy.map((any Engine).self, scope: .eagerSingleton) { _ in
          throw FactoryError(reason: "no fuel")
        }
      }
    }
  }
}
