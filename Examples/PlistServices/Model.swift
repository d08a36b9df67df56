import InjectionCore
import InjectionPlist

/// What a car needs; the services file picks the implementation.
protocol Engine: Sendable {
  var description: String { get }
}

/// A quiet engine.
struct HybridEngine: Engine, Decodable {
  let horsepower: Int
  var description: String { "HybridEngine, \(horsepower) hp" }
}

/// A loud one.
struct V8Engine: Engine, Decodable {
  let horsepower: Int
  var description: String { "V8Engine, \(horsepower) hp" }
}

/// A garage whose engine is another service of the file, and whose clock is mapped in code.
struct Garage: Decodable, Sendable {
  let name: String
  @ServiceReference var engine: any Engine
  @ServiceReference var clock: any WorkshopClock
}

/// A service the app maps in code; the file refers to it by the name the registry allows.
protocol WorkshopClock: Sendable {
  var opening: String { get }
}

/// The clock the app maps.
struct SystemClock: WorkshopClock {
  var opening: String { "8:00" }
}

/// A car built in code: its engine comes from whichever service provides `Engine`.
final class Car: Injectable {
  @Injected var engine: any Engine
  init() {}
}

/// The types the file may build: nothing else, whatever the file says.
func makeRegistry() -> ServiceRegistry {
  let registry = ServiceRegistry()
  registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
  registry.register(V8Engine.self, providing: (any Engine).self) { $0 }
  registry.register(Garage.self, scope: .transient)
  // A spare engine under a named key: `EngineService` picks the main one, `SpareService` this.
  registry.register(
    HybridEngine.self, as: "Spare", providing: (any Engine).self, named: "spare"
  ) { $0 }
  // References in the file may name this key mapped in code.
  registry.allowReferences(to: (any WorkshopClock).self, as: "Clock")
  return registry
}
