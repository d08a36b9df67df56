import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Issue 23: a module's `unload(from:)` runs while its mappings are still in place, and two
/// threads remove the module at once while others resolve what it shadows.
///
/// The module maps a singleton ``Connection`` over the injector's own, and closes it in
/// `unload`. Exactly one removal may find the module; `unload` must run once and resolve the
/// very connection the module built; readers must always find a connection (the module's, or the
/// injector's again), never nothing; and once the removals returned, the injector's own mapping
/// answers and the module's connection is released.
enum ModuleUnloadWhileResolving {
  /// A connection that knows who mapped it.
  final class Connection: Sendable {
    let source: Int
    private let closed = Atomic<Bool>(false)

    init(source: Int) {
      self.source = source
    }

    var isClosed: Bool { closed.load(ordering: .acquiring) }
    func close() { closed.store(true, ordering: .releasing) }
  }

  /// Maps a singleton connection (source 1) and closes the one it resolves in `unload`.
  final class ConnectionModule: InjectionModule {
    let unloads = Counter()
    /// The connection `unload` resolved, or `nil` if it found none.
    let unloaded = Mutex<Connection?>(nil)

    func configure(_ mappings: ModuleMappings) {
      mappings.map(Connection.self, scope: .singleton) { _ in Connection(source: 1) }
    }

    func unload(from injector: Injector) {
      unloads.increment()
      let connection = try? injector.resolve(Connection.self)
      connection?.close()
      unloaded.withLock { $0 = connection }
    }
  }

  /// A weak reference to the module's connection, kept by the checking thread.
  final class WeakConnection: Sendable {
    weak let value: Connection?
    init(_ value: Connection) { self.value = value }
  }

  private static let removers = 2
  private static let readers = 2

  static let scenario = Scenario(name: "module-unload-while-resolving") { run in
    while run.isRunning {
      trial(run)
      run.recordIteration()
    }
  }

  private static func trial(_ run: StressRun) {
    let injector = Injector(label: "module-unload-while-resolving")
    injector.map(Connection.self, to: Connection(source: 0))
    let module = ConnectionModule()
    do {
      try injector.addModule(module)
    } catch {
      run.fail("addModule(ConnectionModule) threw: \(error)")
    }
    let built = built(in: injector, run)
    let removals = Counter()
    let removed = Flag()
    Threads.run(removers + readers, stackSize: 1 << 20) { index in
      if index < removers {
        if injector.removeModule(module) { removals.increment() }
        removed.set()
      } else {
        repeat {
          guard let connection = try? injector.resolve(Connection.self) else {
            run.fail("a reader found no Connection while the module was removed")
          }
          run.expect(
            connection.source == 0 || connection.source == 1,
            "a reader resolved a Connection of source \(connection.source)")
        } while !removed.isSet
      }
    }
    run.expect(removals.value == 1, "\(removals.value) removals found the module (expected 1)")
    run.expect(module.unloads.value == 1, "unload ran \(module.unloads.value) times (expected 1)")
    // `unloaded` holds what unload resolved, so if it is the module's, the weak reference is
    // still set; then it lets go, and nothing else may hold the module's connection.
    let sameAsBuilt = module.unloaded.withLock { connection in
      defer { connection = nil }
      return connection != nil && connection === built.value && connection?.isClosed == true
    }
    run.expect(
      sameAsBuilt,
      "unload did not resolve and close the Connection the module built (another one, or none)")
    run.expect(built.value == nil, "the module's Connection outlived its removal")
    guard let after = try? injector.resolve(Connection.self) else {
      run.fail("the injector's own Connection is not back after the removal")
    }
    run.expect(after.source == 0, "after the removal, Connection has source \(after.source)")
  }

  /// Resolves the module's connection once and keeps only a weak reference to it.
  private static func built(in injector: Injector, _ run: StressRun) -> WeakConnection {
    guard let connection = try? injector.resolve(Connection.self), connection.source == 1 else {
      run.fail("the module's Connection does not shadow the injector's")
    }
    return WeakConnection(connection)
  }
}
