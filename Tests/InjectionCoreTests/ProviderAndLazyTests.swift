import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

extension ProviderAndLazyTests {
  /// Builds wheels on demand.
  final class WheelFactory: Injectable {
    @Injected var makeWheel: Provider<Wheel>
    @Injected(named: "spare") var makeSpare: Provider<Wheel>
    init() {}
  }

  /// Needs an engine that may not be mapped when it is built.
  final class Workshop: Injectable {
    @Injected var engine: Lazy<any Engine>
    init() {}
  }

  /// Reads its lazy engine in `deinit`, when its injector may be gone.
  final class Scrapyard: Injectable {
    @Injected var engine: Lazy<any Engine>
    let record: DeinitRecord?
    init() { record = nil }
    init(record: DeinitRecord) { self.record = record }
    deinit {
      let resolved = (try? engine.value) != nil
      record?.reads.withLock { $0.append(resolved) }
    }
  }

  /// What each ``Scrapyard`` read in its `deinit`.
  final class DeinitRecord: Sendable {
    let reads = Mutex<[Bool]>([])
  }

  /// Two transients that need each other: one lazily.
  final class Driver: Injectable {
    @Injected var car: Lazy<RaceCar>
    init() {}
  }

  /// See ``Driver``.
  final class RaceCar: Injectable {
    @Injected var driver: Driver
    init() {}
  }
}

@Suite struct ProviderAndLazyTests {
  @Test func aProviderBuildsANewValueAtEachCall() throws {
    let injector = Injector(label: "providers")
    injector.map(Wheel.self, named: "spare", scope: .singleton)

    let factory = try injector.resolve(WheelFactory.self)

    #expect(try factory.makeWheel() !== (try factory.makeWheel()))
    #expect(try factory.makeSpare() === (try factory.makeSpare()), "a singleton stays one")
    #expect(factory.makeSpare.key == InjectionKey(Wheel.self, named: "spare"))
  }

  @Test func aProviderResolvedDirectlyIsBoundToTheInjectorThatResolvedIt() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self, with: V8Engine.init)

    let provider = try child.resolve(Provider<any Engine>.self)

    #expect(try provider() is V8Engine)
  }

  @Test func aProviderFailureIsThrown() throws {
    let provider = try Injector(label: "providers").resolve(Provider<any Engine>.self)

    #expect(throws: InjectionError.self) { try provider() }
  }

  @Test func aProviderCalledAfterItsInjectorWasReleasedThrowsATypedError() throws {
    var injector: Injector? = Injector(label: "gone")
    let provider = try injector!.resolve(Provider<Wheel>.self)
    injector = nil

    let error = #expect(throws: InjectionError.self) { try provider() }

    guard case .injectorReleased(let key)? = error else { return }
    #expect(key == InjectionKey(Wheel.self))
  }

  @Test func theOwnerOfALazyDependencyIsBuiltBeforeItsKeyIsMapped() throws {
    let injector = Injector(label: "lazy")
    let workshop = try injector.resolve(Workshop.self)
    #expect(!workshop.engine.isResolved)
    #expect(throws: InjectionError.self) { try workshop.engine.value }

    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)

    let engine = try workshop.engine.value
    #expect(engine is HybridEngine)
    #expect(try workshop.engine.value === engine)
    #expect(workshop.engine.isResolved)
  }

  @Test func aLazyDependencyClosesACycleBetweenTransients() throws {
    let injector = Injector(label: "lazy")

    let driver = try injector.resolve(Driver.self)
    let car = try driver.car.value

    #expect(car.driver !== driver, "transients: the car's driver is a new one")
  }

  @Test func aFirstReadFromManyThreadsResolvesOnce() async throws {
    let builds = Counter()
    let injector = Injector(label: "lazy")
    injector.map((any Engine).self) { _ in
      builds.increment()
      return HybridEngine()
    }
    let lazy = try injector.resolve(Workshop.self).engine

    let engines = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 { group.addTask { ObjectIdentifier(try lazy.value) } }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }

    #expect(engines.count == 1)
    #expect(builds.value == 1)
  }

  @Test func aLazyValueReadInsideItsOwnResolutionIsACycleNotAHang() throws {
    let injector = Injector(label: "lazy")
    let lazy = Mutex<Lazy<any Engine>?>(nil)
    injector.map((any Engine).self) { _ in
      _ = try lazy.withLock { $0 }?.value
      return HybridEngine()
    }
    let workshop = try injector.resolve(Workshop.self)
    lazy.withLock { $0 = workshop.engine }

    let error = #expect(throws: InjectionError.self) { try workshop.engine.value }

    guard case .cycle(let path)? = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path.last == InjectionKey((any Engine).self))
  }

  @Test func aLazyValueReadAfterItsInjectorWasReleasedThrows() throws {
    var injector: Injector? = Injector(label: "gone")
    let workshop = try injector!.resolve(Workshop.self)
    injector = nil

    let error = #expect(throws: InjectionError.self) { try workshop.engine.value }

    guard case .injectorReleased? = error else {
      Issue.record("expected injectorReleased, got \(String(describing: error))")
      return
    }
  }

  @Test func aLazyDependencyReadFromDeinitGetsAValueOrAnErrorNeverACrash() throws {
    let record = DeinitRecord()
    do {
      let injector = Injector(label: "deinit")
      injector.map((any Engine).self, with: HybridEngine.init)
      withExtendedLifetime(injector) {  // the injector is alive at the scrapyard's deinit
        _ = withInjector(injector) { Scrapyard(record: record) }
      }
    }
    var injector: Injector? = Injector(label: "gone")
    var scrapyard: Scrapyard? = withInjector(injector!) { Scrapyard(record: record) }
    withExtendedLifetime(scrapyard) { injector = nil }  // the scrapyard outlives our reference
    scrapyard = nil  // its deinit runs with no injector left to resolve from

    #expect(record.reads.withLock { $0 } == [true, false])
  }
}
