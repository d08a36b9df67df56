import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Tasks ask for one `async` singleton at once while threads read it synchronously; some tasks
/// are cancelled while they wait, and half the rounds fail the first build.
///
/// One successful build per round (two attempts in a failing round), one instance for every
/// task and thread that got a value, and every cancelled waiter gets `.cancelled` or the value:
/// whatever the optimizer does with the publication of the value built by another task.
enum AsyncFirstBuild {
  /// What the singleton is; counts its builds.
  final class Station: Sendable {
    init(builds: Counter) {
      builds.increment()
    }
  }

  /// The failure of the first build in a failing round.
  struct FirstBuildFailed: Error {}

  private static let tasks = 200
  private static let readerThreads = 4

  static let scenario = Scenario.failingEveryOtherFirstBuild(name: "async-first-build", oneRound)

  private static func oneRound(_ run: StressRun, failingFirst: Bool) {
    let injector = Injector(label: "async-first-build")
    let builds = Counter()
    let attempts = Counter()
    injector.map(Station.self, scope: .singleton) { _ in
      await Task.yield()
      if attempts.increment() == 1, failingFirst { throw FirstBuildFailed() }
      await Task.yield()
      return Station(builds: builds)
    }
    let received = InstanceRecord()
    let done = Latch(count: 1)
    let finished = Atomic<Bool>(false)
    Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<tasks {
          group.addTask {
            let waiter = Task { try await injector.resolveAsync(Station.self) }
            if index % 7 == 0 { waiter.cancel() }
            for _ in 0..<2 {
              do {
                let station = try await waiter.value
                run.expect(received.record(station), "two tasks got different Stations")
                return
              } catch {
                guard let error = error as? InjectionError else {
                  run.fail("resolveAsync threw \(error), not an InjectionError")
                }
                switch error {
                case .cancelled: return
                case .factoryFailed(_, _, let underlying) where underlying is FirstBuildFailed:
                  break  // the failing first build: resolve again below
                default: run.fail("resolveAsync threw \(error)")
                }
              }
              guard let station = try? await injector.resolveAsync(Station.self) else {
                run.fail("a resolution after the failed build failed too")
              }
              run.expect(received.record(station), "a retry got another Station")
              return
            }
          }
        }
      }
      finished.store(true, ordering: .releasing)
      done.countDown()
    }
    Threads.run(readerThreads, stackSize: 1 << 18) { _ in
      while !finished.load(ordering: .acquiring) {
        if let station = try? injector.resolve(Station.self) {
          run.expect(received.record(station), "a synchronous read got another Station")
        }
      }
    }
    done.wait()
    if let station = try? injector.resolve(Station.self) {
      run.expect(received.record(station), "the cached Station is not the one the tasks got")
    }
    run.expect(builds.value == 1, "the Station was built \(builds.value) times")
    withExtendedLifetime(injector) {}
  }
}
