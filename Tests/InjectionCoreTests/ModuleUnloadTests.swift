import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

extension ModuleUnloadTests {
  /// A connection that a module opens as a singleton and closes in its `unload`.
  final class Connection: Sendable {
    private let closed = Atomic<Bool>(false)

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Closes the connection.
    func close() { closed.store(true, ordering: .releasing) }
  }

  /// Maps a ``Connection`` singleton and closes it in `unload`, recording what `unload` saw.
  final class ConnectionModule: InjectionModule {
    let builds = Counter()
    /// The identity of each connection `unload` resolved; `nil` where resolving failed.
    let resolvedAtUnload = Mutex<[ObjectIdentifier?]>([])
    /// Whether the injector still held the module while `unload` ran.
    let heldAtUnload = Mutex<[Bool]>([])
    /// Something `unload` does after it closed the connection, such as removing itself again.
    let alsoInUnload: @Sendable (Injector, ConnectionModule) -> Void

    init(alsoInUnload: @escaping @Sendable (Injector, ConnectionModule) -> Void = { _, _ in }) {
      self.alsoInUnload = alsoInUnload
    }

    func configure(_ mappings: ModuleMappings) {
      let builds = builds
      mappings.map(Connection.self, scope: .singleton) { _ in
        builds.increment()
        return Connection()
      }
    }

    func unload(from injector: Injector) {
      let connection = try? injector.resolve(Connection.self)
      connection?.close()
      resolvedAtUnload.withLock { $0.append(connection.map(ObjectIdentifier.init)) }
      let held = injector.hasModule(self)
      heldAtUnload.withLock { $0.append(held) }
      alsoInUnload(injector, self)
    }
  }

  /// A weak reference to a connection, which a test can keep without keeping it alive.
  final class WeakConnection: Sendable {
    /// The connection, while it is alive.
    weak let value: Connection?

    init(_ connection: Connection?) {
      value = connection
    }
  }

  /// Resolves the connection and returns only a weak reference to it.
  static func weakConnection(in injector: Injector) throws -> WeakConnection {
    WeakConnection(try injector.resolve(Connection.self))
  }
}

/// When a module's `unload(from:)` runs: before its mappings are removed and its singletons
/// released.
@Suite struct ModuleUnloadTests {
  @Test func unloadResolvesTheSameSingletonInstanceTheModuleBuilt() throws {
    let injector = Injector(label: "game")
    let module = ConnectionModule()
    try injector.addModule(module)
    let connection = try injector.resolve(Connection.self)

    #expect(injector.removeModule(module))

    #expect(module.resolvedAtUnload.withLock { $0 } == [ObjectIdentifier(connection)])
    #expect(connection.isClosed)
    #expect(module.builds.value == 1, "unload did not build a second connection")
    #expect(!injector.isMapped(Connection.self))
  }

  @Test func aCachedSingletonIsReleasedAfterUnloadReturns() throws {
    let injector = Injector(label: "game")
    let seenAtUnload = Mutex<[Bool]>([])
    let box = Mutex<WeakConnection?>(nil)
    let module = ConnectionModule { _, _ in
      let alive = box.withLock { $0?.value != nil }
      seenAtUnload.withLock { $0.append(alive) }
    }
    try injector.addModule(module)
    let weak = try Self.weakConnection(in: injector)
    box.withLock { $0 = weak }
    #expect(weak.value != nil, "the injector holds its singleton")

    injector.removeModule(module)

    #expect(seenAtUnload.withLock { $0 } == [true], "still alive while unload ran")
    #expect(weak.value == nil, "released once the module was removed")
  }

  @Test func aSingletonFirstResolvedInUnloadIsBuiltThenReleasedWithTheModule() throws {
    let injector = Injector(label: "game")
    let box = Mutex<WeakConnection?>(nil)
    let module = ConnectionModule { injector, _ in
      let weak = try? Self.weakConnection(in: injector)
      box.withLock { $0 = weak }
    }
    try injector.addModule(module)

    injector.removeModule(module)

    #expect(module.builds.value == 1)
    #expect(module.resolvedAtUnload.withLock { $0.count == 1 && $0[0] != nil })
    let weak = try #require(box.withLock { $0 })
    #expect(weak.value == nil)
  }

