import InjectionCore
import InjectionTestHelpers

/// Bug 3: a `.weak` object deinitialized while the injector's lock is held.
///
/// Checking whether the weak object is gone takes a temporary strong reference under the lock;
/// if the other holders let go meanwhile, `deinit` runs under the lock, and a `deinit` that uses
/// the injector stops with "Recursive call to lock Mutex" (debug) or deadlocks (release, caught
/// by the watchdog).
enum WeakDeinitUnderLock {
  /// A key the lamp's `deinit` asks about.
  final class Switch: Sendable {}

  /// A `.weak` object whose `deinit` uses the injector that built it.
  final class Lamp: Sendable {
    let injector: Injector

    init(injector: Injector) {
      self.injector = injector
    }

    deinit {
      _ = injector.isMapped(Switch.self)
    }
  }

  private static let resolves = 100
  /// How long each batch of resolves holds a lamp, in jitter bounds: short, varying holds shift
  /// the threads against each other so that a lamp's last holder often lets go while another
  /// thread checks the lamp under the lock.
  private static let holds = [0, 4, 16, 64]

  static let scenario = Scenario(name: "weak-deinit-under-lock") { run in
    let injector = Injector(label: "weak-deinit-under-lock")
    injector.map(Lamp.self, scope: .weak) { injector in Lamp(injector: injector) }
    Threads.run(3, stackSize: 1 << 20) { index in
      var jitter = Jitter(seed: index)
      var batch = 0
      while run.isRunning {
        let hold = holds[batch % holds.count]
        for _ in 0..<resolves {
          do {
            let lamp = try injector.resolve(Lamp.self)
            jitter.spin(below: hold)
            withExtendedLifetime(lamp) {}
          } catch {
            run.fail("resolve(Lamp.self) threw: \(error)")
          }
        }
        run.recordIteration(resolves)
        batch += 1
      }
    }
  }
}
