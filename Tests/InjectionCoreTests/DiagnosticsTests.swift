import InjectionCore
import InjectionTestHelpers
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
  @Test func notMappedNamesTheKeyAsWrittenTheInjectorAndTheFix() throws {
    let injector = Injector(label: "tests")

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve((any Engine).self) })

    let message = error.description
    #expect(message.hasPrefix("Nothing is mapped for Engine.\n"))
    #expect(message.contains("requested by: resolve(Engine)"))
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
        "requested by: DiagnosticsTests.Showroom -> Car -> Engine"))
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
    #expect(message.contains("Nothing is mapped for Engine named \"primary\"."))
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

    let error = try #require(
      #expect(throws: InjectionError.self) {
        try injector.resolve(Wheel.self, named: "spare") as Wheel
      })

    #expect(error.notMapped?.mappedNames == [])
    #expect(
      error.description.contains(
        "fix: map it with injector.map(Wheel.self, named: \"spare\") { _ in … }; "
          + "a named key is never created automatically."))
    #expect(!error.description.contains("conform"))
    #expect(!error.description.contains("is mapped:"))
  }

  @Test func aMisspelledNameListsTheMappedNamesAndSuggestsTheClosest() throws {
    let parent = Injector(label: "app")
    parent.map(Wheel.self, named: "shipping") { _ in Wheel() }
    parent.map(Wheel.self) { _ in Wheel() }
    let child = parent.makeChild(label: "test")
    child.map(Wheel.self, named: "express") { _ in Wheel() }

    let error = try #require(
      #expect(throws: InjectionError.self) {
        try child.resolve(Wheel.self, named: "shiping") as Wheel
      })

    #expect(error.notMapped?.mappedNames == [nil, "express", "shipping"])
    let message = error.description
    #expect(message.contains("Wheel is mapped: unnamed, named \"express\", named \"shipping\""))
    #expect(message.contains("fix: did you mean named: \"shipping\"?"))
    #expect(message.contains("injector.map(Wheel.self, named: \"shiping\") { _ in … }"))
  }

  @Test func aNameThatDiffersOnlyInCaseIsSuggested() throws {
    let injector = Injector(label: "tests")
    injector.map(Wheel.self, named: "Spare") { _ in Wheel() }

    let error = try #require(
      #expect(throws: InjectionError.self) {
        try injector.resolve(Wheel.self, named: "spare") as Wheel
      })

    #expect(error.description.contains("did you mean named: \"Spare\"?"))
  }

  @Test func aNameFarFromEveryMappedNameGetsNoSuggestion() throws {
    let injector = Injector(label: "tests")
    injector.map(Wheel.self, named: "front") { _ in Wheel() }

    let error = try #require(
      #expect(throws: InjectionError.self) {
        try injector.resolve(Wheel.self, named: "spare") as Wheel
      })

    #expect(error.description.contains("Wheel is mapped: named \"front\""))
    #expect(!error.description.contains("did you mean"))
  }

  @Test func anUnnamedKeyOfATypeMappedOnlyWithNamesSaysSo() throws {
    let injector = Injector(label: "tests")
    injector.map(Settings.self, named: "staging") { _ in Settings(speedLimit: 80) }

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Settings.self) })

    #expect(error.notMapped?.mappedNames == ["staging"])
    #expect(
      error.description.contains(
        "fix: Settings is mapped only with names: ask for one of them (named: \"staging\"), "
          + "or map the unnamed key with injector.map(Settings.self) { _ in … }."))
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

  @Test func aMissOfATypeWhoseNameAnotherModulesMappedTypeSharesQualifiesBothAndSaysSo() throws {
    let injector = Injector(label: "app")
    injector.map(InjectionTestHelpers.Odometer.self) { _ in InjectionTestHelpers.Odometer() }

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Odometer.self) })

    let message = error.description
    #expect(message.hasPrefix("Nothing is mapped for InjectionCoreTests.Odometer.\n"))
    #expect(message.contains("requested by: resolve(InjectionCoreTests.Odometer)"))
    #expect(
      message.contains(
        "a different type of that name is mapped: InjectionTestHelpers.Odometer; check which "
          + "Odometer the code that asks means (its imports)"))
    #expect(message.contains("injector.map(InjectionCoreTests.Odometer.self) { _ in … }"))
  }

  @Test func aSameNamedProtocolIsQualifiedAndWrittenWithAny() throws {
    let parent = Injector(label: "app")
    parent.map((any InjectionTestHelpers.Gearbox).self, named: "manual") { _ in ManualGearbox() }
    let child = parent.makeChild(label: "screen")

    let error = try #require(
      #expect(throws: InjectionError.self) { try child.resolve((any Gearbox).self) })

    #expect(
      error.description.contains(
        "a different type of that name is mapped: "
          + "InjectionTestHelpers.Gearbox named \"manual\""))
    #expect(
      error.description.contains(
        "fix: map it to a type that conforms to InjectionCoreTests.Gearbox: "
          + "injector.map((any InjectionCoreTests.Gearbox).self) { _ in … }."))
  }

  @Test func theSameNameHintReflectsTheMappingsWhenTheMessageIsRendered() throws {
    let injector = Injector(label: "app")

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Odometer.self) })
    injector.map(InjectionTestHelpers.Odometer.self) { _ in InjectionTestHelpers.Odometer() }

    #expect(error.description.contains("a different type of that name is mapped"))
    injector.unmap(InjectionTestHelpers.Odometer.self)
    #expect(!error.description.contains("a different type of that name is mapped"))
    #expect(error.description.hasPrefix("Nothing is mapped for Odometer.\n"))
  }

  @Test func aMissOfAnUnrelatedTypeSaysNothingOfOtherTypes() throws {
    let injector = Injector(label: "app")
    injector.map(InjectionTestHelpers.Odometer.self) { _ in InjectionTestHelpers.Odometer() }

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(Settings.self) })

    #expect(!error.description.contains("different type"))
    #expect(!error.description.contains("InjectionCoreTests."))
  }

  @Test(arguments: [
    (InjectionKey((any Engine).self), "any Engine", "(any Engine).self"),
    (InjectionKey(Settings.self), "Settings", "Settings.self"),
    (InjectionKey(Instruments.Gauge.self), "Instruments.Gauge", "Instruments.Gauge.self"),
    (
      InjectionKey((any Engine & Gearbox).self), "any Engine & Gearbox",
      "(any Engine & Gearbox).self"
    ),
    (InjectionKey((any Engine.Type).self), "any Engine.Type", "(any Engine.Type).self"),
    (InjectionKey(Any.self), "Any", "Any.self"),
    (InjectionKey(typeName: "CarDemo.Engine"), "Engine", "Engine.self"),
  ])
  func aKeyIsWrittenAsCodeWritesItsType(key: InjectionKey, type: String, metatype: String) {
    #expect(key.typeInCode == type)
    #expect(key.metatypeInCode == metatype)
  }

  @Test func aKeyIsWrittenAsTheInitializerThatMakesItWithItsNameEscaped() {
    #expect(
      InjectionKey((any Engine).self, named: "say \"hi\"").initializerInCode
        == #"InjectionKey((any Engine).self, named: "say \"hi\"")"#)
    #expect(InjectionKey(Settings.self).initializerInCode == "InjectionKey(Settings.self)")
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
      error.description.contains("Building Engine failed: FactoryError(no fuel)"))
    #expect(
      error.description.contains(
        "requested by: Coupe -> Engine"))
  }

  @Test func cycleMessageNamesThePathAndTheFix() throws {
    let injector = Injector(label: "tests")

    let error = try #require(
      #expect(throws: InjectionError.self) { try injector.resolve(PropertyCycle.Chicken.self) })

    #expect(
      error.description.hasPrefix(
        "Dependency cycle: PropertyCycle.Chicken -> PropertyCycle.Egg -> PropertyCycle.Chicken."))
    #expect(error.description.contains("fix: make one of these a singleton"))
  }

  @Test(arguments: [
    DescriptionCase(
      error: .notMapped(
        key: InjectionKey(typeName: "CarDemo.Engine"),
        path: [InjectionKey(typeName: "CarDemo.Car")], searched: ["child", "shared"]),
      fragments: [
        "Nothing is mapped for Engine.",
        "requested by: Car -> Engine",
        "injectors searched: \"child\" -> \"shared\"",
        "fix: map it with injector.map(Engine.self) { _ in … } "
          + "(for a protocol: (any Engine).self), or conform a concrete type to Injectable",
      ]),
    DescriptionCase(
      error: .notMapped(
        key: InjectionKey(typeName: "CarDemo.Wheel", name: "spar"), path: [],
        searched: ["garage"], mappedNames: [nil, "spare"]),
      fragments: [
        "Nothing is mapped for Wheel named \"spar\".",
        "requested by: resolve(Wheel named \"spar\")",
        "Wheel is mapped: unnamed, named \"spare\"",
        "fix: did you mean named: \"spare\"? Or map it with "
          + "injector.map(Wheel.self, named: \"spar\") { _ in … }; "
          + "a named key is never created automatically.",
      ]),
    DescriptionCase(
      error: .notMapped(
        key: InjectionKey(typeName: "Tires.Wheel"),
        path: [InjectionKey(typeName: "CarDemo.Wheel")], searched: ["garage"]),
      fragments: [
        "Nothing is mapped for Tires.Wheel.",
        "requested by: CarDemo.Wheel -> Tires.Wheel",
        "injector.map(Tires.Wheel.self)",
      ]),
    DescriptionCase(
      error: .cycle(
        path: ["Car", "Engine", "Car"].map { InjectionKey(typeName: "CarDemo.\($0)") }),
      fragments: [
        "Dependency cycle: Car -> Engine -> Car.",
        "fix: make one of these a singleton",
      ]),
    DescriptionCase(
      error: .invalidMapping(
        key: InjectionKey(typeName: "CarDemo.Speed", name: "max"), reason: "not an object"),
      fragments: ["Invalid mapping for Speed named \"max\": not an object"]),
    DescriptionCase(
      error: .moduleAlreadyAdded(module: "CarDemo.RacingModule", injector: "garage"),
      fragments: [
        "The module RacingModule is already added to injector \"garage\".",
        "fix: remove it first with injector.removeModule(_:), or add a new instance.",
      ]),
    DescriptionCase(
      error: .factoryFailed(
        key: InjectionKey(typeName: "CarDemo.Engine"),
        path: [InjectionKey(typeName: "CarDemo.Car")],
        underlying: FactoryError(reason: "stalled")),
      fragments: [
        "Building Engine failed: FactoryError(stalled)",
        "requested by: Car -> Engine",
        "fix: the error above comes from the factory, init or module that builds Engine.",
      ]),
  ])
  func everyErrorDescriptionNamesTheKeyThePathAndTheFix(_ testCase: DescriptionCase) {
    for fragment in testCase.fragments {
      #expect(testCase.error.description.contains(fragment), "missing: \(fragment)")
    }
    #expect(!testCase.error.description.contains("CarDemo.Engine"))
  }

  @Test(arguments: [
    (InjectionKey(typeName: "CarDemo.Engine"), "Engine"),
    (InjectionKey(typeName: "CarDemo.Engine", name: "primary"), "Engine named \"primary\""),
    (InjectionKey(typeName: "Swift.Array<CarDemo.Garage.Door>"), "Array<Garage.Door>"),
    (InjectionKey(Instruments.Gauge.self), "Instruments.Gauge"),
  ])
  func keyDescriptionIsTheTypeAsWrittenAndTheName(key: InjectionKey, expected: String) {
    #expect(key.description == expected)
  }

  @Test func aTypeDeclaredInAFunctionIsWrittenWithoutItsContext() {
    struct Local {}

    let key = InjectionKey(Local.self)

    #expect(key.typeName.contains("unknown context"))
    #expect(key.unqualifiedTypeName == "Local")
  }

  @Test func keysAreEqualByTypeNameAndName() {
    #expect(InjectionKey(typeName: "A.B") == InjectionKey(typeName: "A.B", name: nil))
    #expect(InjectionKey(typeName: "A.B") != InjectionKey(typeName: "A.B", name: "x"))
    #expect(InjectionKey(typeName: "A.B") != InjectionKey(typeName: "C.B"))
  }
}

/// A type whose name InjectionTestHelpers gives a type of its own.
struct Odometer {}

/// A protocol whose name InjectionTestHelpers gives a protocol of its own.
protocol Gearbox {}

/// A gearbox of the other module's protocol.
struct ManualGearbox: InjectionTestHelpers.Gearbox {}

/// A namespace for a nested type in diagnostics.
enum Instruments {
  /// A nested type nothing maps.
  struct Gauge {}
}

extension DiagnosticsTests {
  @Test func closestNameSuggestsWhatDiagnosticsSuggestForAddOns() {
    let shipping = InjectionError.closestName(to: "shiping", among: ["express", "shipping"])
    #expect(shipping == "shipping")
    #expect(InjectionError.closestName(to: "EXPRESS", among: ["express"]) == "express")
    #expect(InjectionError.closestName(to: "ab", among: ["ad", "ac"]) == "ac")  // a tie: first A–Z
    #expect(InjectionError.closestName(to: "garage", among: ["engine", "wheel"]) == nil)
  }
}
