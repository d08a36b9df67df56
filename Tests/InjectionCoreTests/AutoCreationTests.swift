import InjectionCore
import Testing

/// A concrete type that is not `Injectable`: it cannot be created without a mapping.
final class Turbocharger {
  init(boost: Int) {}
}

@Suite struct AutoCreationTests {
  @Test func unmappedInjectableTypeIsCreated() throws {
    let injector = Injector(label: "auto")

    let wheel = try injector.resolve(Wheel.self)

    #expect(!injector.isMapped(Wheel.self))
    #expect(try injector.resolve(Wheel.self) !== wheel, "auto-created values are transient")
  }

  @Test func autoCreatedValueHasItsDependenciesInjected() throws {
    let injector = Injector(label: "auto")
    let engine = V8Engine()
    injector.map((any Engine).self, to: engine)

    let car = try injector.resolve(Car.self)

    #expect(car.engine === engine)
  }

  @Test func autoCreatedValueGetsAutoCreatedDependencies() throws {
    let injector = Injector(label: "auto")
    injector.map((any Engine).self, with: HybridEngine.init)

    let first = try injector.resolve(Car.self)
    let second = try injector.resolve(Car.self)

    #expect(first.wheel !== second.wheel)
  }

  @Test func autoCreationWorksThroughAnUnconstrainedGeneric() throws {
    func resolveAnything<T>(_ type: T.Type, from injector: Injector) throws(InjectionError) -> T {
      try injector.resolve(type)
    }
    let (injector, log) = makeLoggingInjector()

    let wheel = try resolveAnything(LoggingWheel.self, from: injector)

    #expect(wheel.log === log)
    #expect(log.events == ["LoggingWheel"])
  }

  @Test func optionalResolveOfAnInjectableTypeCreatesIt() throws {
    let injector = Injector(label: "auto")

    let wheel = try injector.resolve(Wheel?.self)

    #expect(wheel != nil)
  }

  @Test func mappingOfAnInjectableTypeWinsOverAutoCreation() throws {
    let injector = Injector(label: "auto")
    let wheel = Wheel()
    injector.map(Wheel.self, to: wheel)

    #expect(try injector.resolve(Wheel.self) === wheel)
  }

  @Test func namedKeyOfAnInjectableTypeIsNotCreated() throws {
    let injector = Injector(label: "auto")

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(Wheel.self, named: "spare")
    }

    #expect(error?.notMapped?.key == key(Wheel.self, named: "spare"))
    #expect(try injector.resolve(Wheel?.self, named: "spare") == nil)
  }

  @Test func unmappedProtocolIsAnError() throws {
    let injector = Injector(label: "auto")

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Engine).self)
    }

    let notMapped = try #require(error?.notMapped)
    #expect(notMapped.key == key((any Engine).self))
    #expect(notMapped.path.isEmpty)
    #expect(notMapped.searched == ["auto"])
  }

  @Test func unmappedTypeThatIsNotInjectableIsAnError() throws {
    let injector = Injector(label: "auto")

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(Turbocharger.self)
    }

    #expect(error?.notMapped?.key == key(Turbocharger.self))
  }

  @Test func unmappedDependencyOfAnAutoCreatedValueIsAnErrorWithThePath() throws {
    let injector = Injector(label: "auto")

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(Car.self)
    }

    let notMapped = try #require(error?.notMapped)
    #expect(notMapped.key == key((any Engine).self))
    #expect(notMapped.path == [key(Car.self)])
  }
}
