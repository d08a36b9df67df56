import Foundation
import InjectionCore
import InjectionTestHelpers

/// Issue 19, point 3: first reads of `Lazy` values that wait for singleton builds and for each
/// other, from threads released together.
///
/// A thread waiting for another thread's first read spun outside the wait graph: a singleton
/// build that read a `Lazy` whose resolution needed that singleton, or two `Lazy` values whose
/// resolutions read each other, made both threads wait forever. Every thread must finish with a
/// value or a cycle error (the watchdog fails a run that stops making progress), and the
/// singleton is built at most once per injector.
enum LazyWaitsForASingleton {
  final class Station: Sendable {
    init(builds: Counter) { builds.increment() }
  }

  final class Signal: Sendable {}
  final class Echo: Sendable {}

  private static let threads = 4

  static let scenario = Scenario(name: "lazy-waits-for-a-singleton") { run in
    while run.isRunning {
      singletonAndLazy(run)
      twoLazies(run)
      run.recordIteration()
    }
  }

  /// Half the threads build `Station` (whose factory reads `Lazy<Signal>`), half read the
  /// `Lazy<Signal>` (whose resolution needs `Station`).
  private static func singletonAndLazy(_ run: StressRun) {
    let injector = Injector(label: "lazy-and-singleton")
    let builds = Counter()
    let lazy: Lazy<Signal>
    do {
      lazy = try injector.resolve(Lazy<Signal>.self)
    } catch {
      run.fail("resolve(Lazy<Signal>.self) threw: \(error)")
    }
    injector.map(Signal.self) { injector in
      _ = try injector.resolve(Station.self)
      return Signal()
    }
    injector.map(Station.self, scope: .singleton) { _ in
      _ = try lazy.value
      return Station(builds: builds)
    }
    Threads.run(threads, stackSize: 1 << 18) { index in
      do throws(InjectionError) {
        if index.isMultiple(of: 2) {
          _ = try injector.resolve(Station.self)
        } else {
          _ = try lazy.value
        }
      } catch {
        guard case .cycle = error else { run.fail("expected a value or a cycle, got \(error)") }
      }
    }
    run.expect(builds.value <= 1, "Station was built \(builds.value) times")
    withExtendedLifetime(injector) {}
  }

  /// Two `Lazy` values whose resolutions read each other, read first from different threads.
  private static func twoLazies(_ run: StressRun) {
    let injector = Injector(label: "two-lazies")
    let signal: Lazy<Signal>
    let echo: Lazy<Echo>
    do {
      signal = try injector.resolve(Lazy<Signal>.self)
      echo = try injector.resolve(Lazy<Echo>.self)
    } catch {
      run.fail("resolving the Lazy values threw: \(error)")
    }
    injector.map(Signal.self) { _ in
      _ = try echo.value
      return Signal()
    }
    injector.map(Echo.self) { _ in
      _ = try signal.value
      return Echo()
    }
    Threads.run(threads, stackSize: 1 << 18) { index in
      do throws(InjectionError) {
        if index.isMultiple(of: 2) { _ = try signal.value } else { _ = try echo.value }
        run.fail("a read of two Lazy values that need each other returned a value")
      } catch {
        guard case .cycle = error else { run.fail("expected a cycle, got \(error)") }
      }
    }
    withExtendedLifetime(injector) {}
  }
}
