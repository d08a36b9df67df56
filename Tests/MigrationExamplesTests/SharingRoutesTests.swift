import InjectionCore
import Testing

// The routes of Documentation/Migrating.md, "Sharing a value between threads": each way a value
// the injector shares declares its dependencies without `@unchecked Sendable`.
extension SharingRoutesTests {
  protocol Engine: AnyObject, Sendable { var model: String { get } }
  final class V8Engine: Engine {
    let model = "V8"
  }

  /// Route 1: initializer injection into `let` properties.
  final class Garage: Sendable {
    let engine: any Engine
    init(engine: any Engine) { self.engine = engine }
  }

  /// Route 2: constants of type `Injected`, for a type built with `init()`.
  final class Workshop: Injectable, Sendable {
    let engine = Injected<any Engine>()
    init() {}
  }

  /// Route 2 for two singletons that need each other.
  final class Pilot: Injectable, Sendable {
    let plane = Injected<Plane>()
    init() {}
  }
  final class Plane: Injectable, Sendable {
    let pilot = Injected<Pilot>()
    init() {}
  }

  /// Route 3: an actor keeps `@Injected var`.
  actor Mechanic: Injectable {
    @Injected var engine: any Engine
    init() {}
    func tune() -> String { engine.model }
  }

  /// Route 4: a value that is never shared, so neither it nor its dependencies need `Sendable`.
  final class TripLog: Injectable {
    @Injected var engine: any Engine
    var entries: [String] = []
    init() {}
  }
}

@Suite struct SharingRoutesTests {
  @Test func aSingletonTakesItsDependenciesInItsInitializer() throws {
    let injector = Injector(label: "routes")
    injector.map((any Engine).self, scope: .singleton, with: V8Engine.init)
    injector.map(Garage.self, scope: .singleton) { injector in
      Garage(engine: try injector.resolve())
    }

    let garage = try injector.resolve(Garage.self)

    #expect(garage.engine === (try injector.resolve((any Engine).self)))
  }

  @Test func aSingletonDeclaresItsDependenciesAsInjectedConstants() throws {
    let injector = Injector(label: "routes")
    injector.map((any Engine).self, with: V8Engine.init)
    injector.map(Workshop.self, scope: .singleton)

    let workshop = try injector.resolve(Workshop.self)

    #expect(workshop.engine.value.model == "V8")
    #expect(try injector.resolve(Workshop.self) === workshop)
  }

  @Test func twoSingletonsWithInjectedConstantsMayNeedEachOther() throws {
    let injector = Injector(label: "routes")
    injector.map(Pilot.self, scope: .singleton)
    injector.map(Plane.self, scope: .singleton)

    let pilot = try injector.resolve(Pilot.self)

    #expect(pilot.plane.value.pilot.value === pilot)
    #expect(try injector.resolve(Plane.self) === pilot.plane.value)
  }

  @Test func anActorSingletonKeepsInjectedVar() async throws {
    let injector = Injector(label: "routes")
    injector.map((any Engine).self, with: V8Engine.init)
    injector.map(Mechanic.self, scope: .singleton)

    let mechanic = try injector.resolve(Mechanic.self)

    #expect(await mechanic.tune() == "V8")
  }

  @Test func aTransientOrGraphValueNeedsNoSendable() throws {
    let injector = Injector(label: "routes")
    injector.map((any Engine).self, with: V8Engine.init)
    injector.map(TripLog.self, scope: .graph) { _ in TripLog() }

    let log = try injector.resolve(TripLog.self)
    log.entries.append("started \(log.engine.model)")

    #expect(log.entries == ["started V8"])
    #expect(try injector.resolve(TripLog.self) !== log, "one per resolution")
  }
}
