import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

extension AsyncProviderAndLazyTests {
  /// A service that starts asynchronously; `serial` tells builds apart.
  final class Connection: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  /// Holds an awaited provider and a lazy connection, as an app's object would.
  final class Session: Injectable {
    @Injected var connect: Provider<Connection>
    @Injected var connection: Lazy<Connection>
    init() {}
  }

  /// Maps `Connection` to an `async` factory in `scope` that counts its builds and, if given,
  /// waits for `gate` first.
  static func mapConnection(
    in injector: Injector, scope: Scope = .transient, builds: Counter, gate: AsyncGate? = nil
  ) {
    injector.map(Connection.self, scope: MappingScope(scope)) { _ in
      let serial = builds.increment()
      await gate?.wait()
      return Connection(serial: serial)
    }
  }

  /// The error `body` threw, as an `InjectionError`; records an issue if it threw nothing.
  static func injectionError(_ body: () async throws -> Void) async -> InjectionError? {
    do {
      try await body()
      Issue.record("expected an InjectionError")
      return nil
    } catch {
      return error as? InjectionError
    }
  }
}

@Suite struct AsyncProviderAndLazyTests {
  // MARK: Providers

  @Test func anAwaitedProviderBuildsANewValueOfAnAsyncTransientOnEachCall() async throws {
    let injector = Injector()
    let builds = Counter()
    Self.mapConnection(in: injector, builds: builds)
    let session = try injector.resolve(Session.self)
    let first = try await session.connect.resolveAsync()
    let second = try await session.connect.resolveAsync()
    #expect(first.serial == 1)
    #expect(second.serial == 2)
    #expect(builds.value == 2)
  }

  @Test func callingAProviderSynchronouslyOnAnAsyncMappingNamesTheAwaitedSpelling() async throws {
    let injector = Injector()
    Self.mapConnection(in: injector, builds: Counter())
    let provider = try injector.resolve(Provider<Connection>.self)
    let error = await Self.injectionError { _ = try provider() }
    guard case .asyncMapping(let key, _) = error else {
      Issue.record("expected .asyncMapping, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionKey(Connection.self))
    let message = try #require(error).description
    #expect(message.contains("try await provider.resolveAsync()"))
    #expect(message.contains("try await lazy.valueAsync"))
  }

  @Test(arguments: [Scope.transient, .graph, .singleton, .eagerSingleton, .weak])
  func anAwaitedProviderAndLazyResolveAnAsyncMappingInEveryScope(scope: Scope) async throws {
    let injector = Injector()
    let builds = Counter()
    Self.mapConnection(in: injector, scope: scope, builds: builds)
    let provider = try injector.resolve(Provider<Connection>.self)
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let fromProvider = try await provider.resolveAsync()
    let fromLazy = try await lazy.valueAsync
    #expect(lazy.isResolved)
    #expect(try await lazy.valueAsync === fromLazy)
    #expect(try lazy.value === fromLazy)  // a synchronous read finds it once it is read
    let cached = scope == .singleton || scope == .eagerSingleton || scope == .weak
    #expect((fromProvider === fromLazy) == cached)
    withExtendedLifetime(fromProvider) {}
  }

  @Test func anAwaitedProviderOfAChildResolvesTheChildsOverride() async throws {
    let parent = Injector()
    Self.mapConnection(in: parent, builds: Counter())
    let child = parent.makeChild()
    child.map(Connection.self) { _ async in Connection(serial: 42) }
    let session = try child.resolve(Session.self)
    #expect(try await session.connect.resolveAsync().serial == 42)
    #expect(try await session.connection.valueAsync.serial == 42)
    let fromParent = try parent.resolve(Session.self)
    #expect(try await fromParent.connect.resolveAsync().serial == 1)
  }

  @Test func anAwaitedProviderResolvesAMappingItsModuleMade() async throws {
    final class Network: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(Connection.self, scope: .singleton) { _ async in Connection(serial: 7) }
      }
    }
    let injector = Injector()
    let provider = try injector.resolve(Provider<Connection>.self)
    try injector.addModule(Network())
    #expect(try await provider.resolveAsync().serial == 7)
    #expect(injector.removeModule(Network.self) == 1)
    let error = await Self.injectionError { _ = try await provider.resolveAsync() }
    guard case .notMapped = error else {
      Issue.record("expected .notMapped after removal, got \(String(describing: error))")
      return
    }
  }

