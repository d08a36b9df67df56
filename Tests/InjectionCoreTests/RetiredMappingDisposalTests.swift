import InjectionCore
import Synchronization
import Testing

/// A singleton whose mapping leaves its injector while the value is being built: the build that
/// ends afterwards is not kept, so no later event disposes it behind its resolution's back.
@Suite struct RetiredMappingDisposalTests {
  final class Disposals: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .acquiring) }
    func add() { count.add(1, ordering: .acquiringAndReleasing) }
  }

  final class Cache: InjectionDisposable, Sendable {
    let disposals: Disposals
    init(_ disposals: Disposals) { self.disposals = disposals }
    func dispose() { disposals.add() }
  }

  /// Removes the module that maps it while its value is built.
  final class CacheModule: InjectionModule {
    let disposals: Disposals
    init(_ disposals: Disposals) { self.disposals = disposals }

    func configure(_ mappings: ModuleMappings) {
      let disposals = disposals
      mappings.map(Cache.self, scope: .singleton) { injector in
        injector.removeModule(CacheModule.self)
        return Cache(disposals)
      }
    }
  }

  @Test func aSingletonUnmappedWhileItIsBuiltGoesOnlyToItsResolution() throws {
    let disposals = Disposals()
    let injector = Injector(label: "app")
    injector.map(Cache.self, scope: .singleton) { injector in
      injector.unmap(Cache.self)  // the mapping leaves while its value is built
      return Cache(disposals)
    }
    weak var built: Cache?
    do {
      let cache = try injector.resolve(Cache.self)
      built = cache
    }

    #expect(built == nil, "the injector keeps nothing of a mapping it no longer has")
    try injector.shutdownSynchronously()
    #expect(disposals.value == 0, "the resolution owned it: the shutdown does not dispose it")
  }

  @Test func aModulesSingletonBuiltWhileTheModuleIsRemovedGoesOnlyToItsResolution() throws {
    let disposals = Disposals()
    let injector = Injector(label: "app")
    try injector.addModule(CacheModule(disposals))
    weak var built: Cache?
    do {
      let cache = try injector.resolve(Cache.self)
      built = cache
    }

    #expect(!injector.hasModule(CacheModule.self))
    #expect(built == nil, "the removed module's mapping keeps nothing")
    try injector.shutdownSynchronously()
    #expect(disposals.value == 0)
  }
}
