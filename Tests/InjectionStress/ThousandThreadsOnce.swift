import Foundation
import InjectionCore
import InjectionTestHelpers

/// Many threads reach an unbuilt singleton at once; two threads build crossing circular
/// singletons from opposite ends.
///
/// A singleton is built once per injector, every thread gets that one instance, and crossing
/// builds neither deadlock nor leave a cycle pointing at a second instance.
enum ThousandThreadsOnce {
  /// A singleton whose `init` takes about a millisecond and counts itself.
  final class Beacon: Sendable {
    init(builds: Counter) {
      builds.increment()
      Thread.sleep(forTimeInterval: 0.001)
    }
  }

  private static let threads = 200

  static let scenario = Scenario(name: "thousand-threads-once") { run in
    let halfway = run.deadline(after: 0.5)
    while ContinuousClock.now < halfway {
      releasedAtOnce(run)
      run.recordIteration()
    }
    while run.isRunning {
      crossing(run)
      run.recordIteration()
    }
  }

  /// 200 threads released together resolve a singleton nobody built yet.
  private static func releasedAtOnce(_ run: StressRun) {
    let injector = Injector(label: "released-at-once")
    let builds = Counter()
    injector.map(Beacon.self, scope: .singleton) { _ in Beacon(builds: builds) }
    let received = InstanceRecord()
    Threads.run(threads, stackSize: 1 << 18) { _ in
      do {
        let beacon = try injector.resolve(Beacon.self)
        run.expect(received.record(beacon), "two threads received different Beacon singletons")
      } catch {
        run.fail("resolve(Beacon.self) threw: \(error)")
      }
    }
    run.expect(builds.value == 1, "the Beacon singleton was built \(builds.value) times")
  }

  /// Two threads resolve the pilot and the copilot at once; each factory waits briefly for the
  /// other thread so that the two builds cross.
  private static func crossing(_ run: StressRun) {
    let injector = Injector(label: "crossing")
    let meeting = Barrier(parties: 2)
    let pilotBuilds = Counter()
    let copilotBuilds = Counter()
    injector.map(SingletonCycle.Pilot.self, scope: .singleton) { _ in
      pilotBuilds.increment()
      meeting.arriveAndWait(timeout: 0.05)
      return SingletonCycle.Pilot()
    }
    injector.map(SingletonCycle.Copilot.self, scope: .singleton) { _ in
      copilotBuilds.increment()
      meeting.arriveAndWait(timeout: 0.05)
      return SingletonCycle.Copilot()
    }
    let pilots = InstanceRecord()
    let copilots = InstanceRecord()
    Threads.run(2, stackSize: 1 << 20) { index in
      do {
        if index == 0 {
          let pilot = try injector.resolve(SingletonCycle.Pilot.self)
          run.expect(pilots.record(pilot), "two different Pilot singletons")
          run.expect(copilots.record(pilot.copilot), "two different Copilot singletons")
        } else {
          let copilot = try injector.resolve(SingletonCycle.Copilot.self)
          run.expect(copilots.record(copilot), "two different Copilot singletons")
          run.expect(pilots.record(copilot.pilot), "two different Pilot singletons")
        }
      } catch {
        run.fail("thread \(index) could not resolve its end of the circle: \(error)")
      }
    }
    do {
      let pilot = try injector.resolve(SingletonCycle.Pilot.self)
      let copilot = try injector.resolve(SingletonCycle.Copilot.self)
      IntendedCycles.keep(pilot, copilot)
      run.expect(pilot.copilot === copilot, "pilot.copilot is not the Copilot singleton")
      run.expect(copilot.pilot === pilot, "copilot.pilot is not the Pilot singleton")
      run.expect(pilots.isRecorded(pilot), "the threads received another Pilot than the singleton")
      run.expect(
        copilots.isRecorded(copilot), "the threads received another Copilot than the singleton")
    } catch {
      run.fail("resolving the circle again threw: \(error)")
    }
    run.expect(pilotBuilds.value == 1, "the Pilot singleton was built \(pilotBuilds.value) times")
    run.expect(
      copilotBuilds.value == 1, "the Copilot singleton was built \(copilotBuilds.value) times")
  }
}
