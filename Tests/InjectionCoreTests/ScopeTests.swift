import InjectionCore
import InjectionTestHelpers
import Testing

@Suite struct ScopeTests {
  /// How many times each scope builds its value when it is resolved three times while the
  /// caller holds every result.
  @Test(arguments: [
    (Scope.transient, 3),
    (Scope.singleton, 1),
    (Scope.eagerSingleton, 1),
    (Scope.weak, 1),
  ])
  func scopeDecidesHowOftenTheFactoryRuns(scope: Scope, expectedBuilds: Int) throws {
    let injector = Injector(label: "scopes")
    let builds = Counter()
    injector.map((any Engine).self, scope: MappingScope(scope)) { _ in
      builds.increment()
      return HybridEngine()
    }

    let engines = try (1...3).map { _ in try injector.resolve((any Engine).self) }

    #expect(builds.value == expectedBuilds)
    #expect(Set(engines.map(ObjectIdentifier.init)).count == expectedBuilds)
  }

  @Test func transientBuildsANewValueEachTime() throws {
    let injector = Injector(label: "scopes")
    injector.map((any Engine).self, with: HybridEngine.init)

    let first = try injector.resolve((any Engine).self)
    let second = try injector.resolve((any Engine).self)

    #expect(first !== second)
  }

  @Test func singletonIsBuiltLazilyOnce() throws {
    let injector = Injector(label: "scopes")
    let builds = Counter()
    injector.map((any Engine).self, scope: .singleton) { _ in
      builds.increment()
      return HybridEngine()
    }
    #expect(builds.value == 0)

    let first = try injector.resolve((any Engine).self)
    let second = try injector.resolve((any Engine).self)

    #expect(first === second)
    #expect(builds.value == 1)
  }

  @Test func singletonIsOnePerInjectorThatMapsIt() throws {
    let first = Injector(label: "first")
    let second = Injector(label: "second")
    for injector in [first, second] {
      injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    }

    #expect(try first.resolve((any Engine).self) !== second.resolve((any Engine).self))
  }

  @Test func eagerSingletonIsBuiltWhenMapped() throws {
    let injector = Injector(label: "scopes")
    let builds = Counter()

    injector.map((any Engine).self, scope: .eagerSingleton) { _ in
      builds.increment()
      return HybridEngine()
    }

    #expect(builds.value == 1)
    let first = try injector.resolve((any Engine).self)
    let second = try injector.resolve((any Engine).self)
    #expect(first === second)
    #expect(builds.value == 1, "exactly one instance under the protocol key")
  }

  @Test func weakScopeSharesTheValueWhileItIsHeld() throws {
    let injector = Injector(label: "scopes")
    let builds = Counter()
    injector.map((any Engine).self, scope: .weak) { _ in
      builds.increment()
      return HybridEngine()
    }

    let held = try injector.resolve((any Engine).self)
    let again = try injector.resolve((any Engine).self)

    #expect(held === again)
    #expect(builds.value == 1)
  }

  @Test func weakScopeBuildsANewValueAfterTheLastOneWasReleased() throws {
    let injector = Injector(label: "scopes")
    let builds = Counter()
    injector.map((any Engine).self, scope: .weak) { _ in
      builds.increment()
      return HybridEngine()
    }

    let released = try resolveAndRelease((any Engine).self, from: injector)

    #expect(released.object == nil, "the injector must not keep a .weak value")
    let rebuilt = try injector.resolve((any Engine).self)
    #expect(builds.value == 2)
    #expect(try injector.resolve((any Engine).self) === rebuilt)
  }

