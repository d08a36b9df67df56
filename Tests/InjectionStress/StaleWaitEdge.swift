import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Bug 2: a waiter's wait-graph edge outlives its wait.
///
/// Thread X builds the slow singleton ``Axle`` while thread Y, resolving ``Chassis`` (which
/// needs the axle), waits for X. When X then resolves the chassis, Y's edge "Y waits for X" may
/// still be in the graph: X sees a false cycle, or is handed Y's half-built chassis.
enum StaleWaitEdge {
  /// A singleton whose factory takes about 3 ms.
  final class Axle: Sendable {}

  /// A singleton whose factory resolves the axle.
  final class Chassis: Sendable {
    let axle: Axle

    init(axle: Axle) {
      self.axle = axle
    }
  }

  /// A singleton that gets the axle through `@Injected` and marks itself complete in its hook.
  ///
  /// `@unchecked Sendable`: `axle` is an `@Injected` wrapper, assigned once by `init` and
  /// thread-safe itself; `isComplete` is atomic.
  final class HookedChassis: Injectable, @unchecked Sendable {
    /// How many times `init` ran in the current trial (trials run one at a time).
    static let inits = Counter()

    @Injected var axle: Axle
    let isComplete = Atomic<Bool>(false)

    init() {
      Self.inits.increment()
    }

    func injectionDidComplete() {
      isComplete.store(true, ordering: .releasing)
    }
  }

  static let scenario = Scenario(name: "stale-wait-edge") { run in
    let halfway = run.deadline(after: 0.5)
    while ContinuousClock.now < halfway {
      factoryTrial(run)
      run.recordIteration()
    }
    while run.isRunning {
      hookedTrial(run)
      run.recordIteration()
    }
  }

  /// Maps the slow axle; its factory counts `started` down when it begins.
  private static func makeInjector(started: Latch) -> Injector {
    let injector = Injector(label: "stale-wait-edge")
    injector.map(Axle.self, scope: .singleton) { _ in
      started.countDown()
      Thread.sleep(forTimeInterval: 0.003)
      return Axle()
    }
    return injector
  }

  /// `Chassis` is built by a factory that resolves the axle.
  private static func factoryTrial(_ run: StressRun) {
    let axleStarted = Latch(count: 1)
    let injector = makeInjector(started: axleStarted)
    injector.map(Chassis.self, scope: .singleton) { injector in
      Chassis(axle: try injector.resolve(Axle.self))
    }
    let received = InstanceRecord()
    race(Chassis.self, on: injector, afterAxle: axleStarted, run) { chassis, _ in
      run.expect(received.record(chassis), "X and Y received two different Chassis singletons")
    }
  }

  /// `HookedChassis` gets the axle through `@Injected`; nobody may see it before its hook ran.
  private static func hookedTrial(_ run: StressRun) {
    let axleStarted = Latch(count: 1)
    let injector = makeInjector(started: axleStarted)
    injector.map(HookedChassis.self, scope: .singleton)
    HookedChassis.inits.reset()
    let received = InstanceRecord()
    race(HookedChassis.self, on: injector, afterAxle: axleStarted, run) { chassis, thread in
      run.expect(
        chassis.isComplete.load(ordering: .acquiring),
        "thread \(thread) received a HookedChassis whose injectionDidComplete had not run")
      run.expect(
        received.record(chassis), "X and Y received two different HookedChassis singletons")
    }
    let inits = HookedChassis.inits.value
    run.expect(inits == 1, "HookedChassis.init ran \(inits) times for one singleton")
  }

  /// Thread X resolves the axle (its slow build starts), thread Y waits until it has started;
  /// then both resolve `type` and hand it to `check` with the thread's name.
  private static func race<T>(
    _ type: T.Type, on injector: Injector, afterAxle axleStarted: Latch, _ run: StressRun,
    check: @escaping @Sendable (T, String) -> Void
  ) {
    Threads.run(2, stackSize: 1 << 20) { index in
      let thread = index == 0 ? "X" : "Y"
      do {
        if index == 0 {
          _ = try injector.resolve(Axle.self)
        } else {
          axleStarted.wait()
        }
        check(try injector.resolve(T.self), thread)
      } catch {
        run.fail("thread \(thread) could not resolve \(T.self): \(error)")
      }
    }
  }
}
