import Foundation
import InjectionCore
import InjectionTestHelpers

/// Suspected bug 8: a module whose `addModule` fails is visible to other threads meanwhile.
///
/// The module maps a transient ``Lantern`` and an eager singleton ``Fuse`` whose factory throws
/// after about 5 ms. The add must throw; no other thread may resolve the lantern while it runs,
/// because the module was never added; and the module's `unload(from:)` runs once afterwards,
/// pairing its `configure`.
enum FailingModuleIsInvisible {
  /// The key other threads look for.
  final class Lantern: Sendable {}

  /// The eager singleton that fails.
  final class Fuse: Sendable {}

  /// The error the fuse's factory throws.
  struct Blown: Error {}

  /// A module whose eager singleton fails to build.
  final class FailingModule: InjectionModule {
    let configurations = Counter()
    let unloads = Counter()

    func configure(_ mappings: ModuleMappings) {
      configurations.increment()
      mappings.map(Lantern.self) { _ in Lantern() }
      mappings.map(Fuse.self, scope: .eagerSingleton) { _ -> Fuse in
        Thread.sleep(forTimeInterval: 0.005)
        throw Blown()
      }
    }

    func unload(from injector: Injector) {
      unloads.increment()
    }
  }

  private static let readers = 2

  static let scenario = Scenario(name: "failing-module-is-invisible") { run in
    while run.isRunning {
      trial(run)
    }
  }

  private static func trial(_ run: StressRun) {
    let injector = Injector(label: "failing-module-is-invisible")
    let module = FailingModule()
    let isDone = Flag()
    let sightings = Counter()
    Threads.run(1 + readers, stackSize: 1 << 20) { index in
      if index == 0 {
        do {
          try injector.addModule(module)
          run.fail("addModule succeeded though the module's eager singleton threw")
        } catch {
          // Expected: the eager singleton's factory failed.
        }
        isDone.set()
      } else {
        while !isDone.isSet {
          if (try? injector.resolve(Lantern.self)) != nil {
            sightings.increment()
          }
          run.recordIteration()
        }
      }
    }
    run.expect(
      sightings.value == 0,
      "other threads resolved Lantern \(sightings.value) times while the failing addModule ran")
    run.expect(
      !injector.isMapped(Lantern.self), "Lantern is still mapped after the failed addModule")
    run.expect(
      module.configurations.value == 1,
      "configure ran \(module.configurations.value) times for one addModule")
    run.expect(
      module.unloads.value == 1,
      "unload(from:) ran \(module.unloads.value) times after the failed addModule (expected 1)")
  }
}
