import InjectionCore
import Synchronization
import Testing

extension InjectionPointTests {
  /// A vehicle with one dependency of its own.
  class Vehicle {
    @Injected var engine: any Engine

    init() {}
  }

  /// A subclass that adds a named and an optional dependency.
  final class Roadster: Vehicle {
    @Injected(named: "spare") var spare: Wheel
    @Injected var radio: (any Radio)?

    override init() {}
  }

  /// The `@Injected` properties of `object`, its superclasses' included, found with `Mirror`
  /// as the protocol's documentation shows.
  static func injectionPoints(of object: AnyObject) -> [any InjectionPoint] {
    var points: [any InjectionPoint] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      points += current.children.compactMap { $0.value as? any InjectionPoint }
      mirror = current.superclassMirror
    }
    return points
  }
}

@Suite struct InjectionPointTests {
  @Test func mirrorFindsEveryInjectionPointWithItsKeyAndOptionality() {
    let roadster = withInjector(Injector(label: "unused")) { Roadster() }

    let points = Self.injectionPoints(of: roadster)

    #expect(
      points.map(\.key) == [
        InjectionKey(Wheel.self, named: "spare"), InjectionKey((any Radio).self),
        InjectionKey((any Engine).self),
      ])
    #expect(points.map(\.isOptional) == [false, true, false])
    #expect(points.allSatisfy { !$0.isResolved })
  }

  @Test func bindingResolvesFromTheGivenInjectorNow() throws {
    let creation = Injector(label: "creation")
    creation.map((any Engine).self) { _ in HybridEngine() }
    let chosen = Injector(label: "chosen")
    chosen.map((any Engine).self) { _ in V8Engine() }
    chosen.map(Wheel.self, named: "spare") { _ in Wheel() }
    let roadster = withInjector(creation) { Roadster() }

    for point in Self.injectionPoints(of: roadster) {
      try point.bind(to: chosen)
    }

    #expect(Self.injectionPoints(of: roadster).allSatisfy { $0.isResolved })
    #expect(roadster.engine is V8Engine)
    #expect(roadster.radio == nil)
  }

  @Test func bindingAMissingMappingThrowsAndLeavesThePropertyUnresolved() throws {
    let injector = Injector(label: "empty")
    let vehicle = withInjector(injector) { Vehicle() }
    let point = try #require(Self.injectionPoints(of: vehicle).first)

    #expect(throws: InjectionError.self) { try point.bind(to: injector) }
    #expect(!point.isResolved)

    injector.map((any Engine).self) { _ in HybridEngine() }
    try point.bind(to: injector)
    #expect(point.isResolved)
    #expect(vehicle.engine is HybridEngine)
  }

  @Test func aPointGivesItsResolvedValueWithoutResolvingIt() throws {
    let builds = Atomic(0)
    let injector = Injector(label: "app")
    injector.map((any Engine).self) { _ in
      builds.add(1, ordering: .relaxed)
      return V8Engine()
    }
    injector.map(Wheel.self, named: "spare") { _ in Wheel() }
    let roadster = withInjector(injector) { Roadster() }

    #expect(Self.injectionPoints(of: roadster).allSatisfy { $0.resolvedValue == nil })
    #expect(builds.load(ordering: .relaxed) == 0, "reading it resolved nothing")

    for point in Self.injectionPoints(of: roadster) { try point.bind(to: injector) }
    let values = Self.injectionPoints(of: roadster).map(\.resolvedValue)

    #expect(values.count == 3 && values.allSatisfy { $0 != nil })
    #expect((values[2] as? any Engine) === roadster.engine)
    #expect(values[1] != nil && !(values[1] is any Radio), "the optional's nil, resolved")
    #expect(builds.load(ordering: .relaxed) == 1)
  }

  @Test func bindingAResolvedPropertyResolvesNothingAgain() throws {
    let builds = Atomic(0)
    let first = Injector(label: "first")
    first.map((any Engine).self) { _ in
      builds.add(1, ordering: .relaxed)
      return HybridEngine()
    }
    let second = Injector(label: "second")
    second.map((any Engine).self) { _ in V8Engine() }
    let vehicle = try first.resolve(AutoVehicle.self)
    let engine = vehicle.engine

    for point in Self.injectionPoints(of: vehicle) {
      try point.bind(to: second)
      try point.bind(to: first)
    }

    #expect(builds.load(ordering: .relaxed) == 1)
    #expect(vehicle.engine === engine)
  }

  @Test func aPointNamesTheInjectorItResolvesFromThenHoldsItWeaklyOnceResolved() throws {
    weak var released: Injector?
    let vehicle: Vehicle
    let point: any InjectionPoint
    do {
      let injector = Injector(label: "points")
      injector.map((any Engine).self) { _ in HybridEngine() }
      vehicle = withInjector(injector) { Vehicle() }
      point = try #require(Self.injectionPoints(of: vehicle).first)

      #expect(point.injector === injector)
      #expect(point.injectorSource == .current)
      _ = vehicle.engine
      #expect(point.injector === injector, "the injector it resolved from")
      #expect(point.injectorSource == .current)
      released = injector
    }
    #expect(released == nil, "an owner your code created lets go of it once resolved")
    #expect(point.injector == nil)
  }

  @Test func aBoundPointNamesTheInjectorItWasBoundTo() throws {
    let injector = Injector(label: "bound")
    injector.map((any Engine).self) { _ in HybridEngine() }
    let vehicle = Vehicle()
    let point = try #require(Self.injectionPoints(of: vehicle).first)
    #expect(point.injectorSource == .shared)

    try point.bind(to: injector)

    #expect(point.injector === injector)
    #expect(point.injectorSource == .bound)
  }

  @Test func aPointOfAnObjectAnInjectorBuiltNamesThatInjector() throws {
    let injector = Injector(label: "builder")
    injector.map((any Engine).self) { _ in HybridEngine() }
    injector.map(Vehicle.self) { _ in Vehicle() }

    let vehicle = try injector.resolve(Vehicle.self)

    #expect(Self.injectionPoints(of: vehicle).first?.injector === injector)
  }
}

/// A vehicle an injector can build.
final class AutoVehicle: Injectable {
  @Injected var engine: any Engine

  init() {}
}
