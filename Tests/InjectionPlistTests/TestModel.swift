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
  registry.register(Fleet.self)
  registry.register(Numbers.self)
  registry.register(Alpha.self)
  registry.register(Beta.self)
  return registry
}

/// A service with an array of dictionaries.
struct Fleet: Decodable, Sendable {
  struct Car: Decodable, Sendable {
    let model: String
  }
  let cars: [Car]
}

/// One property of each numeric type.
struct Numbers: Decodable, Sendable {
  let int8: Int8?
  let uint8: UInt8?
  let int: Int?
  let uint: UInt?
  let int64: Int64?
  let uint64: UInt64?
  let double: Double?
  let float: Float?
}

/// Refers to a `Beta`, for cycles named by key path.
struct Alpha: Decodable, Sendable {
  @ServiceReference var partner: any Sendable
}

/// Refers to an `Alpha`.
struct Beta: Decodable, Sendable {
  @ServiceReference var partner: any Sendable
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
func servicesFile(
  _ services: String, source: String = "Test.plist", options: PlistOptions = .default
) throws(PlistError) -> ServicesFile {
  try ServicesFile(data: Data(servicesXML(services).utf8), source: source, options: options)
}

/// The XML of a services file with the given entries.
func servicesXML(_ services: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <plist version="1.0"><dict><key>Services</key><dict>\(services)</dict></dict></plist>
  """
}

/// The problems `body` throws, as their descriptions; `["not a PlistError: …"]` for another
/// error.
func problems(_ body: () throws -> Void) -> [String] {
  do {
    try body()
    return []
  } catch let error as PlistError {
    return error.problems.map(\.description)
  } catch {
    return ["not a PlistError: \(error)"]
  }
}

/// The problems of making a module of `file` with the tests' registry.
func moduleProblems(_ file: ServicesFile) -> [PlistError.Problem] {
  do {
    _ = try ServicesModule(file: file, registry: makeRegistry())
    return []
  } catch {
    return error.problems
  }
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
