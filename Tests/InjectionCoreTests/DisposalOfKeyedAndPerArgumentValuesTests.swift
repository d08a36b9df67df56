import InjectionCore
import Synchronization
import Testing

// The values of keyed collections and of mappings cached per argument end with what owns them
// (issue 35): a keyed entry's singleton with its entry, each argument's value with its mapping.

/// The names of the values disposed, in the order they were.
private final class DisposalLog: Sendable {
  private let names = Mutex<[String]>([])

  var disposed: [String] { names.withLock { $0 } }

  func append(_ name: String) { names.withLock { $0.append(name) } }
}

/// A connection that records its disposal.
private final class Connection: InjectionDisposable, Sendable {
  let name: String
  let log: DisposalLog

  init(_ name: String, log: DisposalLog) {
    self.name = name
    self.log = log
  }

  func dispose() { log.append(name) }
}

/// A protocol key whose values may or may not be disposable.
private protocol Channel: Sendable {}
extension Connection: Channel {}

/// A value type that can never be disposed.
private struct Label: Sendable {}

private struct Refused: Error {}

/// The scope of a session, reset when it ends.
private enum SessionScope: ResettableScope {}

/// Contributes one keyed singleton connection.
private final class KeyedConnectionModule: InjectionModule {
  let log: DisposalLog
  init(_ log: DisposalLog) { self.log = log }

  func configure(_ mappings: ModuleMappings) {
    let log = log
    mappings.contribute(Connection.self, forKey: "primary", scope: .singleton) { _ in
      Connection("primary", log: log)
    }
  }
}

/// Maps a connection per argument.
private final class PerArgumentConnectionModule: InjectionModule {
  let log: DisposalLog
  init(_ log: DisposalLog) { self.log = log }

  func configure(_ mappings: ModuleMappings) {
    let log = log
    mappings.map(Connection.self, taking: Int.self, scope: .perArgument) { _, id in
      Connection("user \(id)", log: log)
    }
  }
}

@Suite struct DisposalOfKeyedAndPerArgumentValuesTests {
  // MARK: - Keyed entries

  @Test func aKeyedSingletonIsDisposedOnceWhenItsModuleIsRemoved() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    try injector.addModule(KeyedConnectionModule(log))
    _ = try injector.resolveAll(Connection.self, keyedBy: String.self)

    #expect(injector.removeModule(KeyedConnectionModule.self) == 1)
    #expect(log.disposed == ["primary"])

