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

/// The README's format sketch, `ExampleService` and `Other Service`, as a file.
private let readmeSketch = """
  <plist version="1.0">
  <dict>
    <key>Services</key>
    <dict>
      <key>ExampleService</key>
      <dict>
        <key>title</key><string>an example</string>
      </dict>
      <key>Other Service</key>
      <dict>
        <key>propertyName</key><string>fooString</string>
        <key>otherPropertyName</key><integer>5</integer>
      </dict>
    </dict>
  </dict>
  </plist>
  """

/// The sketch's `ExampleService`.
struct Example: Decodable, Sendable {
  let title: String
}

/// The sketch's `Other Service`: a string and an int.
struct Other: Decodable, Sendable {
  let propertyName: String
  let otherPropertyName: Int
}

/// The README's `MyService`, which `FooClass` got with `[self get:@"MyService"]`.
struct MyService: Decodable, Sendable {
  let endpoint: String
}

/// The README's `FooClass`.
final class FooClass: Injectable {
  @Injected var myService: MyService
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

  @Test func theReadmesSketchConfiguresOtherServiceUnderTheNameWithItsSpace() throws {
    let file = try ServicesFile(data: Data(readmeSketch.utf8), source: "Services.plist")
    let services = ServiceRegistry()
    services.register(Example.self)
    services.register(Other.self, as: "Other ")
    let configured = Injector(label: "app")

    try configured.addModule(ServicesModule(file: file, registry: services))

    let other = try configured.resolve(Other.self)
    #expect(other.propertyName == "fooString")
    #expect(other.otherPropertyName == 5)
    #expect(try configured.resolve(Example.self).title == "an example")
  }

  @Test func theSketchsOtherServiceIsNotTheTypeNamedOtherWithoutItsSpace() throws {
    let file = try ServicesFile(data: Data(readmeSketch.utf8), source: "Services.plist")
    let services = ServiceRegistry()
    services.register(Example.self)
    services.register(Other.self)

    let error = #expect(throws: PlistError.self) {
      try ServicesModule(file: file, registry: services)
    }

    #expect(error?.description.contains("\"Other \" is not registered") == true)
  }

  @Test func fooClassGetsMyServiceFromItsEntry() throws {
    let file = try ServicesFile(
      data: Data(
        """
        <plist version="1.0"><dict><key>Services</key><dict>
          <key>MyServiceService</key>
          <dict><key>endpoint</key><string>https://example.com</string></dict>
        </dict></dict></plist>
        """.utf8),
      source: "Services.plist")
    let myServices = ServiceRegistry()
    myServices.register(MyService.self)
    let app = Injector(label: "app")

    try app.addModule(ServicesModule(file: file, registry: myServices))

    #expect(try app.resolve(FooClass.self).myService.endpoint == "https://example.com")
  }

  @Test func aServiceTheAppDidNotRegisterIsAnErrorWhenTheFileIsLoaded() throws {
    let file = try ServicesFile(named: "Services", in: .module)

    let error = #expect(throws: PlistError.self) {
      try ServicesModule(file: file, registry: ServiceRegistry())
    }

    #expect(error?.description.contains("\"FooDummy\" is not registered") == true)
  }
}
