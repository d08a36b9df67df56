import Foundation
import InjectionCore
import InjectionPlist

/// OCSimpleInjector's test service: an array and a string.
final class FooDummy: Decodable, Sendable {
  let array: [String]
  let string: String
}

/// OCSimpleInjector's documented example: one string property.
final class BarDummy: Decodable, Sendable {
  let stringValue: String
}

protocol Engine: Sendable {
  var model: String { get }
  var horsepower: Int { get }
}

struct HybridEngine: Engine, Decodable {
  let horsepower: Int
  var model: String { "hybrid" }
}

struct V8Engine: Engine, Decodable {
  let horsepower: Int
  var model: String { "v8" }
}

enum Color: String, Decodable, Sendable {
  case red, blue
}

struct Address: Decodable, Sendable, Equatable {
  let city: String
}

/// Every kind of value a property list holds.
struct Settings: Decodable, Sendable {
  let name: String
  let speedLimit: Double
  let isOpen: Bool
  let opened: Date
  let logo: Data
  let tags: [String]
  let limits: [String: Int]
  let homepage: URL
  let color: Color
  let address: Address
  let nickname: String?
}

/// A service with values from the file and a dependency from the injector.
final class Dashboard: Decodable, @unchecked Sendable {
  let title: String
  @Injected var engine: any Engine

  private enum CodingKeys: String, CodingKey { case title }
}

/// The registry the tests use.
func makeRegistry() -> ServiceRegistry {
  let registry = ServiceRegistry()
  registry.register(FooDummy.self)
  registry.register(BarDummy.self)
  registry.register(Settings.self)
  registry.register(Dashboard.self)
  registry.register(Garage.self)
  registry.register(Keeper.self)
  registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
  registry.register(V8Engine.self, providing: (any Engine).self) { $0 }
  return registry
}

/// A fixture's URL.
func fixture(_ name: String) throws -> URL {
  guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "plist") else {
    throw FixtureMissing(name: name)
  }
  return url
}

struct FixtureMissing: Error {
  let name: String
}

/// A services file from XML text.
func servicesFile(_ services: String, source: String = "Test.plist") throws(PlistError)
  -> ServicesFile
{
  let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>Services</key><dict>\(services)</dict></dict></plist>
    """
  return try ServicesFile(data: Data(xml.utf8), source: source)
}

/// A plist service that refers to another plist service.
struct Garage: Decodable, Sendable {
  let name: String
  @ServiceReference var engine: any Engine
}

/// Refers to a garage, for reference cycles.
struct Keeper: Decodable, Sendable {
  @ServiceReference var garage: Garage
}
