import Foundation
import InjectionCore
import InjectionPlist
import Testing

// OCSimpleInjector's README has no code; its examples are its test suite (testGet,
// testInvalidService) and the Services.plist it reads, which this target ships unchanged (a
// byte-for-byte copy of the seed's file). Ported as Documentation/MigratingFromOCSimpleInjector.md
// shows them. The types are at the top level, as in the guide: a type's default service name is
// its name (`FooDummy`), and a nested type's is its path (`OCSimpleInjectorExamplesTests.FooDummy`).

/// OCSimpleInjector's `FooDummy`: two properties the file sets, by key-value coding there and
/// by decoding here.
final class FooDummy: Decodable, Sendable {
  let string: String
  let array: [String]
}

/// OCSimpleInjector's `BarDummy`, whose `init` did `self.foo = [self get:@"FooDummy"]`.
final class BarDummy: Injectable {
  @Injected var foo: FooDummy
  init() {}
}

/// What `[self get:@"Invalid"]` asked for: a service nothing provides.
protocol InvalidService: Sendable {}

/// OCSimpleInjector's `InvalidDummy`, whose `invalid` was `nil`.
final class InvalidDummy: Injectable {
  @Injected var invalid: (any InvalidService)?
  init() {}
}

extension OCSimpleInjectorExamplesTests {
  /// The app's injector with the seed's `Services.plist` added as a module.
  static func makeInjector() throws -> Injector {
    let registry = ServiceRegistry()
    registry.register(FooDummy.self)  // FooDummyService may build a FooDummy, nothing else
    let injector = Injector(label: "app")
    try injector.addModule(
      ServicesModule(file: ServicesFile(named: "Services", in: .module), registry: registry))
    return injector
  }
}

@Suite struct OCSimpleInjectorExamplesTests {
  @Test func testGetBuildsFooDummyFromTheSeedsServicesPlist() throws {
    let injector = try Self.makeInjector()

    let bar = try injector.resolve(BarDummy.self)  // [[BarDummy alloc] init]

    #expect(bar.foo.string == "stringValue")
    #expect(bar.foo.array == [])
  }

  @Test func aServiceIsASingletonOfTheInjectorThatAddedTheFile() throws {
    let injector = try Self.makeInjector()
    let other = try Self.makeInjector()

    let foo = try injector.resolve(FooDummy.self)  // [self get:@"FooDummy"]

    #expect(try injector.resolve(FooDummy.self) === foo)
    #expect(try other.resolve(FooDummy.self) !== foo, "not one global cache")
  }

  @Test func testInvalidServiceGivesNil() throws {
    let injector = try Self.makeInjector()

    let invalid = try injector.resolve(InvalidDummy.self)

    #expect(invalid.invalid == nil)
    #expect(try injector.resolve((any InvalidService)?.self) == nil)
  }

  @Test func aServiceTheAppDidNotRegisterIsAnErrorWhenTheFileIsLoaded() throws {
    let file = try ServicesFile(named: "Services", in: .module)

    let error = #expect(throws: PlistError.self) {
      try ServicesModule(file: file, registry: ServiceRegistry())
    }

    #expect(error?.description.contains("\"FooDummy\" is not registered") == true)
  }
}