  @Test func anAwaitedProviderOfAMainActorMappingRunsItsFactoryOnTheMainActor() async throws {
    let injector = Injector()
    injector.map(Connection.self, scope: .singleton) { @MainActor _ in
      MainActor.assertIsolated()
      return Connection(serial: 5)
    }
    let provider = try injector.resolve(Provider<Connection>.self)
    let lazy = try injector.resolve(Lazy<Connection>.self)
    #expect(try await Task.detached { try await provider.resolveAsync().serial }.value == 5)
    #expect(try await Task.detached { try await lazy.valueAsync.serial }.value == 5)
  }

  @Test func anAwaitedProviderIsObservedLikeResolveAsync() async throws {
    let injector = Injector()
    Self.mapConnection(in: injector, scope: .singleton, builds: Counter())
    let provider = try injector.resolve(Provider<Connection>.self)
    let events = Mutex<[String]>([])
    let observation = injector.observeResolutions { event in
      guard event.key == InjectionKey(Connection.self) else { return }
      let line: String
      switch event.phase {
      case .started: line = "started"
      case .ended(.built): line = "built"
      case .ended(.cached): line = "cached"
      case .ended(.failed): line = "failed"
      case .disposed: line = "disposed"
      }
      events.withLock { $0.append(line) }
    }
    _ = try await provider.resolveAsync()
    _ = try await provider.resolveAsync()
    observation.cancel()
    #expect(events.withLock { $0 } == ["started", "built", "started", "cached"])
  }

  @Test func anAwaitedProviderOrLazyThrowsOnceItsInjectorIsReleased() async throws {
    var injector: Injector? = Injector()
    Self.mapConnection(in: injector!, builds: Counter())
    let provider = try injector!.resolve(Provider<Connection>.self)
    let lazy = try injector!.resolve(Lazy<Connection>.self)
    injector = nil
    let fromProvider = await Self.injectionError { _ = try await provider.resolveAsync() }
    let fromLazy = await Self.injectionError { _ = try await lazy.valueAsync }
    for error in [fromProvider, fromLazy] {
      guard case .injectorReleased(let key) = error else {
        Issue.record("expected .injectorReleased, got \(String(describing: error))")
        continue
      }
      #expect(key == InjectionKey(Connection.self))
    }
  }

  // MARK: Lazy values

  @Test func aSynchronousReadOfALazyAsyncMappingNamesTheAwaitedSpelling() async throws {
    let injector = Injector()
    Self.mapConnection(in: injector, builds: Counter())
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let error = await Self.injectionError { _ = try lazy.value }
    guard case .asyncMapping = error else {
      Issue.record("expected .asyncMapping, got \(String(describing: error))")
      return
    }
    #expect(try #require(error).description.contains("try await lazy.valueAsync"))
    #expect(!lazy.isResolved)
  }

  @Test func anAwaitedReadOfASynchronousMappingReadsItAsValueDoes() async throws {
    let injector = Injector()
    let builds = Counter()
    injector.map(Connection.self) { _ in Connection(serial: builds.increment()) }
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let awaited = try await lazy.valueAsync
    #expect(try lazy.value === awaited)
    #expect(builds.value == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func aLazyAsyncSingletonReadFromTwoTasksAtOnceBuildsOnce() async throws {
    let injector = Injector()
    let builds = Counter()
    let gate = AsyncGate()
    Self.mapConnection(in: injector, scope: .singleton, builds: builds, gate: gate)
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let first = Task { try await lazy.valueAsync }
    let second = Task { try await lazy.valueAsync }
    #expect(await eventually { builds.value == 1 })
    gate.open()
    let (a, b) = (try await first.value, try await second.value)
    #expect(a === b)
    #expect(builds.value == 1)
    #expect(try await injector.resolveAsync(Connection.self) === a)
  }

