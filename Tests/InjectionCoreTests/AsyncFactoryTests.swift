import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// A global actor other than the main actor, for services isolated to it.
@globalActor actor StorageActor {
  static let shared = StorageActor()
}

extension AsyncFactoryTests {
  /// A service isolated to ``StorageActor``.
  @StorageActor final class Store: Sendable {
    let opened: Int
    init(opened: Int) { self.opened = opened }
    func count() -> Int { opened }
  }

  /// A service that starts asynchronously.
  final class Database: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
  }

  /// A repository with an `@Injected` dependency, built by an async factory.
  final class Repository: Sendable, InjectionCompletable {
    let value = Injected<Database>()
    let completedWithDatabase = Mutex<Int?>(nil)
    func injectionDidComplete() {
      let serial = value.value.serial
      completedWithDatabase.withLock { $0 = serial }
    }
  }

  /// Reads an async singleton synchronously, once it is prepared.
  final class Report: Injectable {
    @Injected var database: Database
    init() {}
  }

  /// Maps an async singleton whose build waits for `gate`.
  final class GatedDatabaseModule: InjectionModule {
    let gate: AsyncGate
    init(gate: AsyncGate) { self.gate = gate }

    func configure(_ mappings: ModuleMappings) {
      mappings.map(Database.self, scope: .singleton) { [gate] _ in
        await gate.wait()
        return Database(serial: 7)
      }
    }
  }
}

@Suite("Async factories")
struct AsyncFactoryTests {
  @Test func anAsyncTransientIsBuiltForEachResolutionWithAwait() async throws {
    let injector = Injector()
    let serials = Atomic<Int>(0)
    injector.map(Database.self) { _ in
      await Task.yield()
      return Database(serial: serials.add(1, ordering: .relaxed).newValue)
    }
    let first = try await injector.resolveAsync(Database.self)
    let second: Database = try await injector.resolveAsync()
    #expect(first.serial == 1)
    #expect(second.serial == 2)
    #expect(injector.snapshot().mapping(for: InjectionKey(Database.self))?.recipe == .asyncFactory)
  }