  @Test func whileUnloadRunsTheModuleIsStillAddedAndCannotBeRemovedOrAddedAgain() throws {
    let injector = Injector(label: "game")
    let again = Mutex<(removed: Bool, added: Bool)?>(nil)
    let module = ConnectionModule { injector, module in
      let removed = injector.removeModule(module)
      let added = (try? injector.addModule(module)) != nil
      again.withLock { $0 = (removed, added) }
    }
    try injector.addModule(module)

    #expect(injector.removeModule(module))

    #expect(module.heldAtUnload.withLock { $0 } == [true])
    let result = try #require(again.withLock { $0 })
    #expect(!result.removed, "the removal in progress is the one that removes it")
    #expect(!result.added, "it is still added")
    #expect(module.resolvedAtUnload.withLock { $0.count } == 1, "unloaded once")
    #expect(!injector.hasModule(module))
  }

  @Test func anotherThreadRemovingTheModuleWhileUnloadRunsGetsFalseAndStillSeesItsMappings()
    throws
  {
    let injector = Injector(label: "game")
    injector.map(Settings.self, to: Settings(speedLimit: 50))
    let unloading = Latch(count: 1)
    let otherThreadDone = Latch(count: 1)
    let seenByOtherThread = Mutex<
      (removed: Bool, connection: ObjectIdentifier?, speedLimit: Int?)?
    >(nil)
    let module = ConnectionModule { _, _ in
      unloading.countDown()
      _ = otherThreadDone.wait(timeout: 10)
    }
    final class SettingsModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Settings.self, to: Settings(speedLimit: 300))
      }
    }
    let settings = SettingsModule()
    try injector.addModule(settings)
    try injector.addModule(module)
    let connection = try injector.resolve(Connection.self)

    let finished = Threads.run(2, timeout: 10) { index in
      if index == 0 {
        injector.removeModule(module)
      } else {
        _ = unloading.wait(timeout: 10)
        let removed = injector.removeModule(module)
        let connection = (try? injector.resolve(Connection.self)).map(ObjectIdentifier.init)
        let speedLimit = try? injector.resolve(Settings.self).speedLimit
        seenByOtherThread.withLock { $0 = (removed, connection, speedLimit) }
        otherThreadDone.countDown()
      }
    }

    #expect(finished)
    let seen = try #require(seenByOtherThread.withLock { $0 })
    #expect(!seen.removed)
    #expect(seen.connection == ObjectIdentifier(connection), "still mapped while unload runs")
    #expect(seen.speedLimit == 300, "the other module is untouched")
    #expect(module.resolvedAtUnload.withLock { $0.count } == 1)
    #expect(!injector.hasModule(module))
    #expect(injector.hasModule(settings))
  }

  @Test func removingByTypeUnloadsEachModuleWhileItsOwnMappingsAreInPlace() throws {
    let injector = Injector(label: "game")
    let first = ConnectionModule()
    let second = ConnectionModule()
    try injector.addModule(first)
    let firstConnection = try injector.resolve(Connection.self)
    try injector.addModule(second)
    let secondConnection = try injector.resolve(Connection.self)

    #expect(injector.removeModule(ConnectionModule.self) == 2)

    #expect(second.resolvedAtUnload.withLock { $0 } == [ObjectIdentifier(secondConnection)])
    #expect(first.resolvedAtUnload.withLock { $0 } == [ObjectIdentifier(firstConnection)])
    #expect(firstConnection.isClosed && secondConnection.isClosed)
  }

  @Test func unloadAfterAFailedAddSeesNoneOfTheModulesMappings() throws {
    let injector = Injector(label: "game")
    final class FailingModule: InjectionModule {
      let mappedAtUnload = Mutex<[Bool]>([])

      func configure(_ mappings: ModuleMappings) {
        mappings.map(Settings.self, to: Settings(speedLimit: 1))
        mappings.map(V8Engine.self, scope: .eagerSingleton) { _ in
          throw FactoryError(reason: "no fuel")
        }
      }

      func unload(from injector: Injector) {
        let mapped = injector.isMapped(Settings.self)
        mappedAtUnload.withLock { $0.append(mapped) }
      }
    }
    let module = FailingModule()

    #expect(throws: InjectionError.self) { try injector.addModule(module) }

    #expect(module.mappedAtUnload.withLock { $0 } == [false])
  }
}
