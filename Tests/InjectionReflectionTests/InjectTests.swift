import InjectionCore
import InjectionReflection
import InjectionTestHelpers
import Testing

@Suite struct InjectTests {
  private func injector() -> Injector {
    let injector = Injector(label: "inject")
    injector.map((any Engine).self, scope: .singleton) { _ in V8() }
    injector.map(Wheel.self, named: "spare", scope: .singleton)
    return injector
  }

  @Test func injectsEveryPropertyOfAFiveLevelClassHierarchyThenCallsTheHookOnce() throws {
    let injector = injector()
    let object = withInjector(Injector(label: "unrelated")) { Level5() }

    let resolved = try injector.inject(into: object)

    #expect(resolved == 5)
    #expect(object.engine === (try injector.resolve((any Engine).self)))
    #expect(object.spare === (try injector.resolve(Wheel.self, named: "spare")))
    #expect(object.radio == nil, "an unmapped optional is nil")
    #expect(object.injector === injector)
    #expect(object.hooks.value == 1)
  }

  @Test func injectingTwiceResolvesNothingTwiceAndCallsNoHookTwice() throws {
    let injector = injector()
    let object = Level5()

    try injector.inject(into: object)
    let engine = object.engine
    let second = try injector.inject(into: object)

    #expect(second == 0)
    #expect(object.engine === engine)
    #expect(object.hooks.value == 1)
  }

  @Test func aMissingMappingIsThrownNowAndTheHookIsNotCalled() {
    let object = Level5()

    let error = #expect(throws: InjectionError.self) {
      try Injector(label: "empty").inject(into: object)
    }

    guard case .notMapped(let key, _, _, _)? = error else { return }
    #expect(key == InjectionKey((any Engine).self))
    #expect(object.hooks.value == 0)
  }

  @Test func anObjectWithNoInjectedPropertiesGetsItsHookOnceFromInject() throws {
    let object = Plain()

    #expect(try injector().inject(into: object) == 0)
    #expect(object.hooks.value == 1, "inject completed it, as Gummi's injectIntoObject: did")
    try injector().inject(into: object)
    try Injector(label: "another").inject(into: object)
    #expect(object.hooks.value == 1, "never a second time, whichever injector injects")
  }

  @Test func eachNewObjectGetsItsOwnHookAlsoAtAReusedAddress() throws {
    let injector = injector()
    for _ in 0..<200 {
      let object = Plain()  // released at the end of each pass: its address may come back
      try injector.inject(into: object)
      #expect(object.hooks.value == 1)
    }
  }

  @Test func anObjectWhosePropertiesWereReadBeforeGetsItsHookOnce() throws {
    let injector = injector()
    let object = withInjector(injector) { Level5() }
    _ = (object.engine, object.spare, object.radio, object.wheel, object.injector)

    #expect(try injector.inject(into: object) == 0)
    #expect(object.hooks.value == 1)
    try injector.inject(into: object)
    #expect(object.hooks.value == 1)
  }

  @Test func anObjectAnInjectorBuiltNeverGetsItsHookAgain() throws {
    let injector = injector()
    injector.map(Level5.self) { _ in Level5() }
    let object = try injector.resolve(Level5.self)
    #expect(object.hooks.value == 1, "its build called it")

    try injector.inject(into: object)

    #expect(object.hooks.value == 1)
  }

  @Test func aFailedInjectCallsNoHookAndTheNextOneCompletesTheObject() throws {
    let object = Level5()
    #expect(throws: InjectionError.self) { try Injector(label: "empty").inject(into: object) }
    #expect(object.hooks.value == 0)

    try injector().inject(into: object)

    #expect(object.hooks.value == 1)
  }

  @Test func aValueGetsItsHookOnlyFromTheCallThatResolvedSomething() throws {
    let injector = injector()
    var gauge = Gauge()
    try injector.inject(into: &gauge)
    try injector.inject(into: &gauge)
    #expect(gauge.hooks.value == 1)

    var plain = PlainValue()
    try injector.inject(into: &plain)
    #expect(plain.hooks.value == 0, "a value without properties has nothing to remember it by")
  }

  @Test func anObjectHoldingTheSameDependencyTwiceGetsBoth() throws {
    let object = Twin()

    #expect(try injector().inject(into: object) == 2)
    #expect(object.left !== object.right, "Wheel is created anew for each property")
  }

  @Test func aStructIsInjectedInPlace() throws {
    let injector = injector()
    var gauge = Gauge()

    #expect(try injector.inject(into: &gauge) == 1)

    #expect(gauge.engine === (try injector.resolve((any Engine).self)))
    #expect(gauge.hooks.value == 1)
  }

  @Test func anObjectBuiltByAnInjectorKeepsWhatItResolved() throws {
    let builder = injector()
    let car = try builder.resolve(Car.self)
    let other = Injector(label: "other")
    other.map((any Engine).self) { _ in V8() }

    #expect(try other.inject(into: car) == 0)
    #expect(car.engine === (try builder.resolve((any Engine).self)))
  }
}

