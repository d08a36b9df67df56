import Foundation
import InjectionCore
import InjectionTestHelpers
import Testing

// This suite needs real OS threads (a task group reaches only as many threads as there are
// cores), so it runs its races with `Threads`, `Barrier` and `Locked` from InjectionTestHelpers,
// built on Foundation's `Thread`, `NSCondition` and `NSLock`. Its own shared state is guarded by
// `Locked` (an `NSLock`) rather than `Synchronization.Mutex`: ThreadSanitizer sees the pthread
// mutex behind `NSLock`, but not the futex behind `Mutex` on Linux.

extension ConcurrencyTests {
  /// A module that shadows the engine with a V8 singleton.
  final class SwapModule: InjectionModule {
    let configurations = Counter()

    func configure(_ mappings: ModuleMappings) {
      configurations.increment()
      mappings.map((any Engine).self, scope: .singleton, with: V8Engine.init)
    }
  }

  /// A module that uses its injector while it is configured.
  final class ReentrantModule: InjectionModule {
    weak let injector: Injector?

    init(injector: Injector) {
      self.injector = injector
    }

    func configure(_ mappings: ModuleMappings) {
      let wasMapped = injector?.isMapped(Settings.self) ?? false
      injector?.map(Settings.self, named: "configure", to: Settings(speedLimit: wasMapped ? 1 : 0))
      mappings.map(Wheel.self, scope: .eagerSingleton)
    }
  }

  /// An object whose hook maps a key on the injector that built it.
  final class Announcer: Injectable {
    @Injected var injector: Injector

    init() {}

    func injectionDidComplete() {
      injector.map(Settings.self, named: "hook", to: Settings(speedLimit: 2))
    }
  }

  /// A singleton built by a factory that needs a ``Radar``.
  final class Tower: Sendable {
    let radar: Radar

    init(radar: Radar) {
      self.radar = radar
    }
  }

  /// A singleton that needs the ``Tower`` through `@Injected`.
  ///
  /// `@unchecked Sendable`: its only stored property is an `@Injected` wrapper, assigned once by
  /// `init` and thread-safe itself.
  final class Radar: Injectable, @unchecked Sendable {
    @Injected var tower: Tower

    init() {}
  }

  /// An object that threads share before its `@Injected` property was ever read.
  ///
  /// `@unchecked Sendable`: its only stored property is an `@Injected` wrapper, assigned once by
  /// `init`; concurrent first reads are what the test checks.
  final class SharedRoadster: @unchecked Sendable {
    @Injected var engine: any Engine

    init() {}
  }
}

@Suite struct ConcurrencyTests {
  /// Maps an engine singleton whose factory takes about a millisecond, counting its builds.
  private func makeSlowSingletonInjector() -> (Injector, Counter) {
    let injector = Injector(label: "race")
    let builds = Counter()
    injector.map((any Engine).self, scope: .singleton) { _ in
      builds.increment()
      Thread.sleep(forTimeInterval: 0.001)
      return HybridEngine()
    }
    return (injector, builds)
  }

  @Test func singletonIsBuiltOnceWhenAThousandTasksAskAtOnce() async throws {
    let (injector, builds) = makeSlowSingletonInjector()

    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<1_000 {
        group.addTask { ObjectIdentifier(try injector.resolve((any Engine).self)) }
      }
      var identities = Set<ObjectIdentifier>()
      for try await identity in group {
        identities.insert(identity)
      }
      return identities
    }

