import InjectionCore
import InjectionTestHelpers
import Testing

extension InjectedPropertyTests {
  /// A car with an optional radio and a named spare wheel.
  final class Cabriolet: Injectable {
    @Injected var radio: (any Radio)?
    @Injected(named: "spare") var spare: Wheel
    @Injected(named: "race") var raceEngine: any Engine

    init() {}
  }

  /// A struct that declares a dependency.
  struct Dashboard: Injectable {
    @Injected var engine: any Engine

    init() {}
  }

  /// An actor that declares a dependency.
  actor Mechanic: Injectable {
    @Injected var engine: any Engine

    init() {}
    func engineModel() -> String { engine.model }
  }

  /// An object that asks for the injector itself.
  final class Workshop: Injectable {
    @Injected var injector: Injector

    init() {}
  }

  /// A car with one dependency, for `@Injected` that must not throw.
  class Roadster {
    @Injected var engine: any Engine

    init() {}
  }

  /// A subclass that inherits the `@Injected` property of its superclass.
  final class Speedster: Roadster {}

  /// A struct created by the caller, whose `@Injected` property fails.
  struct Gauge {
    @Injected var engine: any Engine
  }
}

@Suite struct InjectedPropertyTests {
  @Test func resolvesFromTheInjectorThatBuiltTheOwner() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self, with: V8Engine.init)

    let car = try withInjector(parent) { try child.resolve(Car.self) }

    #expect(car.engine is V8Engine)
  }

  @Test func resolvesFromTheCurrentInjectorWhenTheOwnerWasCreated() {
    let hybrid = Injector(label: "hybrid")
    hybrid.map((any Engine).self, with: HybridEngine.init)
    let racing = Injector(label: "racing")
    racing.map((any Engine).self, with: V8Engine.init)

    let roadster = withInjector(hybrid) { Roadster() }
    let engine = withInjector(racing) { roadster.engine }

    #expect(engine is HybridEngine, "the first read must not use the injector current then")
  }

  @Test func resolvesOnceAndKeepsTheValue() {
    let injector = Injector(label: "injected")
    let builds = Counter()
    injector.map((any Engine).self) { _ in
      builds.increment()
      return HybridEngine()
    }
    let roadster = withInjector(injector) { Roadster() }

    let first = roadster.engine
    let second = roadster.engine

    #expect(first === second)
    #expect(builds.value == 1)
  }

  @Test func propertiesAreResolvedBeforeTheInjectorReturnsTheOwner() throws {
    let injector = Injector(label: "injected")
    let builds = Counter()
    injector.map((any Engine).self) { _ in
      builds.increment()
      return HybridEngine()
    }

    let car = try injector.resolve(Car.self)

    #expect(builds.value == 1, "built with the car, not at the first read")
    #expect(car.engine is HybridEngine)
    #expect(builds.value == 1)
  }

  @Test func optionalPropertyIsNilWhenUnmapped() throws {
    let injector = Injector(label: "injected")
    injector.map(Wheel.self, named: "spare", scope: .singleton)
    injector.map((any Engine).self, named: "race", with: V8Engine.init)

    let cabriolet = try injector.resolve(Cabriolet.self)

    #expect(cabriolet.radio == nil)
  }

  @Test func optionalPropertyHasTheMappedValue() throws {
    let injector = Injector(label: "injected")
    injector.map(Wheel.self, named: "spare", scope: .singleton)
    injector.map((any Engine).self, named: "race", with: V8Engine.init)
    injector.map((any Radio).self, to: FMRadio(station: "news"))

    let cabriolet = try injector.resolve(Cabriolet.self)

    #expect(cabriolet.radio?.station == "news")
  }

  @Test func namedPropertyResolvesTheNamedKey() throws {
    let injector = Injector(label: "injected")
    let spare = Wheel()
    injector.map(Wheel.self, named: "spare", to: spare)
    injector.map((any Engine).self, with: HybridEngine.init)
    injector.map((any Engine).self, named: "race", with: V8Engine.init)

    let cabriolet = try injector.resolve(Cabriolet.self)

    #expect(cabriolet.spare === spare)
    #expect(cabriolet.raceEngine is V8Engine)
  }

  @Test func worksInAStruct() throws {
    let injector = Injector(label: "injected")
    let engine = V8Engine()
    injector.map((any Engine).self, to: engine)

    let dashboard = try injector.resolve(Dashboard.self)
    let copy = dashboard

    #expect(dashboard.engine === engine)
    #expect(copy.engine === engine)
  }

  @Test func worksInAStructCreatedByTheCaller() {
    let injector = Injector(label: "injected")
    let engine = V8Engine()
    injector.map((any Engine).self, to: engine)

    let dashboard = withInjector(injector) { Dashboard() }

    #expect(dashboard.engine === engine)
  }

  @Test func worksInAnActor() async throws {
    let injector = Injector(label: "injected")
    let engine = V8Engine()
    injector.map((any Engine).self, to: engine)

    let mechanic = try injector.resolve(Mechanic.self)

    #expect(await mechanic.engine === engine)
    #expect(await mechanic.engineModel() == "v8")
  }

  @Test func worksInAnActorCreatedByTheCaller() async {
    let injector = Injector(label: "injected")
    injector.map((any Engine).self, with: HybridEngine.init)

    let mechanic = withInjector(injector) { Mechanic() }

    #expect(await mechanic.engineModel() == "hybrid")
  }

  @Test func injectorPropertyIsTheInjectorThatBuiltTheOwner() throws {
    let parent = Injector(label: "parent")
    let child = parent.makeChild(label: "child")

    #expect(try parent.resolve(Workshop.self).injector === parent)
    #expect(try child.resolve(Workshop.self).injector === child)
  }

  @Test func failingPropertyStopsTheProgramWithTheDiagnostic() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let injector = Injector(label: "exit")
      let roadster = withInjector(injector) { InjectedPropertyTests.Roadster() }
      _ = roadster.engine
    }

    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Nothing is mapped for Engine."))
    #expect(output.contains("injectors searched: \"exit\""))
    #expect(
      output.contains(
        "while reading the @Injected Engine property of Roadster, declared at "
          + "InjectionCoreTests/InjectedPropertyTests.swift:39"))
    #expect(
      output.contains(
        "it resolves from injector \"exit\": no injector built its owner, and that one was "
          + "Injector.current (bound with withInjector) when the owner was created"))
    #expect(
      output.contains(
        "fix: map the key on \"exit\", or create the owner where an injector that maps it is "
          + "current: withInjector(injector) { Roadster(…) }\n"))
  }

  @Test func failingPropertyOfAnOwnerCreatedWithoutAnInjectorNamesTheSharedInjectorAndTheFixes()
    async
  {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let roadster = InjectedPropertyTests.Roadster()
      _ = roadster.engine
    }

    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("injectors searched: \"shared\""))
    #expect(
      output.contains(
        "it resolves from the shared injector: no injector built its owner, and none was made "
          + "current with withInjector when the owner was created"))
    #expect(
      output.contains(
        "fix: create the owner where your injector is current, so that its properties resolve "
          + "from it: withInjector(injector) { Roadster(…) }"))
    #expect(!output.contains("injector.resolve(Roadster.self)"), "Roadster is not mapped")
  }

  @Test func failingInheritedPropertyNamesTheClassThatDeclaresIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = InjectedPropertyTests.Speedster().engine
    }

    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "while reading the @Injected Engine property of Roadster, declared at "
          + "InjectionCoreTests/InjectedPropertyTests.swift:39"))
  }

  @Test func failingPropertyOfAStructNamesItsTypeAndDeclaration() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = InjectedPropertyTests.Gauge().engine
    }

    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Nothing is mapped for Engine."))
    #expect(
      output.contains(
        "while reading the @Injected Engine property of Gauge, declared at "
          + "InjectionCoreTests/InjectedPropertyTests.swift:49"))
    #expect(output.contains("withInjector(injector) { Gauge(…) }"))
    #expect(
      !output.contains("injector.resolve(Gauge.self)"),
      "a struct nothing maps cannot be resolved: the fix must not suggest it")
  }

  @Test func failingPropertyOfAnOwnerTheInjectorMapsSuggestsBuildingItWithTheInjector() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let injector = Injector(label: "maps the gauge")
      injector.map(InjectedPropertyTests.Gauge.self) { _ in InjectedPropertyTests.Gauge() }
      _ = withInjector(injector) { InjectedPropertyTests.Gauge() }.engine
    }

    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "withInjector(injector) { Gauge(…) }, or build it with that injector: "
          + "try injector.resolve(InjectedPropertyTests.Gauge.self)"))
  }
}
