import InjectionCore
import Testing

extension MemoryTests {
  /// A module with one singleton.
  final class TurboModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any Engine).self, scope: .singleton, with: V8Engine.init)
    }
  }

  /// What a helper left behind: weak references only.
  struct Leftovers {
    var injector = WeakReference<Injector>(nil)
    var values: [WeakReference<AnyObject>] = []

    var releasedValues: Int { values.filter { $0.object == nil }.count }
  }
}

@Suite struct MemoryTests {
  @Test func releasingTheLastReferenceToAChildReleasesEverythingItOwns() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, scope: .singleton, with: HybridEngine.init)

    let leftovers = try useChild(of: parent)

    #expect(leftovers.injector.object == nil, "the child must be released")
    #expect(leftovers.releasedValues == leftovers.values.count)
    #expect(try parent.resolve((any Engine).self) is HybridEngine)
  }

  @Test func parentDoesNotKeepItsChildrenAlive() {
    let parent = Injector(label: "parent")

    let child = WeakReference(parent.makeChild(label: "child"))

    #expect(child.object == nil)
    withExtendedLifetime(parent) {}
  }

  @Test func releasingAnInjectorReleasesItsSingletonsAndIt() throws {
    let leftovers = try useInjector { injector in
      injector.map(Wheel.self, scope: .singleton)
      injector.map((any Engine).self, scope: .eagerSingleton, with: V8Engine.init)
      injector.map(Coupe.self, scope: .weak) { injector in
        Coupe(engine: try injector.resolve((any Engine).self))
      }
      let coupe = try injector.resolve(Coupe.self)
      _ = try injector.resolve(Car.self)
      return [coupe, coupe.engine, try injector.resolve(Wheel.self)]
    }

    #expect(leftovers.injector.object == nil)
    #expect(leftovers.releasedValues == 3)
  }

  @Test func singletonWithInjectedPropertiesDoesNotKeepItsInjectorAlive() throws {
    let leftovers = try useInjector { injector in
      injector.map(EventLog.self, to: EventLog())
      injector.map((any Engine).self, scope: .singleton) { _ in LoggingEngine() }
      let engine = try injector.resolve((any Engine).self)
      return [engine]
    }

    #expect(leftovers.injector.object == nil)
    #expect(leftovers.releasedValues == 1)
  }

  @Test func failedResolutionDoesNotKeepTheInjectorAlive() throws {
    let leftovers = try useInjector { injector in
      #expect(throws: InjectionError.self) { try injector.resolve(PropertyCycle.Chicken.self) }
      #expect(throws: InjectionError.self) { try injector.resolve(Car.self) }
      return []
    }

    #expect(leftovers.injector.object == nil)
  }

  @Test func objectCreatedOutsideAnInjectorReleasesTheCurrentInjectorOnceResolved() {
    let (roadster, injector) = makeResolvedRoadster()

    #expect(injector.object == nil, "a resolved property must not hold the injector")
    #expect(roadster.engine is HybridEngine)
  }

  @Test func removingAModuleReleasesItsSingletons() throws {
    let injector = Injector(label: "modules")
    let module = TurboModule()
    try injector.addModule(module)
    let engine = WeakReference(try injector.resolve((any Engine).self) as AnyObject)
    #expect(engine.object != nil, "the injector holds the module's singleton")

    injector.removeModule(module)

    #expect(engine.object == nil)
  }

  @Test func removingAModuleReleasesTheModule() throws {
    let injector = Injector(label: "modules")
    let module = try addTurboModule(to: injector)
    #expect(module.object != nil, "the injector holds an added module")

    injector.removeModule(TurboModule.self)

    #expect(module.object == nil)
  }

  @Test func unmapReleasesTheSingleton() throws {
    let injector = Injector(label: "unmap")
    injector.map((any Engine).self, scope: .singleton, with: V8Engine.init)
    let engine = WeakReference(try injector.resolve((any Engine).self) as AnyObject)
    #expect(engine.object != nil, "the injector holds its singleton")

    injector.unmap((any Engine).self)

    #expect(engine.object == nil)
  }

  @Test func mappingAKeyAgainReleasesTheReplacedSingleton() throws {
    let injector = Injector(label: "remap")
    injector.map((any Engine).self, scope: .singleton, with: V8Engine.init)
    let engine = WeakReference(try injector.resolve((any Engine).self) as AnyObject)

    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)

    #expect(engine.object == nil)
  }

  @Test func transientValuesAreNotKeptByTheInjector() throws {
    let injector = Injector(label: "transient")
    injector.map((any Engine).self, with: V8Engine.init)

    let engine = WeakReference(try injector.resolve((any Engine).self) as AnyObject)
    let wheel = WeakReference(try injector.resolve(Wheel.self))

    #expect(engine.object == nil)
    #expect(wheel.object == nil)
  }

  // MARK: - Helpers that leave only weak references behind

  /// Makes a child of `parent` that owns a singleton, an eager singleton, an instance, a weak
  /// value and a module singleton, uses it, and releases it.
  private func useChild(of parent: Injector) throws -> Leftovers {
    let child = parent.makeChild(label: "child")
    child.map(Settings.self, scope: .singleton) { _ in Settings(speedLimit: 1) }
    child.map(Wheel.self, scope: .singleton)
    child.map(V8Engine.self, scope: .eagerSingleton)
    child.map((any Engine).self, to: HybridEngine())
    child.map(Coupe.self, scope: .weak) { injector in
      Coupe(engine: try injector.resolve((any Engine).self))
    }
    try child.addModule(TurboModule())
    let wheel = try child.resolve(Wheel.self)
    let v8 = try child.resolve(V8Engine.self)
    let engine = try child.resolve((any Engine).self)
    let coupe = try child.resolve(Coupe.self)
    let car = try child.resolve(Car.self)
    var leftovers = Leftovers(injector: WeakReference(child))
    leftovers.values = [wheel, v8, engine, coupe, car].map { WeakReference($0 as AnyObject) }
    return leftovers
  }

  /// Makes an injector, lets `body` use it, and releases it and what `body` returned.
  private func useInjector(_ body: (Injector) throws -> [AnyObject]) throws -> Leftovers {
    let injector = Injector(label: "released")
    let values = try body(injector)
    var leftovers = Leftovers(injector: WeakReference(injector))
    leftovers.values = values.map { WeakReference($0) }
    return leftovers
  }

  private func addTurboModule(to injector: Injector) throws -> WeakReference<TurboModule> {
    let module = TurboModule()
    try injector.addModule(module)
    return WeakReference(module)
  }

  /// Creates a roadster outside any injector, reads its property, and drops the injector.
  private func makeResolvedRoadster() -> (InjectedPropertyTests.Roadster, WeakReference<Injector>) {
    let injector = Injector(label: "current")
    injector.map((any Engine).self, with: HybridEngine.init)
    let roadster = withInjector(injector) { InjectedPropertyTests.Roadster() }
    _ = roadster.engine
    return (roadster, WeakReference(injector))
  }
}