    #expect(builds.value == 1)
    #expect(identities == [ObjectIdentifier(try injector.resolve((any Engine).self))])
  }

  @Test func singletonIsBuiltOnceWhenAThousandThreadsAreReleasedAtIt() throws {
    let (injector, builds) = makeSlowSingletonInjector()
    let identities = Locked<Set<ObjectIdentifier>>([])
    let failures = Counter()

    let finished = Threads.run(1_000, timeout: 20) { _ in
      do {
        let identity = ObjectIdentifier(try injector.resolve((any Engine).self))
        identities.withLock { _ = $0.insert(identity) }
      } catch {
        failures.increment()
      }
    }

    #expect(finished)
    #expect(failures.value == 0)
    #expect(builds.value == 1)
    #expect(
      identities.withLock { $0 } == [ObjectIdentifier(try injector.resolve((any Engine).self))])
  }

  @Test func crossingCircularSingletonsOnTwoThreadsNeverDeadlock() throws {
    for _ in 0..<200 {
      let injector = Injector(label: "crossing")
      // Each factory waits until both threads are inside a factory, so the chains cross.
      let barrier = Barrier(parties: 2)
      injector.map(SingletonCycle.Pilot.self, scope: .singleton) { _ in
        barrier.arriveAndWait(timeout: 5)
        return SingletonCycle.Pilot()
      }
      injector.map(SingletonCycle.Copilot.self, scope: .singleton) { _ in
        barrier.arriveAndWait(timeout: 5)
        return SingletonCycle.Copilot()
      }
      let pilot = Locked<Result<SingletonCycle.Pilot, InjectionError>?>(nil)
      let copilot = Locked<Result<SingletonCycle.Copilot, InjectionError>?>(nil)

      let finished = Threads.run(2, timeout: 10) { index in
        if index == 0 {
          let result = Result { () throws(InjectionError) in
            try injector.resolve(SingletonCycle.Pilot.self)
          }
          pilot.withLock { $0 = result }
        } else {
          let result = Result { () throws(InjectionError) in
            try injector.resolve(SingletonCycle.Copilot.self)
          }
          copilot.withLock { $0 = result }
        }
      }

      try #require(finished, "deadlock")
      let resolvedPilot = try #require(try pilot.withLock { $0 }?.get())
      let resolvedCopilot = try #require(try copilot.withLock { $0 }?.get())
      #expect(resolvedPilot.copilot === resolvedCopilot)
      #expect(resolvedCopilot.pilot === resolvedPilot)
      #expect(try injector.resolve(SingletonCycle.Pilot.self) === resolvedPilot)
    }
  }

  @Test func crossingSingletonFactoriesOnTwoThreadsFailWithACycleAndNeverDeadlock() throws {
    for _ in 0..<200 {
      let injector = Injector(label: "crossing")
      let barrier = Barrier(parties: 2)
      injector.map(FactoryCycle.Starter.self, scope: .singleton) { injector in
        barrier.arriveAndWait(timeout: 5)
        return FactoryCycle.Starter(battery: try injector.resolve(FactoryCycle.Battery.self))
      }
      injector.map(FactoryCycle.Battery.self, scope: .singleton) { injector in
        barrier.arriveAndWait(timeout: 5)
        return FactoryCycle.Battery(starter: try injector.resolve(FactoryCycle.Starter.self))
      }
      let errors = Locked<[InjectionError]>([])

      let finished = Threads.run(2, timeout: 10) { index in
        do throws(InjectionError) {
          if index == 0 {
            _ = try injector.resolve(FactoryCycle.Starter.self)
          } else {
            _ = try injector.resolve(FactoryCycle.Battery.self)
          }
        } catch {
          errors.withLock { $0.append(error) }
        }
      }

      try #require(finished, "deadlock")
      let paths = errors.withLock { $0 }.map(\.cyclePath)
      #expect(paths.count == 2)
      for path in paths {
        let path = try #require(path, "expected .cycle errors")
        #expect(Set(path) == [key(FactoryCycle.Starter.self), key(FactoryCycle.Battery.self)])
      }
    }
  }

  @Test func crossingFactoryAndInjectedSingletonChainsOnTwoThreadsNeverDeadlock() throws {
    for _ in 0..<200 {
      let injector = Injector(label: "crossing")
      let barrier = Barrier(parties: 2)
      injector.map(Tower.self, scope: .singleton) { injector in
        barrier.arriveAndWait(timeout: 5)
        return Tower(radar: try injector.resolve(Radar.self))
      }
      injector.map(Radar.self, scope: .singleton) { _ in
        barrier.arriveAndWait(timeout: 5)
        return Radar()
      }
      let tower = Locked<Result<Tower, InjectionError>?>(nil)
      let radar = Locked<Result<Radar, InjectionError>?>(nil)

      let finished = Threads.run(2, timeout: 10) { index in
        if index == 0 {
          let result = Result { () throws(InjectionError) in try injector.resolve(Tower.self) }
          tower.withLock { $0 = result }
        } else {
          let result = Result { () throws(InjectionError) in try injector.resolve(Radar.self) }
          radar.withLock { $0 = result }
        }
      }

      try #require(finished, "deadlock")
      // Depending on who waits first this is a cycle (as it is on one thread when the tower is
      // resolved first) or both succeed with one consistent pair; either way nothing hangs.
      switch (tower.withLock { $0 }, radar.withLock { $0 }) {
      case (.success(let tower), .success(let radar)):
        #expect(tower.radar === radar)
        #expect(radar.tower === tower)
      case (.failure(let towerError), .failure(let radarError)):
        #expect(towerError.cyclePath != nil)
        #expect(radarError.cyclePath != nil)
      case let outcome:
        Issue.record("the threads disagree: \(String(describing: outcome))")
      }
    }
  }

  @Test func factoriesHooksAndModulesRunWithoutAnInjectorLockHeld() throws {
    let injector = Injector(label: "reentrant")

    // On a thread of its own, so that a lock held around user code fails the test instead of
    // hanging the run.
    let finished = Threads.run(1, timeout: 10) { _ in
      injector.map(Settings.self, scope: .eagerSingleton) { injector in
        injector.map(Settings.self, named: "eager", to: Settings(speedLimit: 3))
        return Settings(speedLimit: 4)
      }
      injector.map((any Engine).self, scope: .singleton) { injector in
        _ = injector.isMapped(Wheel.self)
        injector.unmap(Settings.self, named: "eager")
        return HybridEngine()
      }
      _ = try? injector.resolve((any Engine).self)
      _ = try? injector.addModule(ReentrantModule(injector: injector))
      _ = try? injector.resolve(Announcer.self)
    }

    #expect(finished)
    #expect(!injector.isMapped(Settings.self, named: "eager"), "the singleton factory ran")
    #expect(try injector.resolve(Settings.self, named: "configure") == Settings(speedLimit: 1))
    #expect(try injector.resolve(Settings.self, named: "hook") == Settings(speedLimit: 2))
  }

  @Test func concurrentFirstReadsOfAnInjectedPropertySeeOneValue() {
    let injector = Injector(label: "reads")
    injector.map((any Engine).self, with: HybridEngine.init)
    for _ in 0..<20 {
      let roadster = withInjector(injector) { SharedRoadster() }
      let identities = Locked<Set<ObjectIdentifier>>([])

      let finished = Threads.run(8, timeout: 20) { _ in
        let identity = ObjectIdentifier(roadster.engine)
        identities.withLock { _ = $0.insert(identity) }
      }

      #expect(finished)
      #expect(identities.withLock { $0 } == [ObjectIdentifier(roadster.engine)])
    }
  }

  @Test func mappingUnmappingAndModulesChangeSafelyWhileOtherThreadsResolve() throws {
    let injector = Injector(label: "busy")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    let failures = Locked<[String]>([])

    let finished = Threads.run(6, timeout: 20) { index in
      for round in 0..<300 {
        do throws(InjectionError) {
          switch index {
          case 0:
            injector.map(Settings.self, scope: .singleton) { _ in Settings(speedLimit: round) }
            injector.unmap(Settings.self)
          case 1:
            let module = SwapModule()
            try injector.addModule(module)
            injector.removeModule(module)
          case 2:
            let child = injector.makeChild(label: "child \(round)")
            child.map((any Engine).self, scope: .singleton, with: V8Engine.init)
            if !(try child.resolve(Car.self).engine is V8Engine) {
              failures.withLock { $0.append("child override lost") }
            }
          default:
            _ = try injector.resolve((any Engine).self)
            _ = try injector.resolve(Settings?.self)
            _ = try injector.resolve(Car.self)
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }

    #expect(finished)
    #expect(failures.withLock { $0 } == [])
    #expect(!injector.hasModule(SwapModule.self))
    #expect(try injector.resolve((any Engine).self) is HybridEngine)
    #expect(!injector.isMapped(Settings.self))
  }

  @Test func noResolutionSeesNeitherModuleWhileOneReplacesTheOther() throws {
    let injector = Injector(label: "reload")
    var current: any InjectionModule = SwapModule()
    try injector.addModule(current)
    let stop = Locked(false)
    let failures = Locked(0)
    let resolutions = Locked(0)

    let reader = Thread {
      while !stop.withLock({ $0 }) {
        if (try? injector.resolve((any Engine).self)) == nil { failures.withLock { $0 += 1 } }
        resolutions.withLock { $0 += 1 }
      }
    }
    reader.start()
    while resolutions.withLock({ $0 }) == 0 { Thread.sleep(forTimeInterval: 0.001) }
    // Replace while the reader resolves: at least 300 times, and until it resolved 2,000 times
    // (or 10 seconds passed).
    let deadline = Date(timeIntervalSinceNow: 10)
    var replacements = 0
    while replacements < 300 || (resolutions.withLock { $0 } < 2_000 && Date() < deadline) {
      let next = SwapModule()
      try injector.replaceModule(current, with: next)
      current = next
      replacements += 1
    }
    stop.withLock { $0 = true }
    while !reader.isFinished { Thread.sleep(forTimeInterval: 0.001) }

    let resolved = resolutions.withLock { $0 }
    #expect(failures.withLock { $0 } == 0, "of \(resolved) resolutions")
    #expect(resolved > 0)
  }

  @Test func addingOneModuleFromManyThreadsAtOnceAddsAndConfiguresItOnce() {
    for _ in 0..<20 {
      let injector = Injector(label: "modules")
      let module = SwapModule()
      let added = Counter()
      let rejected = Counter()

      let finished = Threads.run(8, timeout: 20) { _ in
        do throws(InjectionError) {
          try injector.addModule(module)
          added.increment()
        } catch {
          if case .moduleAlreadyAdded = error { rejected.increment() }
        }
      }

      #expect(finished)
      #expect(added.value == 1)
      #expect(rejected.value == 7)
      #expect(module.configurations.value == 1)
    }
  }

  @Test func childrenOnManyThreadsShareTheParentsSingleton() {
    let (parent, builds) = makeSlowSingletonInjector()
    let identities = Locked<Set<ObjectIdentifier>>([])

    let finished = Threads.run(16, timeout: 20) { index in
      let child = parent.makeChild(label: "child \(index)")
      if let engine = try? child.resolve((any Engine).self) {
        identities.withLock { _ = $0.insert(ObjectIdentifier(engine)) }
      }
    }

    #expect(finished)
    #expect(builds.value == 1)
    #expect(identities.withLock { $0.count } == 1)
  }
}

extension ConcurrencyTests {
  /// A singleton shared across threads that declares its dependency as a constant: `Sendable`
  /// without `@unchecked`.
  final class OrderService: Injectable, Sendable {
    let engine = Injected<any Engine>()
    init() {}
  }
}

@Suite struct SendableSingletonTests {
  @Test func aSendableSingletonWithAnInjectedConstantIsReadFromManyThreadsAtOnce() {
    let injector = Injector(label: "orders")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    injector.map(ConcurrencyTests.OrderService.self, scope: .singleton)
    let engines = Locked<Set<ObjectIdentifier>>([])

    let finished = Threads.run(8, timeout: 10) { _ in
      guard let service = try? injector.resolve(ConcurrencyTests.OrderService.self) else { return }
      for _ in 0..<1_000 {
        let id = ObjectIdentifier(service.engine.value)
        engines.withLock { _ = $0.insert(id) }
      }
    }

    #expect(finished)
    #expect(engines.withLock { $0.count } == 1)
  }

  @Test func anInjectedConstantOfAnObjectCreatedWithoutAnInjectorResolvesOnFirstRead() {
    let injector = Injector(label: "orders")
    injector.map((any Engine).self, scope: .singleton, with: V8Engine.init)

    let service = withInjector(injector) { ConcurrencyTests.OrderService() }

    #expect(service.engine.value is V8Engine)
  }
}

/// A view model isolated to the main actor, as Documentation/Concurrency.md shows.
@MainActor
final class CartViewModel {
  @Injected var engine: any Engine
  init() {}
}

@Suite struct MainActorRouteTests {
  @MainActor
  @Test func aMainActorClassKeepsInjectedVarAndResolvesFromTheCurrentInjector() {
    let injector = Injector(label: "main")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)

    let model = withInjector(injector) { CartViewModel() }

    #expect(model.engine is HybridEngine)
  }
}
