import InjectionCore
import Testing

extension DiagnosticsTests {
  /// Holds a car, to make the path of a missing dependency two steps long.
  final class Showroom: Injectable {
    @Injected var car: Car

    init() {}
  }

  /// A constructed error and the fragments its description must contain.
  struct DescriptionCase: Sendable, CustomTestStringConvertible {
    let error: InjectionError
    let fragments: [String]

    var testDescription: String { "\(fragments.first ?? "")…" }
  }
}

@Suite struct DiagnosticsTests {
  @Test func notMappedNamesTheQualifiedKeyTheInjectorAndTheFix() throws {
    let injector = Injector(label: "tests")

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve((any Engine).self) })

    let message = error.description
    #expect(message.contains("Nothing is mapped for InjectionCoreTests.Engine."))
    #expect(message.contains("requested by: resolve(InjectionCoreTests.Engine)"))
    #expect(message.contains("injectors searched: \"tests\""))
    #expect(
      message.contains(
        "fix: map it to a type that conforms to Engine: "
          + "injector.map((any Engine).self) { _ in … }."))
    #expect(!message.contains("Injectable"))
  }

  @Test func notMappedNamesThePathAndEveryInjectorSearchedChildFirst() throws {
    let parent = Injector(label: "parent")
    let child = parent.makeChild(label: "child")

    let error = try #require(
      #expect(throws: InjectionError.self) { try child.resolve(Showroom.self) })

    let notMapped = try #require(error.notMapped)
    #expect(notMapped.key == key((any Engine).self))
    #expect(notMapped.path == [key(Showroom.self), key(Car.self)])
    #expect(notMapped.searched == ["child", "parent"])
    let message = error.description
    #expect(
      message.contains(
        "requested by: InjectionCoreTests.DiagnosticsTests.Showroom -> InjectionCoreTests.Car -> "
          + "InjectionCoreTests.Engine"))
    #expect(message.contains("injectors searched: \"child\" -> \"parent\""))
  }

  @Test func notMappedNamesTheKeysNameAndTheNamedFix() throws {
    let injector = Injector(label: "tests")

    let error = try #require(
      #expect(throws: InjectionError.self) {
        try injector.resolve((any Engine).self, named: "primary")
      })

    #expect(
      error.notMapped?.key == InjectionKey(typeName: "InjectionCoreTests.Engine", name: "primary"))
    let message = error.description
    #expect(message.contains("Nothing is mapped for InjectionCoreTests.Engine named \"primary\"."))
    #expect(
      message.contains("injector.map((any Engine).self, named: \"primary\") { _ in … }"))
  }

  @Test func notMappedForAConcreteTypeSuggestsInjectable() throws {
    let injector = Injector(label: "tests")

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Turbocharger.self) })

    #expect(
      error.description.contains(
        "fix: map it with injector.map(Turbocharger.self) { _ in … }, or conform Turbocharger "
          + "to Injectable (with init()) so that it is created automatically."))
    #expect(!error.description.contains("(any "))
    #expect(!error.description.contains("for a protocol"))
  }

  @Test func notMappedForAValueTypeNeverMentionsProtocols() throws {
    let injector = Injector(label: "tests")

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Settings.self) })

    #expect(error.description.contains("injector.map(Settings.self) { _ in … }"))
    #expect(!error.description.contains("protocol"))
    #expect(!error.description.contains("(any "))
  }

  @Test func notMappedForANamedKeySaysNamedKeysAreNeverCreated() throws {
    let injector = Injector(label: "tests")
    injector.map(Wheel.self, named: "shipping") { _ in Wheel() }

    let error = try #require(
      #expect(throws: InjectionError.self) {
        try injector.resolve(Wheel.self, named: "shiping") as Wheel
      })

    #expect(
      error.description.contains(
        "fix: map it with injector.map(Wheel.self, named: \"shiping\") { _ in … }; "
          + "a named key is never created automatically."))
    #expect(!error.description.contains("conform"))
  }

  @Test func fixSpellsNestedAndGenericTypesWithoutModuleNames() throws {
    let injector = Injector(label: "tests")

    let nested = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Instruments.Gauge.self) })
    let generic = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve([Settings].self) })

    #expect(nested.description.contains("injector.map(Instruments.Gauge.self)"))
    #expect(generic.description.contains("injector.map(Array<Settings>.self)"))
  }

  @Test func factoryFailedNamesTheKeyThePathAndTheUnderlyingError() throws {
    let injector = Injector(label: "tests")
    injector.map((any Engine).self) { _ in throw FactoryError(reason: "no fuel") }
    injector.map(Coupe.self) { injector in Coupe(engine: try injector.resolve((any Engine).self)) }

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Coupe.self) })

    guard case .factoryFailed(let failedKey, let path, let underlying) = error else {
      Issue.record("expected .factoryFailed, got \(error)")
      return
    }
    #expect(failedKey == key((any Engine).self))
    #expect(path == [key(Coupe.self)])
    #expect(underlying as? FactoryError == FactoryError(reason: "no fuel"))
    #expect(
      error.description.contains("Building InjectionCoreTests.Engine failed: FactoryError(no fuel)")
    )
    #expect(
      error.description.contains(
        "requested by: InjectionCoreTests.Coupe -> InjectionCoreTests.Engine"))
  }

  @Test func cycleMessageNamesThePathAndTheFix() throws {
    let injector = Injector(label: "tests")

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(PropertyCycle.Chicken.self) })

    #expect(
      error.description.hasPrefix(
        "Dependency cycle: InjectionCoreTests.PropertyCycle.Chicken -> "
          + "InjectionCoreTests.PropertyCycle.Egg -> InjectionCoreTests.PropertyCycle.Chicken."))
    #expect(error.description.contains("fix: make one of these a singleton"))
  }

  @Test(arguments: [
    DescriptionCase(
      error: .notMapped(
        key: InjectionKey(typeName: "CarDemo.Engine"),
        path: [InjectionKey(typeName: "CarDemo.Car")], searched: ["child", "shared"]),
      fragments: [
        "Nothing is mapped for CarDemo.Engine.",
        "requested by: CarDemo.Car -> CarDemo.Engine",
        "injectors searched: \"child\" -> \"shared\"",
        "fix: map it with injector.map(CarDemo.Engine.self) { _ in … }",
      ]),
    DescriptionCase(
      error: .cycle(
        path: ["Car", "Engine", "Car"].map { InjectionKey(typeName: "CarDemo.\($0)") }),
      fragments: ["Dependency cycle: CarDemo.Car -> CarDemo.Engine -> CarDemo.Car."]),
    DescriptionCase(
      error: .invalidMapping(
        key: InjectionKey(typeName: "CarDemo.Speed", name: "max"), reason: "not an object"),
      fragments: ["Invalid mapping for CarDemo.Speed named \"max\": not an object"]),
    DescriptionCase(
      error: .moduleAlreadyAdded(module: "CarDemo.RacingModule", injector: "garage"),
      fragments: [
        "The module CarDemo.RacingModule is already added to injector \"garage\".",
        "fix: remove it first with injector.removeModule(_:)",
      ]),
    DescriptionCase(
      error: .factoryFailed(
        key: InjectionKey(typeName: "CarDemo.Engine"), path: [],
        underlying: FactoryError(reason: "stalled")),
      fragments: [
        "Building CarDemo.Engine failed: FactoryError(stalled)",
        "the factory, init or module that builds CarDemo.Engine",
      ]),
  ])
  func everyErrorDescriptionNamesTheKeyAndTheFix(_ testCase: DescriptionCase) {
    for fragment in testCase.fragments {
      #expect(testCase.error.description.contains(fragment), "missing: \(fragment)")
    }
  }

  @Test(arguments: [
    (InjectionKey(typeName: "CarDemo.Engine"), "CarDemo.Engine"),
    (InjectionKey(typeName: "CarDemo.Engine", name: "primary"), "CarDemo.Engine named \"primary\""),
  ])
  func keyDescriptionIsTheTypeAndTheName(key: InjectionKey, expected: String) {
    #expect(key.description == expected)
  }

  @Test func keysAreEqualByTypeNameAndName() {
    #expect(InjectionKey(typeName: "A.B") == InjectionKey(typeName: "A.B", name: nil))
    #expect(InjectionKey(typeName: "A.B") != InjectionKey(typeName: "A.B", name: "x"))
    #expect(InjectionKey(typeName: "A.B") != InjectionKey(typeName: "C.B"))
  }
}

/// A namespace for a nested type in diagnostics.
enum Instruments {
  /// A nested type nothing maps.
  struct Gauge {}
}
