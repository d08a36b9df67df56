import InjectionCore
import Testing

extension SnapshotTests {
  /// A module that overrides the engine and adds a radio.
  final class SportModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any Engine).self, scope: .singleton, with: V8Engine.init)
      mappings.map((any Radio).self, to: FMRadio(station: "jazz"))
    }
  }

  /// A type with a hook, mapped below through a helper that does not know it.
  final class Dashboard: InjectionCompletable, Sendable {
    init() {}
    func injectionDidComplete() {}
  }

  /// An object for a `.weak` mapping.
  final class Garage: Sendable {}
}

@Suite struct SnapshotTests {
  @Test func snapshotListsEachMappingWithItsScopeRecipeAndOwner() throws {
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in V8Engine() }
    injector.map(Wheel.self)
    injector.map(Settings.self, to: Settings(speedLimit: 120))
    injector.map((any Radio).self, named: "rear", with: { FMRadio(station: "pop") })

    let snapshot = injector.snapshot()

    #expect(snapshot.label == "app")
    #expect(
      snapshot.mappings.map(\.key)
        == [
          InjectionKey((any Engine).self), InjectionKey((any Radio).self, named: "rear"),
          InjectionKey(Settings.self), InjectionKey(Wheel.self),
        ].sorted { ($0.typeName, $0.name ?? "") < ($1.typeName, $1.name ?? "") })
    let engine = try #require(snapshot.mapping(for: InjectionKey((any Engine).self)))
    #expect(engine.scope == .singleton)
    #expect(engine.recipe == .factory)
    #expect(engine.owner == .direct)
    #expect(engine.shadowed.isEmpty)
    #expect(snapshot.mapping(for: InjectionKey(Wheel.self))?.recipe == .injectableType)
    #expect(snapshot.mapping(for: InjectionKey(Settings.self))?.recipe == .instance)
    #expect(
      snapshot.mapping(for: InjectionKey((any Radio).self, named: "rear"))?.recipe
        == .initializer)
    #expect(snapshot.mapping(for: InjectionKey((any Radio).self)) == nil)
  }

  @Test func snapshotTellsWhichCachedValuesAreBuilt() throws {
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in V8Engine() }
    injector.map(Wheel.self)
    injector.map(Garage.self, scope: .weak) { _ in Garage() }
    let engineKey = InjectionKey((any Engine).self)
    let garageKey = InjectionKey(Garage.self)

    #expect(injector.snapshot().mapping(for: engineKey)?.isBuilt == false)
    _ = try injector.resolve((any Engine).self)
    _ = try injector.resolve(Wheel.self)
    var garage: Garage? = try injector.resolve(Garage.self)

    let built = injector.snapshot()
    #expect(built.mapping(for: engineKey)?.isBuilt == true)
    #expect(built.mapping(for: InjectionKey(Wheel.self))?.isBuilt == false)
    #expect(built.mapping(for: garageKey)?.isBuilt == true)
    withExtendedLifetime(garage) {}
    garage = nil
    #expect(injector.snapshot().mapping(for: garageKey)?.isBuilt == false)
  }

  @Test func snapshotShowsWhoseMappingIsActiveAndWhatItShadows() throws {
    let injector = Injector(label: "app")
    injector.map((any Engine).self) { _ in HybridEngine() }
    try injector.addModule(SportModule())

    let snapshot = injector.snapshot()

    let moduleName = String(reflecting: SportModule.self)
    let engine = try #require(snapshot.mapping(for: InjectionKey((any Engine).self)))
    #expect(engine.owner == .module(moduleName))
    #expect(engine.shadowed == [.direct])
    #expect(engine.scope == .singleton)
    #expect(
      snapshot.modules == [
        ModuleSnapshot(
          name: moduleName,
          keys: [InjectionKey((any Engine).self), InjectionKey((any Radio).self)])
      ])

    injector.removeModule(SportModule.self)
    let restored = try #require(injector.snapshot().mapping(for: InjectionKey((any Engine).self)))
    #expect(restored.owner == .direct)
    #expect(restored.shadowed.isEmpty)
    #expect(injector.snapshot().modules.isEmpty)
  }

  @Test func snapshotListsInheritedMappingsPerAncestorNearestWinning() throws {
    let root = Injector(label: "root")
    root.map((any Engine).self) { _ in HybridEngine() }
    root.map(Wheel.self)
    let middle = root.makeChild(label: "middle")
    middle.map(Wheel.self, scope: .singleton)
    let leaf = middle.makeChild(label: "leaf")
    leaf.map((any Engine).self) { _ in V8Engine() }

    let snapshot = leaf.snapshot()

    #expect(snapshot.mappings.map(\.key) == [InjectionKey((any Engine).self)])
    #expect(snapshot.inherited.map(\.injector) == ["middle", "root"])
    #expect(snapshot.inherited[0].mappings.map(\.key) == [InjectionKey(Wheel.self)])
    #expect(snapshot.inherited[0].mappings.first?.scope == .singleton)
    #expect(snapshot.inherited[1].mappings.isEmpty)
    #expect(snapshot.mapping(for: InjectionKey(Wheel.self))?.scope == .singleton)
  }

  @Test func snapshotSaysWhetherTheHookRuns() throws {
    let injector = Injector(label: "app")
    // A helper generic over any type: the compiler cannot see Dashboard's hook through it.
    func register<T: Sendable>(_ type: T.Type, _ make: @escaping @Sendable () -> T) {
      injector.map(type, scope: .singleton) { _ in make() }
    }
    register(Dashboard.self) { Dashboard() }
    injector.map(Dashboard.self, named: "direct") { _ in Dashboard() }
    injector.map((any Engine).self) { _ in V8Engine() }
    injector.map(Wheel.self)
    injector.map(Settings.self, to: Settings(speedLimit: 90))

    let snapshot = injector.snapshot()

    #expect(snapshot.mapping(for: InjectionKey(Dashboard.self))?.hook == .missed)
    #expect(snapshot.mapping(for: InjectionKey(Dashboard.self, named: "direct"))?.hook == .called)
    #expect(snapshot.mapping(for: InjectionKey((any Engine).self))?.hook == .checkedForEachType)
    #expect(snapshot.mapping(for: InjectionKey(Wheel.self))?.hook == .called)
    #expect(snapshot.mapping(for: InjectionKey(Settings.self))?.hook == .notCalled)
    #expect(snapshot.description.contains("hook: missed"))
  }

  @Test func aSnapshotKeepsNoBuiltValueAlive() throws {
    let injector = Injector(label: "app")
    injector.map(Garage.self, scope: .singleton) { _ in Garage() }
    weak var built: Garage?
    built = try injector.resolve(Garage.self)

    let snapshot = injector.snapshot()
    injector.unmap(Garage.self)

    #expect(built == nil)
    #expect(snapshot.mapping(for: InjectionKey(Garage.self))?.isBuilt == true)
  }

  @Test func descriptionListsMappingsByInjectorThenModules() throws {
    let parent = Injector(label: "parent")
    parent.map(Wheel.self)
    let child = parent.makeChild(label: "child")
    try child.addModule(SportModule())

    let text = child.snapshot().description

    #expect(text.hasPrefix("Injector \"child\":"))
    #expect(text.contains("inherited from \"parent\":"))
    #expect(
      text.contains("\(InjectionKey(Wheel.self)): transient injectableType, direct, hook: called"))
    #expect(text.contains("modules, in the order added:"))
  }

  @Test func descriptionQualifiesOnlyTypesThatShareAName() {
    func mapping(_ typeName: String) -> MappingSnapshot {
      MappingSnapshot(
        key: InjectionKey(typeName: typeName), scope: .singleton, recipe: .factory,
        owner: .direct, isBuilt: false, hook: .notCalled)
    }
    let snapshot = InjectorSnapshot(
      label: "app", mappings: [mapping("Tires.Wheel"), mapping("CarDemo.Engine")],
      inherited: [.init(injector: "root", mappings: [mapping("CarDemo.Wheel")])])

    let text = snapshot.description

    #expect(text.contains("  Tires.Wheel: singleton factory"))
    #expect(text.contains("  CarDemo.Wheel: singleton factory"))
    #expect(text.contains("  Engine: singleton factory"))
  }
}