  @Test(.timeLimit(.minutes(1)))
  func aLazyAsyncTransientReadFromManyTasksAtOnceResolvesOnce() async throws {
    let injector = Injector()
    let builds = Counter()
    let gate = AsyncGate()
    Self.mapConnection(in: injector, builds: builds, gate: gate)
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let readers = (0..<50).map { _ in Task { try await lazy.valueAsync } }
    #expect(await eventually { builds.value == 1 })
    gate.open()
    var serials: Set<Int> = []
    for reader in readers { serials.insert(try await reader.value.serial) }
    #expect(serials == [1])
    #expect(builds.value == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingOneLazyReaderLeavesTheResolutionToTheOthers() async throws {
    let injector = Injector()
    let builds = Counter()
    let gate = AsyncGate()
    Self.mapConnection(in: injector, scope: .singleton, builds: builds, gate: gate)
    let lazy = try injector.resolve(Lazy<Connection>.self)
    // The first reader starts the resolution; cancelling it must not cancel the build.
    let cancelled = Task { try await lazy.valueAsync }
    #expect(await eventually { builds.value == 1 })
    let patient = Task { try await lazy.valueAsync }
    cancelled.cancel()
    let error = await Self.injectionError { _ = try await cancelled.value }
    guard case .cancelled(let key) = error else {
      Issue.record("expected .cancelled, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionKey(Connection.self))
    #expect(!lazy.isResolved)
    gate.open()
    #expect(try await patient.value.serial == 1)
    #expect(try await lazy.valueAsync.serial == 1)
    #expect(builds.value == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func aCancelledLazyReadersBuildIsKeptForTheNextRead() async throws {
    let injector = Injector()
    let builds = Counter()
    let gate = AsyncGate()
    Self.mapConnection(in: injector, builds: builds, gate: gate)  // transient
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let only = Task { try await lazy.valueAsync }
    #expect(await eventually { builds.value == 1 })
    only.cancel()
    _ = await Self.injectionError { _ = try await only.value }
    gate.open()
    #expect(await eventually { lazy.isResolved })
    #expect(try await lazy.valueAsync.serial == 1)
    #expect(builds.value == 1)
  }

  @Test(.timeLimit(.minutes(1)))
  func aFailedLazyResolutionReachesEveryReaderAndTheNextReadTriesAgain() async throws {
    struct Offline: Error {}
    let injector = Injector()
    let builds = Counter()
    let gate = AsyncGate()
    injector.map(Connection.self) { _ in
      let build = builds.increment()
      if build == 1 {
        await gate.wait()
        throw Offline()
      }
      return Connection(serial: build)
    }
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let readers = (0..<10).map { _ in Task { try await lazy.valueAsync } }
    #expect(await eventually { builds.value == 1 })
    try await Task.sleep(nanoseconds: 20_000_000)  // let the readers join the read
    gate.open()
    var failures = 0
    for reader in readers {
      do {
        _ = try await reader.value
      } catch let error as InjectionError {
        guard case .factoryFailed = error else { throw error }
        failures += 1
      }
    }
    #expect(failures >= 1)
    #expect(!lazy.isResolved || builds.value == 2)
    #expect(try await lazy.valueAsync.serial == 2)
    #expect(builds.value == 2)
  }

  @Test(.timeLimit(.minutes(1)), arguments: [Scope.transient, .singleton])
  func aCycleThroughALazyAsyncReadIsReportedNotAHang(scope: Scope) async throws {
    let injector = Injector()
    let lazy = try injector.resolve(Lazy<Connection>.self)
    injector.map(Connection.self, scope: MappingScope(scope)) { _ in
      _ = try await lazy.valueAsync  // the connection needs itself, through the lazy value
      return Connection(serial: 1)
    }
    let error = await Self.injectionError { _ = try await lazy.valueAsync }
    guard case .cycle(let path) = error else {
      Issue.record("expected .cycle, got \(String(describing: error))")
      return
    }
    #expect(path.contains(InjectionKey(Lazy<Connection>.self)))
    #expect(path.contains(InjectionKey(Connection.self)))
    #expect(!lazy.isResolved)
  }

  @Test(.timeLimit(.minutes(1)))
  func aSynchronousReadDuringAnAwaitedReadThrowsInsteadOfBlocking() async throws {
    let injector = Injector()
    let builds = Counter()
    let gate = AsyncGate()
    Self.mapConnection(in: injector, scope: .singleton, builds: builds, gate: gate)
    let lazy = try injector.resolve(Lazy<Connection>.self)
    let reader = Task { try await lazy.valueAsync }
    #expect(await eventually { builds.value == 1 })
    let error = await Self.injectionError { _ = try lazy.value }
    guard case .asyncMapping = error else {
      Issue.record("expected .asyncMapping, got \(String(describing: error))")
      return
    }
    gate.open()
    #expect(try await reader.value === lazy.value)
  }
}