    try injector.shutdownSynchronously()
    #expect(log.disposed == ["primary"], "disposed once: not again at shutdown")
  }

  @Test func aKeyedSingletonIsDisposedOnceWhenItsContributionsAreRemoved() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.contribute(Connection.self, forKey: "primary", scope: .singleton) { _ in
      Connection("primary", log: log)
    }
    injector.contribute(Connection.self, forKey: "backup", scope: .singleton) { _ in
      Connection("backup", log: log)
    }
    _ = try injector.resolve(Connection.self, forKey: "primary")
    _ = try injector.resolve(Connection.self, forKey: "backup")

    #expect(injector.removeContributions(to: Connection.self, keyedBy: String.self) == 2)
    #expect(log.disposed == ["backup", "primary"], "latest first")

    try injector.shutdownSynchronously()
    #expect(log.disposed == ["backup", "primary"])
  }

  @Test func aKeyedSingletonIsDisposedOnceWhenAnOverridingEntryReplacesIt() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.contribute(Connection.self, forKey: "primary", scope: .singleton) { _ in
      Connection("first", log: log)
    }
    _ = try injector.resolve(Connection.self, forKey: "primary")

    injector.contribute(Connection.self, forKey: "primary", scope: .singleton, overriding: true) {
      _ in Connection("second", log: log)
    }
    #expect(log.disposed == ["first"], "the replaced entry's value is disposed")
    #expect(try injector.resolve(Connection.self, forKey: "primary")?.name == "second")

    try injector.shutdownSynchronously()
    #expect(log.disposed == ["first", "second"])
  }

  @Test func aKeyedSingletonIsDisposedOnceAtShutdownAndItsCollectionThenThrows() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.contribute(Connection.self, forKey: "primary", scope: .singleton) { _ in
      Connection("primary", log: log)
    }
    let built = try injector.resolveAll(Connection.self, keyedBy: String.self)
    #expect(built.keys.sorted() == ["primary"])

    try injector.shutdownSynchronously()
    #expect(log.disposed == ["primary"])
    #expect(throws: InjectionError.self, "not an empty dictionary") {
      try injector.resolveAll(Connection.self, keyedBy: String.self)
    }
    #expect(injector.removeContributions(to: Connection.self, keyedBy: String.self) == 0)
    try injector.shutdownSynchronously()
    #expect(log.disposed == ["primary"])
  }

  // MARK: - Values cached per argument

  @Test func valuesCachedPerArgumentAreDisposedLatestFirstWhenUnmapped() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Connection.self, taking: Int.self, scope: .perArgument) { _, id in
      guard id >= 0 else { throw Refused() }
      return Connection("user \(id)", log: log)
    }
    for id in [1, 2, 3, 2] { _ = try injector.resolve(Connection.self, arguments: id) }
    // An argument whose value was never built: nothing to dispose.
    #expect(throws: InjectionError.self) { try injector.resolve(Connection.self, arguments: -1) }

    injector.unmap(Connection.self)
    #expect(log.disposed == ["user 3", "user 2", "user 1"])

    try injector.shutdownSynchronously()
    #expect(log.disposed == ["user 3", "user 2", "user 1"], "each once")
  }

  @Test func valuesCachedPerArgumentAreDisposedLatestFirstWhenTheirModuleIsRemoved() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    try injector.addModule(PerArgumentConnectionModule(log))
    for id in [7, 5] { _ = try injector.resolve(Connection.self, arguments: id) }

    #expect(injector.removeModule(PerArgumentConnectionModule.self) == 1)
    #expect(log.disposed == ["user 5", "user 7"])

    try injector.shutdownSynchronously()
    #expect(log.disposed == ["user 5", "user 7"])
  }

  @Test func valuesCachedPerArgumentInAScopeAreDisposedByItsResetNotAgainAtShutdown() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    let builds = Mutex(0)
    injector.map(
      Connection.self, taking: Int.self, scope: .perArgument(in: SessionScope.self)
    ) { _, id in
      let build = builds.withLock { count in
        count += 1
        return count
      }
      return Connection("user \(id) #\(build)", log: log)
    }
    _ = try injector.resolve(Connection.self, arguments: 1)
    _ = try injector.resolve(Connection.self, arguments: 2)

    #expect(injector.reset(SessionScope.self) > 0)
    #expect(log.disposed == ["user 2 #2", "user 1 #1"])

    // A new session builds anew; the shutdown disposes only what the reset left.
    _ = try injector.resolve(Connection.self, arguments: 1)
    try injector.shutdownSynchronously()
    #expect(log.disposed == ["user 2 #2", "user 1 #1", "user 1 #3"])
  }

  // MARK: - After shutdown

  @Test func keyedAndPerArgumentResolutionsOfAShutDownInjectorThrowShutDown() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.contribute(Connection.self, forKey: "primary", scope: .singleton) { _ in
      Connection("primary", log: log)
    }
    injector.map(Connection.self, taking: Int.self, scope: .perArgument) { _, id in
      Connection("user \(id)", log: log)
    }
    _ = try injector.resolveAll(Connection.self, keyedBy: String.self)
    _ = try injector.resolve(Connection.self, arguments: 1)
    let child = injector.makeChild(label: "request")

    try injector.shutdownSynchronously()

    func isShutDown(_ error: any Error) -> Bool {
      guard let error = error as? InjectionError, case .shutDown(let label, _) = error else {
        return false
      }
      return label == "app"
    }
    #expect { try injector.resolveAll(Connection.self, keyedBy: String.self) } throws: {
      isShutDown($0)
    }
    #expect { try injector.resolve(Connection.self, forKey: "primary") } throws: {
      isShutDown($0)
    }
    #expect { try injector.resolve(Connection.self, arguments: 1) } throws: { isShutDown($0) }
    #expect { try child.resolveAll(Connection.self, keyedBy: String.self) } throws: {
      isShutDown($0)
    }
    #expect(log.disposed.sorted() == ["primary", "user 1"], "nothing built after the shutdown")
  }

  // MARK: - Snapshots

  @Test func aSnapshotSaysAKeyedEntrysValuesAreDisposed() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.contribute(Connection.self, forKey: "primary", scope: .singleton) { _ in
      Connection("primary", log: log)
    }
    injector.contribute(Connection.self, forKey: "each") { _ in Connection("each", log: log) }
    injector.contribute((any Channel).self, forKey: "channel", scope: .singleton) { _ in
      Connection("channel", log: log)
    }
    injector.contribute(Label.self, forKey: "label", scope: .singleton) { _ in Label() }
    func disposal(_ entryKey: String) -> MappingSnapshot.Disposal? {
      injector.snapshot().contributions.first { $0.entryKey == String(reflecting: entryKey) }?
        .disposal
    }

    #expect(disposal("primary") == .disposed)
    #expect(disposal("each") == .notOwned)
    #expect(disposal("channel") == .disposedIfConforming)
    #expect(disposal("label") == .notDisposed)

    _ = try injector.resolveAll(Connection.self, keyedBy: String.self)
    _ = try injector.resolveAll((any Channel).self, keyedBy: String.self)
    _ = try injector.resolveAll(Label.self, keyedBy: String.self)
    #expect(disposal("primary") == .disposed, "built: the injector owns it and will dispose it")
    #expect(disposal("channel") == .disposed)
    #expect(disposal("label") == .notDisposed)
  }

  @Test func aSnapshotSaysAnUnbuiltContributionsValuesAreDisposedByItsElementsType() {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.contribute(Connection.self, scope: .singleton) { _ in Connection("each", log: log) }
    injector.contribute((any Channel).self, scope: .singleton) { _ in
      Connection("channel", log: log)
    }
    let contributions = injector.snapshot().contributions
    func disposal(_ key: InjectionKey) -> MappingSnapshot.Disposal? {
      contributions.first { $0.key == key }?.disposal
    }
    #expect(disposal(InjectionKey([Connection].self)) == .disposed)
    #expect(disposal(InjectionKey([any Channel].self)) == .disposedIfConforming)
  }

  @Test func aSnapshotSaysAPerArgumentMappingsValuesAreDisposed() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Connection.self, taking: Int.self, scope: .perArgument) { _, id in
      Connection("user \(id)", log: log)
    }
    injector.map((any Channel).self, taking: Int.self, scope: .perArgument) { _, id in
      Connection("channel \(id)", log: log)
    }
    injector.map(Label.self, taking: Int.self, scope: .perArgument) { _, _ in Label() }
    func disposal<T>(_ type: T.Type) -> MappingSnapshot.Disposal? {
      injector.snapshot().mapping(for: InjectionKey(type))?.disposal
    }

    #expect(disposal(Connection.self) == .disposed)
    #expect(disposal((any Channel).self) == .disposedIfConforming)
    #expect(disposal(Label.self) == .notDisposed)

    _ = try injector.resolve(Connection.self, arguments: 1)
    _ = try injector.resolve((any Channel).self, arguments: 1)
    _ = try injector.resolve(Label.self, arguments: 1)
    #expect(disposal(Connection.self) == .disposed)
    #expect(disposal((any Channel).self) == .disposed, "a built value conforms")
    #expect(disposal(Label.self) == .notDisposed)
  }
}
