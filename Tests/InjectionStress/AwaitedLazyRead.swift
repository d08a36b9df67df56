import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Tasks read one `Lazy` of an `async` transient with `await` at once, while threads read it
/// synchronously; some tasks are cancelled while they wait, and half the rounds fail the first
/// resolution.
///
/// One successful build per round (a lazy value keeps what it resolved, so a transient is built
/// once for it), one instance for every task and thread that got a value, and every cancelled
/// reader gets `.cancelled` or the value: whatever the optimizer does with the publication of
/// the value that the read's own task resolved.
enum AwaitedLazyRead {
  /// What the lazy value resolves; counts its builds.
  final class Beacon: Sendable {
    init(builds: Counter) {
      builds.increment()
    }
  }

  /// The failure of the first resolution in a failing round.
  struct FirstReadFailed: Error {}

  private static let tasks = 200
  private static let readerThreads = 4

  static let scenario = Scenario.failingEveryOtherFirstBuild(name: "awaited-lazy-read", oneRound)

  private static func oneRound(_ run: StressRun, failingFirst: Bool) {
    let injector = Injector(label: "awaited-lazy-read")
    let builds = Counter()
    let attempts = Counter()
    injector.map(Beacon.self) { _ in
      await Task.yield()
      if attempts.increment() == 1, failingFirst { throw FirstReadFailed() }
      await Task.yield()
      return Beacon(builds: builds)
    }
    guard let lazy = try? injector.resolve(Lazy<Beacon>.self) else {
      run.fail("resolving Lazy<Beacon> failed")
    }
    let received = InstanceRecord()
    let done = Latch(count: 1)
    let finished = Atomic<Bool>(false)
    Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<tasks {
          group.addTask {
            let reader = Task { try await lazy.valueAsync }
            if index % 7 == 0 { reader.cancel() }
            do {
              let beacon = try await reader.value
              run.expect(received.record(beacon), "two readers got different Beacons")
              return
            } catch {
              guard let error = error as? InjectionError else {
                run.fail("valueAsync threw \(error), not an InjectionError")
              }
              switch error {
              case .cancelled: return
              case .factoryFailed(_, _, let underlying) where underlying is FirstReadFailed:
                break  // the failing first read: read again below
              default: run.fail("valueAsync threw \(error)")
              }
            }
            guard let beacon = try? await lazy.valueAsync else {
              run.fail("a read after the failed resolution failed too")
            }
            run.expect(received.record(beacon), "a retry got another Beacon")
          }
        }
      }
      finished.store(true, ordering: .releasing)
      done.countDown()
    }
    Threads.run(readerThreads, stackSize: 1 << 18) { _ in
      while !finished.load(ordering: .acquiring) {
        // Throws `asyncMapping` until an awaited read published the value; never blocks.
        if let beacon = try? lazy.value {
          run.expect(received.record(beacon), "a synchronous read got another Beacon")
        }
      }
    }
    done.wait()
    run.expect(lazy.isResolved, "no awaited read published the Beacon")
    if let beacon = try? lazy.value {
      run.expect(received.record(beacon), "the kept Beacon is not the one the readers got")
    } else {
      run.fail("a synchronous read after the round failed")
    }
    run.expect(builds.value == 1, "the Beacon was built \(builds.value) times")
    withExtendedLifetime(injector) {}
  }
}