  @Test func weakScopeOfAValueTypeStopsTheProgramWhenMapped() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Injector(label: "scopes").map(Settings.self, scope: .weak) { _ in Settings(speedLimit: 50) }
    }

    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Invalid mapping for Settings"))
    #expect(output.contains("is a value type"))
  }

  @Test func moduleWithAWeakValueTypeMappingIsRejectedWhenAdded() throws {
    final class WeakSettingsModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Settings.self, scope: .weak) { _ in Settings(speedLimit: 50) }
      }
    }
    let injector = Injector(label: "scopes")
    let module = WeakSettingsModule()

    let error = #expect(throws: InjectionError.self) { try injector.addModule(module) }

    guard case .invalidMapping(let key, let reason) = error else {
      Issue.record("expected .invalidMapping, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionCoreTests.key(Settings.self))
    #expect(reason.contains("is a value type"))
    #expect(!injector.hasModule(module))
    #expect(!injector.isMapped(Settings.self))
  }

  @Test func weakScopeOfAProtocolRejectsAValueOnItsFirstBuild() throws {
    let injector = Injector(label: "scopes")
    // A protocol key is accepted when mapped: only its values tell whether they are objects.
    injector.map((any Radio).self, scope: .weak) { _ in FMRadio(station: "jazz") }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Radio).self)
    }
    guard case .invalidMapping(let key, let reason) = error else {
      Issue.record("expected .invalidMapping, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionCoreTests.key((any Radio).self))
    #expect(reason.contains("not a class instance"))
  }

  @Test func singletonOfAValueTypeIsBuiltOnce() throws {
    let injector = Injector(label: "scopes")
    let builds = Counter()
    injector.map(Settings.self, scope: .singleton) { _ in
      builds.increment()
      return Settings(speedLimit: 90)
    }

    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 90))
    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 90))
    #expect(builds.value == 1)
  }

  @Test func failedSingletonBuildIsRetriedOnTheNextResolution() throws {
    let injector = Injector(label: "scopes")
    let attempts = Counter()
    injector.map((any Engine).self, scope: .singleton) { _ in
      attempts.increment()
      if attempts.value == 1 { throw FactoryError(reason: "cold start") }
      return HybridEngine()
    }

    #expect(throws: InjectionError.self) { try injector.resolve((any Engine).self) }
    let engine = try injector.resolve((any Engine).self)

    #expect(try injector.resolve((any Engine).self) === engine)
    #expect(attempts.value == 2)
  }

  @Test(arguments: [
    (Scope.transient, "transient"),
    (Scope.singleton, "singleton"),
    (Scope.eagerSingleton, "eagerSingleton"),
    (Scope.weak, "weak"),
    (Scope.graph, "graph"),
  ])
  func scopeDescriptionIsItsSourceName(scope: Scope, name: String) {
    #expect(scope.description == name)
  }

  /// Resolves a value and drops it, returning only a weak reference.
  private func resolveAndRelease<T>(_ type: T.Type, from injector: Injector) throws
    -> WeakReference<AnyObject>
  {
    let value = try injector.resolve(type)
    return WeakReference(value as AnyObject)
  }

  @Test func aGraphScopedKeyIsSharedWithinOneResolutionAndNewForTheNext() throws {
    let injector = Injector(label: "graph")
    injector.map(Wheel.self, scope: .graph)
    injector.map(WheelPair.self) { _ in WheelPair() }

    let first = try injector.resolve(WheelPair.self)
    let second = try injector.resolve(WheelPair.self)

    #expect(first.front === first.rear, "one wheel within one resolution")
    #expect(first.front !== second.front, "a new wheel for the next resolution")
    #expect(try injector.resolve(Wheel.self) !== (try injector.resolve(Wheel.self)))
  }

  @Test func aGraphScopedKeyResolvedInAFactoryJoinsTheGraphOfItsCaller() throws {
    let injector = Injector(label: "graph")
    injector.map(Wheel.self, scope: .graph)
    injector.map(Axle.self) { injector in
      Axle(left: try injector.resolve(Wheel.self), right: try injector.resolve(Wheel.self))
    }

    let axle = try injector.resolve(Axle.self)

    #expect(axle.left === axle.right)
  }

  @Test func concurrentResolutionsNeverShareAGraphScopedValue() async throws {
    let injector = Injector(label: "graph")
    injector.map(Wheel.self, scope: .graph)
    injector.map(WheelPair.self) { _ in WheelPair() }

    let pairs = try await withThrowingTaskGroup(of: [WheelPair].self) { group in
      for _ in 0..<4 {
        group.addTask { try (0..<250).map { _ in try injector.resolve(WheelPair.self) } }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }

    #expect(pairs.allSatisfy { $0.front === $0.rear })
    #expect(Set(pairs.map { ObjectIdentifier($0.front) }).count == pairs.count)
  }
}

/// Two wheels of one car, for the graph scope.
///
/// `@unchecked Sendable`: its only stored properties are `@Injected` wrappers, assigned once by
/// `init` and thread-safe themselves (their value is published once, atomically).
final class WheelPair: @unchecked Sendable {
  @Injected var front: Wheel
  @Injected var rear: Wheel
}

/// An axle built by a factory from two wheels.
final class Axle: Sendable {
  let left: Wheel
  let right: Wheel

  init(left: Wheel, right: Wheel) {
    self.left = left
    self.right = right
  }
}