@Suite struct DescribeTests {
  @Test func injectedPropertiesNameEachPropertyItsKeyStateAndInjector() throws {
    let injector = Injector(label: "describe")
    injector.map((any Engine).self) { _ in V8() }
    let object = withInjector(injector) { Level5() }
    _ = object.engine

    let properties = injectedProperties(of: object)

    #expect(properties.map(\.name) == ["engine", "spare", "radio", "wheel", "injector"])
    #expect(properties.map(\.declaringType) == ["Level1", "Level2", "Level3", "Level4", "Level5"])
    let engine = try #require(properties.first)
    #expect(engine.key == InjectionKey((any Engine).self))
    #expect(engine.isResolved)
    #expect(!engine.isOptional)
    #expect(properties[2].isOptional)
    #expect(properties[1].key == InjectionKey(Wheel.self, named: "spare"))
    #expect(properties[4].injectorLabel == "describe")
    #expect(
      engine.description
        == "engine: Engine, resolved from \"describe\" (\(InjectorSource.current)) (declared in Level1)"
    )
    #expect(properties[4].description.contains("unresolved, would resolve from \"describe\""))
  }

  @Test func afterInjectAPropertyNamesTheInjectorItWasResolvedFrom() throws {
    let injector = Injector(label: "app")
    injector.map((any Engine).self) { _ in V8() }
    let car = Car()  // created outside any withInjector

    let before = try #require(injectedProperties(of: car).first)
    #expect(before.injectorLabel == "shared")
    #expect(before.injectorSource == .shared)
    #expect(before.description.contains("would resolve from \"shared\" (the shared injector"))

    try injector.inject(into: car)

    let after = try #require(injectedProperties(of: car).first)
    #expect(after.isResolved)
    #expect(after.injectorLabel == "app")
    #expect(after.injectorSource == .bound)
    #expect(after.description.contains("resolved from \"app\" (bound by your code)"))
  }

  @Test func aPropertyOfABuiltObjectNamesItsBuilderBeforeAndAfter() throws {
    let injector = Injector(label: "builder")
    injector.map((any Engine).self) { _ in V8() }

    let car = try injector.resolve(Car.self)

    let engine = try #require(injectedProperties(of: car).first)
    #expect(engine.isResolved)
    #expect(engine.injectorLabel == "builder")
    #expect(engine.injectorSource == .builder)
  }

  @Test func aResolvedPropertyHoldsItsInjectorWeakly() throws {
    let car = Car()
    weak var released: Injector?
    do {
      let injector = Injector(label: "short-lived")
      injector.map((any Engine).self) { _ in V8() }
      try injector.inject(into: car)
      released = injector
      #expect(injectedProperties(of: car).first?.injectorLabel == "short-lived")
    }

    #expect(released == nil, "the property kept no strong reference")
    #expect(injectedProperties(of: car).first?.injectorLabel == nil)
    #expect(injectedProperties(of: car).first?.description.contains("a released injector") == true)
  }

  @Test func aValueWithoutPropertiesHasNone() {
    #expect(injectedProperties(of: 42).isEmpty)
    #expect(injectedProperties(of: Plain()).isEmpty)
  }

  @Test func theListingGroupsMappingsByOwner() throws {
    final class GarageModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }
      }
    }
    let parent = Injector(label: "platform")
    parent.map(Wheel.self, named: "spare", scope: .singleton)
    let injector = parent.makeChild(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in V8() }
    try injector.addModule(GarageModule())

    let listing = injector.mappingListing

    let lines = listing.split(separator: "\n").map(String.init)
    #expect(lines.first == "Injector \"app\":")
    #expect(lines.contains("  direct:"))
    #expect(lines.contains("  module GarageModule:"))
    #expect(lines.contains("  inherited from \"platform\":"))
    let direct = try #require(lines.firstIndex(of: "  direct:"))
    #expect(lines[direct + 1].hasPrefix("    Engine: singleton factory"))
  }
}
