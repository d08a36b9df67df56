import InjectionCore
import InjectionTestHelpers

/// Threads released together make the first read of one `Lazy` value; the value's mapping is a
/// transient, so a second resolution would build a second instance.
///
/// The first read resolves once: one build, and every thread gets that instance, whatever the
/// optimizer does with the publication of the resolved value. Half the rounds fail the first
/// build, so that waiters see the error and a later read tries again.
enum LazyFirstRead {
  /// What the lazy value resolves; counts its builds.
  final class Gauge: Sendable {
    init(builds: Counter) {
      builds.increment()
    }
  }

  /// A failure of the first build in a failing round.
  struct FirstBuildFailed: Error {}

  private static let threads = 16

  static let scenario = Scenario.failingEveryOtherFirstBuild(name: "lazy-first-read", oneRound)

  private static func oneRound(_ run: StressRun, failingFirst: Bool) {
    let injector = Injector(label: "lazy-first-read")
    let builds = Counter()
    let attempts = Counter()
    injector.map(Gauge.self) { _ in
      if attempts.increment() == 1, failingFirst { throw FirstBuildFailed() }
      return Gauge(builds: builds)
    }
    let lazy: Lazy<Gauge>
    do {
      lazy = try injector.resolve(Lazy<Gauge>.self)
    } catch {
      run.fail("resolve(Lazy<Gauge>.self) threw: \(error)")
    }
    let received = InstanceRecord()
    Threads.run(threads, stackSize: 1 << 18) { _ in
      // A failed first build is seen by the threads that waited for it; they read again.
      for _ in 0..<2 {
        guard let gauge = try? lazy.value else { continue }
        run.expect(received.record(gauge), "two threads read different Gauges from one Lazy")
        return
      }
      let gauge = try? lazy.value
      run.expect(gauge != nil, "a third read of the Lazy still failed")
      if let gauge { run.expect(received.record(gauge), "a late read got another Gauge") }
    }
    run.expect(builds.value == 1, "the Lazy's Gauge was built \(builds.value) times")
    withExtendedLifetime(injector) {}
  }
}