  @Test func aThousandTasksAskingForAnAsyncSingletonAtOnceGetOneInstanceFromOneBuild() async throws
  {
    let injector = Injector()
    let builds = Atomic<Int>(0)
    injector.map(Database.self, scope: .singleton) { _ in
      let serial = builds.add(1, ordering: .relaxed).newValue
      try await Task.sleep(nanoseconds: 20_000_000)
      return Database(serial: serial)
    }
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<1_000 {
        group.addTask { ObjectIdentifier(try await injector.resolveAsync(Database.self)) }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
    #expect(builds.load(ordering: .relaxed) == 1)
  }

  @Test(.timeLimit(.minutes(1))) func waitingTasksDoNotBlockTheThreadsTheBuildNeeds() async throws {
    // More waiters than the cooperative pool has threads: if waiting blocked a thread, the task
    // that opens the gate (and the build itself) could never run.
    let injector = Injector()
    let gate = AsyncGate()
    let started = Atomic<Bool>(false)
    injector.map(Database.self, scope: .singleton) { _ in
      started.store(true, ordering: .relaxed)
      await gate.wait()
      return Database(serial: 1)
    }
    let waiters = (0..<64).map { _ in
      Task { try await injector.resolveAsync(Database.self).serial }
    }
    #expect(await eventually { started.load(ordering: .relaxed) })
    let opener = Task {
      for _ in 0..<100 { await Task.yield() }
      gate.open()
    }
    await opener.value
    for waiter in waiters { #expect(try await waiter.value == 1) }
  }

  @Test(.timeLimit(.minutes(1))) func cancellingOneWaiterLeavesTheBuildToTheOthers() async throws {
    let injector = Injector()
    let gate = AsyncGate()
    let builds = Atomic<Int>(0)
    injector.map(Database.self, scope: .singleton) { _ in
      builds.add(1, ordering: .relaxed)
      await gate.wait()
      return Database(serial: 3)
    }
    let cancelled = Task { try await injector.resolveAsync(Database.self) }
    let patient = Task { try await injector.resolveAsync(Database.self) }
    #expect(await eventually { builds.load(ordering: .relaxed) == 1 })
    cancelled.cancel()
    await #expect(throws: InjectionError.self) { try await cancelled.value }
    do {
      _ = try await cancelled.value
    } catch {
      guard case .cancelled(let key) = error as? InjectionError else {
        Issue.record("expected .cancelled, got \(error)")
        return
      }
      #expect(key == InjectionKey(Database.self))
    }
    gate.open()
    #expect(try await patient.value.serial == 3)
    #expect(try await injector.resolveAsync(Database.self).serial == 3)
    #expect(builds.load(ordering: .relaxed) == 1)
  }

  @Test(.timeLimit(.minutes(1))) func aTaskCancelledBeforeItWaitsIsNotLeftWaiting() async throws {
    let injector = Injector()
    let gate = AsyncGate()
    injector.map(Database.self, scope: .singleton) { _ in
      await gate.wait()
      return Database(serial: 1)
    }
    let first = Task { try await injector.resolveAsync(Database.self) }
    let late = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await injector.resolveAsync(Database.self)
    }
    await #expect(throws: InjectionError.self) { try await late.value }
    gate.open()
    _ = try await first.value
  }

  @Test func aFailedBuildReachesEveryWaiterAndTheNextResolutionBuildsAgain() async throws {
    struct Offline: Error {}
    let injector = Injector()
    let gate = AsyncGate()
    let builds = Atomic<Int>(0)
    injector.map(Database.self, scope: .singleton) { _ in
      let build = builds.add(1, ordering: .relaxed).newValue
      if build == 1 {
        await gate.wait()
        throw Offline()
      }
      return Database(serial: build)
    }
    let waiters = (0..<20).map { _ in Task { try await injector.resolveAsync(Database.self) } }
    #expect(await eventually { builds.load(ordering: .relaxed) == 1 })
    gate.open()
    for waiter in waiters {
      do {
        _ = try await waiter.value
        Issue.record("a waiter got a value from a failed build")
      } catch {
        guard case .factoryFailed(let key, _, let underlying) = error as? InjectionError else {
          Issue.record("expected .factoryFailed, got \(error)")
          continue
        }
        #expect(key == InjectionKey(Database.self))
        #expect(underlying is Offline)
      }
    }
    #expect(try await injector.resolveAsync(Database.self).serial == 2)
    #expect(try await injector.resolveAsync(Database.self).serial == 2)
  }

  @Test(.timeLimit(.minutes(1)))
  func aFactoryThatNeverReturnsLeavesWaitersCancellableAndTheInjectorUsable() async throws {
    let injector = Injector()
    injector.map(Database.self, scope: .singleton) { _ in
      try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // an hour: never, for this test
      return Database(serial: 0)
    }
    injector.map(Int.self, to: 42)
    let waiters = (0..<8).map { _ in Task { try await injector.resolveAsync(Database.self) } }
    try await Task.sleep(nanoseconds: 20_000_000)
    for waiter in waiters { waiter.cancel() }
    for waiter in waiters {
      await #expect(throws: InjectionError.self) { try await waiter.value }
    }
    #expect(try injector.resolve(Int.self) == 42)
    #expect(try await injector.resolveAsync(Int.self) == 42)
    #expect(throws: InjectionError.self) { try injector.resolve(Database.self) }
  }

  @Test func aSynchronousResolutionOfAnAsyncMappingThrowsATypedErrorThatSaysToAwaitIt() throws {
    let injector = Injector()
    injector.map(Database.self, scope: .singleton) { _ in
      await Task.yield()
      return Database(serial: 1)
    }
    do {
      _ = try injector.resolve(Database.self)
      Issue.record("resolved an async mapping synchronously")
    } catch {
      guard case .asyncMapping(let key, let path) = error else {
        Issue.record("expected .asyncMapping, got \(error)")
        return
      }
      #expect(key == InjectionKey(Database.self))
      #expect(path == [InjectionKey(Database.self)])
      #expect(
        error.description.contains(
          "try await injector.resolveAsync(AsyncFactoryTests.Database.self)"))
      #expect(error.description.contains("try await injector.prepare()"))
    }
  }

