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

/// A garage whose engine is another service of the file.
struct Garage: Decodable, Sendable {
  let name: String
  @ServiceReference var engine: any Engine
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
  return registry
}
