import InjectionCore
import InjectionTestHelpers
import Testing

/// Types for cycles through factories: a starter needs a battery, the battery needs a starter.
enum FactoryCycle {
  final class Starter: Sendable {
    let battery: Battery

    init(battery: Battery) {
      self.battery = battery
    }
  }

  final class Battery: Sendable {
    let starter: Starter

    init(starter: Starter) {
      self.starter = starter
    }
  }
}

/// Types for cycles through `@Injected`: a chicken needs an egg, the egg needs a chicken.
enum PropertyCycle {
  final class Chicken: Injectable {
    @Injected var egg: Egg

    init() {}
  }

  final class Egg: Injectable {
    @Injected var chicken: Chicken

    init() {}
  }

  /// Reads its dependency during `init`, before the injector could resolve it.
  final class Hen: Injectable {
    @Injected var nest: Nest
    private(set) var nestCount = 0

    init() {
      nestCount = nest.count
    }
  }

  final class Nest: Injectable {
    @Injected var hen: Hen
    let count = 1

    init() {
      _ = hen
    }
  }
}

/// Two types named `Part` in different namespaces, as two modules would have.
enum Dairy {
  final class Part: Injectable {
    @Injected var other: Bakery.Part

    init() {}
  }
}

/// See ``Dairy``.
enum Bakery {
  final class Part: Injectable, Sendable {
    init() {}
  }
}

@Suite struct CycleTests {
  @Test func circularSingletonsEachGetTheOthersOneInstance() throws {
    let injector = Injector(label: "cycles")
    injector.map(SingletonCycle.Pilot.self, scope: .singleton)
    injector.map(SingletonCycle.Copilot.self, scope: .singleton)

    let pilot = try injector.resolve(SingletonCycle.Pilot.self)
    let copilot = try injector.resolve(SingletonCycle.Copilot.self)

    #expect(pilot.copilot === copilot)
    #expect(copilot.pilot === pilot)
  }

  @Test func circularSingletonsWorkFromEitherSide() throws {
    let injector = Injector(label: "cycles")
    injector.map(SingletonCycle.Pilot.self, scope: .singleton)
    injector.map(SingletonCycle.Copilot.self, scope: .singleton)

    let copilot = try injector.resolve(SingletonCycle.Copilot.self)

    #expect(copilot.pilot.copilot === copilot)
  }

  @Test func singletonNeedingATransientThatNeedsTheSingletonGetsTheSingleton() throws {
    let injector = Injector(label: "cycles")
    injector.map(SingletonCycle.Copilot.self, scope: .singleton)

    let copilot = try injector.resolve(SingletonCycle.Copilot.self)

    #expect(copilot.pilot.copilot === copilot)
  }

  @Test func transientNeedingASingletonThatNeedsTheTransientTypeIsNotACycle() throws {
    let injector = Injector(label: "cycles")
    injector.map(SingletonCycle.Copilot.self, scope: .singleton)

    let pilot = try injector.resolve(SingletonCycle.Pilot.self)

    let copilot = pilot.copilot
    #expect(copilot === (try injector.resolve(SingletonCycle.Copilot.self)))
    #expect(copilot.pilot !== pilot, "the singleton got its own transient pilot")
    #expect(copilot.pilot.copilot === copilot)
  }

  @Test func transientCycleThroughFactoriesIsACycleError() throws {
    let injector = Injector(label: "cycles")
    injector.map(FactoryCycle.Starter.self) { injector in
      FactoryCycle.Starter(battery: try injector.resolve(FactoryCycle.Battery.self))
    }
    injector.map(FactoryCycle.Battery.self) { injector in
      FactoryCycle.Battery(starter: try injector.resolve(FactoryCycle.Starter.self))
    }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(FactoryCycle.Starter.self)
    }