  @Test func aSynchronousFactoryThatNeedsAnUnbuiltAsyncMappingNamesThePath() throws {
    let injector = Injector()
    injector.map(Database.self, scope: .singleton) { _ in Database(serial: await Self.one()) }
    injector.map(Report.self) { _ in Report() }
    #expect {
      try injector.resolve(Report.self)
    } throws: { error in
      guard case .asyncMapping(_, let path) = error as? InjectionError else { return false }
      return path == [InjectionKey(Report.self), InjectionKey(Database.self)]
    }
  }

  static func one() async -> Int { 1 }

  @Test func preparedAsyncEagerSingletonsResolveSynchronouslyAndThroughInjected() async throws {
    let injector = Injector()
    let builds = Atomic<Int>(0)
    injector.map(Database.self, scope: .eagerSingleton) { _ in
      await Task.yield()
      return Database(serial: builds.add(1, ordering: .relaxed).newValue)
    }
    #expect(builds.load(ordering: .relaxed) == 0)  // mapping does not block to build it
    #expect(injector.snapshot().mapping(for: InjectionKey(Database.self))?.isBuilt == false)
    try await injector.prepare()
    #expect(builds.load(ordering: .relaxed) == 1)
    #expect(try injector.resolve(Database.self).serial == 1)
    let report = try injector.resolve(Report.self)
    #expect(report.database.serial == 1)
    try await injector.prepare()  // nothing left to build
    #expect(builds.load(ordering: .relaxed) == 1)
  }

  @Test func prepareWithKeysBuildsTheListedSingletonsInTheInjectorsThatOwnThem() async throws {
    let parent = Injector(label: "app")
    parent.map(Database.self, scope: .singleton) { _ in
      await Task.yield()
      return Database(serial: 5)
    }
    let child = parent.makeChild(label: "screen")
    try await child.prepare(InjectionKey(Database.self))
    #expect(try parent.resolve(Database.self).serial == 5)
    #expect(try child.resolve(Database.self) === parent.resolve(Database.self))
    await #expect(throws: InjectionError.self) {
      try await child.prepare(InjectionKey(String.self))
    }
  }

  @Test func prepareThrowsTheErrorOfAFailedBuildAndALaterPrepareBuildsAgain() async throws {
    struct Offline: Error {}
    let injector = Injector()
    let attempts = Atomic<Int>(0)
    injector.map(Database.self, scope: .eagerSingleton) { _ in
      await Task.yield()
      if attempts.add(1, ordering: .relaxed).newValue == 1 { throw Offline() }
      return Database(serial: 2)
    }
    await #expect(throws: InjectionError.self) { try await injector.prepare() }
    try await injector.prepare()
    #expect(try injector.resolve(Database.self).serial == 2)
  }

  @Test(.timeLimit(.minutes(1))) func anAsyncSingletonThatResolvesItselfIsACycleNotADeadlock()
    async throws
  {
    let injector = Injector()
    injector.map(Database.self, scope: .singleton) { injector in
      let other = try await injector.resolveAsync(Database.self)
      return Database(serial: other.serial + 1)
    }
    await #expect {
      try await injector.resolveAsync(Database.self)
    } throws: { error in
      guard case .cycle(let path) = error as? InjectionError else { return false }
      return path == [InjectionKey(Database.self), InjectionKey(Database.self)]
    }
  }

  @Test(.timeLimit(.minutes(1))) func aCycleThroughTwoAsyncMappingsNamesThePath() async throws {
    let injector = Injector()
    injector.map(Database.self) { injector in
      _ = try await injector.resolveAsync(String.self)
      return Database(serial: 0)
    }
    injector.map(String.self, scope: .singleton) { injector in
      _ = try await injector.resolveAsync(Database.self)
      return "report"
    }
    await #expect {
      try await injector.resolveAsync(String.self)
    } throws: { error in
      guard case .cycle(let path) = error as? InjectionError else { return false }
      return path == [
        InjectionKey(String.self), InjectionKey(Database.self), InjectionKey(String.self),
      ]
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func twoAsyncSingletonsThatNeedEachOtherStartedByTwoTasksFailWithACycleNotADeadlock()
    async throws
  {
    let injector = Injector()
    let gate = AsyncGate()
    let started = Atomic<Int>(0)
    injector.map(Database.self, scope: .singleton) { injector in
      started.add(1, ordering: .relaxed)
      await gate.wait()
      _ = try await injector.resolveAsync(String.self)
      return Database(serial: 1)
    }
    injector.map(String.self, scope: .singleton) { injector in
      started.add(1, ordering: .relaxed)
      await gate.wait()
      return "\(try await injector.resolveAsync(Database.self).serial)"
    }
    let database = Task { try await injector.resolveAsync(Database.self) }
    let string = Task { try await injector.resolveAsync(String.self) }
    #expect(await eventually { started.load(ordering: .relaxed) == 2 })
    gate.open()
    for outcome in [await database.result.map { _ in () }, await string.result.map { _ in () }] {
      guard case .failure(let error) = outcome, case .cycle(let path)? = error as? InjectionError
      else {
        Issue.record("expected a cycle, got \(outcome)")
        continue
      }
      #expect(Set(path) == [InjectionKey(Database.self), InjectionKey(String.self)])
      #expect(path.first == path.last)
    }
  }

  @Test func anAsyncValueGetsItsInjectedPropertiesFromTheBuildingInjectorBeforeItsHook()
    async throws
  {
    let injector = Injector()
    injector.map(Database.self, scope: .singleton) { _ in
      await Task.yield()
      return Database(serial: 9)
    }
    injector.map(Repository.self, scope: .singleton) { _ in
      await Task.yield()
      return Repository()
    }
    let repository = try await injector.resolveAsync(Repository.self)
    #expect(repository.completedWithDatabase.withLock { $0 } == 9)
    #expect(repository.value.isResolved)
  }

  @Test(.timeLimit(.minutes(1)))
  func removingTheModuleOfAnAsyncSingletonWhileItIsBuiltHandsTheWaitersItsValue()
    async throws
  {
    let injector = Injector()
    let gate = AsyncGate()
    let module = GatedDatabaseModule(gate: gate)
    try injector.addModule(module)
    let waiter = Task { try await injector.resolveAsync(Database.self) }
    try await Task.sleep(nanoseconds: 10_000_000)
    injector.removeModule(GatedDatabaseModule.self)
    gate.open()
    #expect(try await waiter.value.serial == 7)
    await #expect(throws: InjectionError.self) { try await injector.resolveAsync(Database.self) }
  }

  @Test func aChildInjectorSharesItsParentsAsyncSingletonAndOverridesTransients() async throws {
    let parent = Injector(label: "app")
    let builds = Atomic<Int>(0)
    parent.map(Database.self, scope: .singleton) { _ in
      await Task.yield()
      return Database(serial: builds.add(1, ordering: .relaxed).newValue)
    }
    parent.map(Int.self, to: 1)
    parent.map(String.self) { injector in
      await Task.yield()
      return "\(try injector.resolve(Int.self))"
    }
    let child = parent.makeChild(label: "screen")
    child.map(Int.self, to: 2)
    let fromChild = try await child.resolveAsync(Database.self)
    let fromParent = try await parent.resolveAsync(Database.self)
    #expect(fromChild === fromParent)
    #expect(builds.load(ordering: .relaxed) == 1)
    #expect(try await child.resolveAsync(String.self) == "2")
    #expect(try await parent.resolveAsync(String.self) == "1")
  }

  @Test func anAsyncGraphValueIsSharedWithinOneResolutionAndNewForTheNext() async throws {
    final class Pair: Sendable {
      let first: Database
      let second: Database
      init(_ first: Database, _ second: Database) {
        self.first = first
        self.second = second
      }
    }
    let injector = Injector()
    let serials = Atomic<Int>(0)
    injector.map(Database.self, scope: .graph) { _ in
      await Task.yield()
      return Database(serial: serials.add(1, ordering: .relaxed).newValue)
    }
    injector.map(Pair.self) { injector in
      Pair(
        try await injector.resolveAsync(Database.self),
        try await injector.resolveAsync(Database.self))
    }
    let one = try await injector.resolveAsync(Pair.self)
    let two = try await injector.resolveAsync(Pair.self)
    #expect(one.first === one.second)
    #expect(two.first === two.second)
    #expect(one.first !== two.first)
  }

  @Test func anAsyncWeakValueIsSharedWhileSomeoneKeepsIt() async throws {
    let injector = Injector()
    let serials = Atomic<Int>(0)
    injector.map(Database.self, scope: .weak) { _ in
      await Task.yield()
      return Database(serial: serials.add(1, ordering: .relaxed).newValue)
    }
    let kept = try await injector.resolveAsync(Database.self)
    #expect(try await injector.resolveAsync(Database.self) === kept)
    #expect(try injector.resolve(Database.self) === kept)
    withExtendedLifetime(kept) {}
  }

  @Test func aServiceOfAnotherGlobalActorIsBuiltOnItsActorThroughAnAsyncFactory() async throws {
    let injector = Injector()
    injector.map(Store.self, scope: .singleton) { @StorageActor _ async in Store(opened: 2) }
    #expect(throws: InjectionError.self) { try injector.resolve(Store.self) }
    let store = try await injector.resolveAsync(Store.self)
    #expect(await store.count() == 2)
    #expect(try injector.resolve(Store.self) === store)
  }

  @Test func resolveAsyncServesSynchronousMappingsOptionalsAndAutoCreatedTypes() async throws {
    let injector = Injector()
    injector.map(Int.self, to: 3)
    #expect(try await injector.resolveAsync(Int.self) == 3)
    let missing: Database? = try await injector.resolveAsync()
    #expect(missing == nil)
    await #expect(throws: InjectionError.self) { try await injector.resolveAsync(Database.self) }
  }

  @Test func asyncResolutionsAreObserved() async throws {
    let injector = Injector()
    injector.map(Database.self, scope: .singleton) { _ in
      await Task.yield()
      return Database(serial: 1)
    }
    let events = Mutex<[String]>([])
    let observation = injector.observeResolutions { event in
      switch event.phase {
      case .started: events.withLock { $0.append("started") }
      case .ended(.built): events.withLock { $0.append("built") }
      case .ended(.cached): events.withLock { $0.append("cached") }
      case .ended(.failed): events.withLock { $0.append("failed") }
      case .disposed: events.withLock { $0.append("disposed") }
      }
    }
    _ = try await injector.resolveAsync(Database.self)
    _ = try await injector.resolveAsync(Database.self)
    withExtendedLifetime(observation) {}
    #expect(events.withLock { $0 } == ["started", "built", "started", "cached"])
  }
}
