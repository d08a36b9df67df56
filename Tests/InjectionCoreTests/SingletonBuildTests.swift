import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

extension SingletonBuildTests {
  /// A singleton whose factory takes a while, and says when it started.
  final class SlowPart: Sendable {
    init(started: DispatchSemaphore) {
      started.signal()
      Thread.sleep(forTimeInterval: 0.003)
    }
  }

  /// A singleton that needs ``SlowPart`` through `@Injected`, and records its hook.
  ///
  /// `@unchecked Sendable`: `part` is an `@Injected` wrapper (thread-safe) and `isComplete` is
  /// atomic.
  final class Assembly: Injectable, @unchecked Sendable {
    @Injected var part: SlowPart
    let isComplete = Atomic<Bool>(false)

    init() {}

    func injectionDidComplete() {
      isComplete.store(true, ordering: .releasing)
    }
  }

  /// Circular singletons, the first of which also needs a part that fails once.
  ///
  /// `@unchecked Sendable`: only `@Injected` wrappers and immutable `Sendable` state.
  final class Pilot: Injectable, @unchecked Sendable {
    @Injected var plane: Plane
    @Injected var license: License
    @Injected var log: EventLog

    init() {}

    func injectionDidComplete() {
      log.record("Pilot complete")
    }
  }

  /// See ``Pilot``.
  ///
  /// `@unchecked Sendable`: only `@Injected` wrappers.
  final class Plane: Injectable, @unchecked Sendable {
    @Injected var pilot: Pilot
    @Injected var log: EventLog

    init() {}

    func injectionDidComplete() {
      log.record("Plane complete")
    }
  }

  /// A transient that the first time cannot be built.
  struct License: Sendable {}
}

@Suite struct SingletonBuildTests {
  @Test func waitingRightAfterAnotherThreadsBuildEndsIsNotACycle() throws {
    for _ in 0..<30 {
      let injector = Injector(label: "builds")
      let started = DispatchSemaphore(value: 0)
      injector.map(SlowPart.self, scope: .singleton) { _ in SlowPart(started: started) }
      injector.map(Assembly.self, scope: .singleton)
      let seen = Locked<[String]>([])

      let finished = Threads.run(2, timeout: 20) { index in
        do throws(InjectionError) {
          if index == 0 {
            _ = try injector.resolve(SlowPart.self)
          } else {
            started.wait()
          }
          let assembly = try injector.resolve(Assembly.self)
          let state = assembly.isComplete.load(ordering: .acquiring) ? "complete" : "half-built"
          seen.withLock { $0.append(state) }
        } catch {
          seen.withLock { $0.append("\(error)") }
        }
      }

      #expect(finished)
      #expect(seen.withLock { $0 } == ["complete", "complete"])
    }
  }

  @Test func singletonWhoseBuildFailedAfterItWasHandedOutIsFinishedNotBuiltAgain() throws {
    let (injector, log) = makeLoggingInjector(label: "circular")
    let pilots = Counter()
    let attempts = Counter()
    injector.map(Pilot.self, scope: .singleton) { _ in
      pilots.increment()
      return Pilot()
    }
    injector.map(Plane.self, scope: .singleton)
    injector.map(License.self) { _ in
      attempts.increment()
      guard attempts.value > 1 else { throw FactoryError(reason: "exam failed") }
      return License()
    }

    #expect(throws: InjectionError.self) { try injector.resolve(Pilot.self) }
    let pilot = try injector.resolve(Pilot.self)

    #expect(pilots.value == 1)
    #expect(try injector.resolve(Plane.self).pilot === pilot)
    #expect(pilot.plane.pilot === pilot)
    #expect(log.count(of: "Pilot complete") == 1)
    #expect(log.count(of: "Plane complete") == 1)
  }

  @Test func singletonWhoseBuildFailedBeforeItWasHandedOutIsBuiltAgain() throws {
    let injector = Injector(label: "retry")
    let builds = Counter()
    injector.map(Coupe.self, scope: .singleton) { injector in
      builds.increment()
      return Coupe(engine: try injector.resolve((any Engine).self))
    }

    #expect(throws: InjectionError.self) { try injector.resolve(Coupe.self) }
    injector.map((any Engine).self, with: HybridEngine.init)
    _ = try injector.resolve(Coupe.self)

    #expect(builds.value == 2)
  }
}