    let path = try #require(error?.cyclePath)
    #expect(
      path == [
        key(FactoryCycle.Starter.self), key(FactoryCycle.Battery.self),
        key(FactoryCycle.Starter.self),
      ])
    #expect(
      error!.description.contains(
        "Dependency cycle: FactoryCycle.Starter -> FactoryCycle.Battery -> FactoryCycle.Starter"))
  }

  @Test func transientCycleThroughInjectedPropertiesIsACycleError() throws {
    let injector = Injector(label: "cycles")

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(PropertyCycle.Chicken.self)
    }

    #expect(
      error?.cyclePath == [
        key(PropertyCycle.Chicken.self), key(PropertyCycle.Egg.self),
        key(PropertyCycle.Chicken.self),
      ])
    #expect(
      error!.description.contains(
        "PropertyCycle.Chicken -> PropertyCycle.Egg -> PropertyCycle.Chicken"))
  }

  @Test func cycleThroughInjectedReadsDuringInitStopsTheProgramWithThePath() async {
    // A getter cannot throw: a read in `init` that closes a cycle stops the program.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = try? Injector(label: "cycles").resolve(PropertyCycle.Hen.self)
    }

    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "Dependency cycle: PropertyCycle.Hen -> PropertyCycle.Nest -> PropertyCycle.Hen."))
  }

  @Test func cyclePathStartsAtTheTypeThatRepeats() throws {
    let injector = Injector(label: "cycles")
    injector.map(Coupe.self) { injector in Coupe(engine: try injector.resolve((any Engine).self)) }
    injector.map((any Engine).self) { injector in
      _ = try injector.resolve(FactoryCycle.Starter.self)
      return HybridEngine()
    }
    injector.map(FactoryCycle.Starter.self) { injector in
      _ = try injector.resolve((any Engine).self)
      throw FactoryError(reason: "unreachable")
    }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(Coupe.self)
    }

    #expect(
      error?.cyclePath == [
        key((any Engine).self), key(FactoryCycle.Starter.self), key((any Engine).self),
      ])
  }

  @Test func singletonWhoseFactoryNeedsItselfIsACycleError() throws {
    let injector = Injector(label: "cycles")
    injector.map((any Engine).self, scope: .singleton) { injector in
      try injector.resolve((any Engine).self)
    }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Engine).self)
    }

    #expect(error?.cyclePath == [key((any Engine).self), key((any Engine).self)])
  }

  @Test func singletonsWhoseFactoriesNeedEachOtherAreACycleErrorEveryTime() throws {
    let injector = Injector(label: "cycles")
    injector.map(FactoryCycle.Starter.self, scope: .singleton) { injector in
      FactoryCycle.Starter(battery: try injector.resolve(FactoryCycle.Battery.self))
    }
    injector.map(FactoryCycle.Battery.self, scope: .singleton) { injector in
      FactoryCycle.Battery(starter: try injector.resolve(FactoryCycle.Starter.self))
    }

    for _ in 0..<2 {
      let error = #expect(throws: InjectionError.self) {
        try injector.resolve(FactoryCycle.Starter.self)
      }
      #expect(error?.cyclePath?.first == key(FactoryCycle.Starter.self))
      #expect(error?.cyclePath?.last == key(FactoryCycle.Starter.self))
    }
  }

  @Test func typesWithTheSameNameInDifferentNamespacesAreNotACycle() throws {
    let injector = Injector(label: "cycles")

    let part = try injector.resolve(Dairy.Part.self)

    #expect(type(of: part.other) == Bakery.Part.self)
  }

  @Test func typesWithTheSameNameAreDifferentKeys() throws {
    let injector = Injector(label: "cycles")
    injector.map(Bakery.Part.self, scope: .singleton)

    #expect(injector.isMapped(Bakery.Part.self))
    #expect(!injector.isMapped(Dairy.Part.self))
    #expect(key(Dairy.Part.self) != key(Bakery.Part.self))
  }

  @Test func sameTypeUnderTwoNamesIsNotACycle() throws {
    let injector = Injector(label: "cycles")
    injector.map((any Engine).self, named: "inner", with: HybridEngine.init)
    injector.map((any Engine).self, named: "outer") { injector in
      try injector.resolve((any Engine).self, named: "inner")
    }

    #expect(try injector.resolve((any Engine).self, named: "outer") is HybridEngine)
  }

  @Test func childDecoratingTheParentsMappingIsNotACycle() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    let child = parent.makeChild(label: "child")
    child.map(Coupe.self) { _ in Coupe(engine: try parent.resolve((any Engine).self)) }
    child.map((any Engine).self) { _ in try parent.resolve((any Engine).self) }

    #expect(try child.resolve((any Engine).self) is HybridEngine)
    #expect(try child.resolve(Coupe.self).engine is HybridEngine)
  }

  @Test func resolutionWorksAgainAfterACycleError() throws {
    let injector = Injector(label: "cycles")
    injector.map(Coupe.self) { injector in Coupe(engine: try injector.resolve((any Engine).self)) }
    injector.map((any Engine).self) { injector in
      _ = try injector.resolve(Coupe.self)
      return HybridEngine()
    }
    #expect(throws: InjectionError.self) { try injector.resolve(Coupe.self) }

    injector.map((any Engine).self, with: V8Engine.init)

    #expect(try injector.resolve(Coupe.self).engine is V8Engine)
  }

  @Test func transientCycleThroughANewChildInjectorAtEveryLevelIsACycleError() throws {
    let injector = Injector(label: "cycles")
    injector.map(Coupe.self) { injector in
      try injector.makeChild(label: "level").resolve(Coupe.self)
    }

    let error = #expect(throws: InjectionError.self) { try injector.resolve(Coupe.self) }

    #expect(error?.cyclePath?.first == key(Coupe.self))
    #expect(error?.cyclePath?.last == key(Coupe.self))
  }
}
