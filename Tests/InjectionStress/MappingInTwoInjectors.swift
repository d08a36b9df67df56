import InjectionCore
import InjectionTestHelpers

/// Bug 4: one ``Mapping`` added to two injectors by a user's ``Mapper``.
///
/// Each injector must get its own registration: a singleton built once per injector, never
/// shared and never built twice by the same injector.
enum MappingInTwoInjectors {
  /// A singleton that counts its builds.
  final class Hub: Sendable {
    init(builds: Counter) {
      builds.increment()
    }
  }

  private static let threads = 8
  private static let resolvesPerThread = 16

  static let scenario = Scenario(name: "mapping-in-two-injectors") { run in
    while run.isRunning {
      trial(run)
      run.recordIteration()
    }
  }

  private static func trial(_ run: StressRun) {
    let first = Injector(label: "first")
    let second = Injector(label: "second")
    let builds = Counter()
    TwoInjectors(first: first, second: second).map(Hub.self, scope: .singleton) { _ in
      Hub(builds: builds)
    }
    let fromFirst = InstanceRecord()
    let fromSecond = InstanceRecord()
    Threads.run(threads, stackSize: 1 << 20) { index in
      for round in 0..<resolvesPerThread {
        let isFirst = (index + round).isMultiple(of: 2)
        let (injector, record) = isFirst ? (first, fromFirst) : (second, fromSecond)
        do {
          let hub = try injector.resolve(Hub.self)
          run.expect(
            record.record(hub), "injector \"\(injector.label)\" returned two different Hubs")
        } catch {
          run.fail("resolve(Hub.self) from \"\(injector.label)\" threw: \(error)")
        }
      }
    }
    run.expect(
      builds.value == 2,
      "the Hub singleton was built \(builds.value) times for two injectors (expected 2)")
    run.expect(
      !fromFirst.holdsSameInstance(as: fromSecond),
      "both injectors returned the same Hub; each should build its own")
  }
}
