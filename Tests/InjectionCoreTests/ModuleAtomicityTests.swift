import Foundation
import InjectionCore
import InjectionTestHelpers
import Testing

extension ModuleAtomicityTests {
  /// A module whose eager singleton asks, from inside its factory, whether another thread can
  /// resolve the module's other mapping, then fails.
  final class PeekingModule: InjectionModule {
    let seenFromTheAddingThread = Locked<String?>(nil)
    let seenFromAnotherThread = Locked<String?>(nil)
    let unloads = Counter()

    func configure(_ mappings: ModuleMappings) {
      mappings.map(Settings.self) { _ in Settings(speedLimit: 130) }
      mappings.map((any Engine).self, scope: .eagerSingleton) {
        (injector: Injector) throws -> any Engine in
        let own = try? injector.resolve(Settings.self)
        self.seenFromTheAddingThread.withLock { $0 = own.map { "\($0.speedLimit)" } ?? "nothing" }
        let done = DispatchSemaphore(value: 0)
        Thread {
          let seen: String
          do {
            seen = try injector.resolve(Settings?.self).map { "\($0.speedLimit)" } ?? "nothing"
          } catch {
            seen = "\(error)"
          }
          self.seenFromAnotherThread.withLock { $0 = seen }
          done.signal()
        }.start()
        done.wait()
        throw FactoryError(reason: "no fuel")
      }
    }

    func unload(from injector: Injector) {
      unloads.increment()
    }
  }
}

@Suite struct ModuleAtomicityTests {
  @Test func mappingsOfAModuleBeingAddedAreSeenOnlyByTheAddingThread() {
    let injector = Injector(label: "atomic")
    let module = PeekingModule()

    #expect(throws: InjectionError.self) { try injector.addModule(module) }

    #expect(module.seenFromTheAddingThread.withLock { $0 } == "130")
    #expect(module.seenFromAnotherThread.withLock { $0 } == "nothing")
    #expect(!injector.isMapped(Settings.self))
  }

  @Test func failedAddCallsUnloadOnceAfterReleasingWhatItBuilt() {
    let injector = Injector(label: "atomic")
    let module = PeekingModule()

    #expect(throws: InjectionError.self) { try injector.addModule(module) }

    #expect(module.unloads.value == 1)
    #expect(!injector.hasModule(module))
  }

  @Test func moduleWithAnInvalidMappingIsUnloadedToo() {
    final class WeakSettingsModule: InjectionModule {
      let unloads = Counter()
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Settings.self, scope: .weak) { _ in Settings(speedLimit: 1) }
      }
      func unload(from injector: Injector) { unloads.increment() }
    }
    let injector = Injector(label: "atomic")
    let module = WeakSettingsModule()

    #expect(throws: InjectionError.self) { try injector.addModule(module) }

    #expect(module.unloads.value == 1)
  }

  @Test func eagerSingletonOfAnAddedModuleSeesTheModulesOtherMappings() throws {
    final class GarageModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Settings.self, to: Settings(speedLimit: 80))
        mappings.map(Coupe.self, scope: .eagerSingleton) { injector in
          let limit = try injector.resolve(Settings.self).speedLimit
          return Coupe(engine: limit == 80 ? V8Engine() : HybridEngine())
        }
      }
    }
    let injector = Injector(label: "atomic")
    injector.map(Settings.self, to: Settings(speedLimit: 50))

    try injector.addModule(GarageModule())

    #expect(try injector.resolve(Coupe.self).engine is V8Engine)
    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 80))
  }
}
