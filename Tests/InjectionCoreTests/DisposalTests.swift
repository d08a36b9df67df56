import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// The names of the values disposed, in the order they were disposed.
private final class DisposalLog: Sendable {
  private let names = Mutex<[String]>([])

  func record(_ name: String) { names.withLock { $0.append(name) } }

  var all: [String] { names.withLock { $0 } }
}

/// What a failing disposal throws.
private struct DisposeFailed: Error, Equatable {
  let name: String
}

/// A value with a synchronous disposal that records its name (and throws, if asked).
private final class Resource: InjectionDisposable, Sendable {
  let name: String
  let log: DisposalLog
  let fails: Bool

  init(_ name: String, log: DisposalLog, fails: Bool = false) {
    self.name = name
    self.log = log
    self.fails = fails
  }

  func dispose() throws {
    log.record(name)
    if fails { throw DisposeFailed(name: name) }
  }
}

/// A value with an asynchronous disposal that records its name; it may take its time.
private final class AsyncResource: AsyncInjectionDisposable, Sendable {
  let name: String
  let log: DisposalLog
  let delay: Duration?

  init(_ name: String, log: DisposalLog, delay: Duration? = nil) {
    self.name = name
    self.log = log
    self.delay = delay
  }

  func dispose() async throws {
    if let delay { try await Task.sleep(for: delay) }
    log.record(name)
  }
}

/// A main-actor service, disposed on its actor.
@MainActor private final class Window: AsyncInjectionDisposable {
  let log: DisposalLog
  /// Main-actor state, which only code on the main actor can set.
  var isClosed = false
  init(log: DisposalLog) { self.log = log }

  func dispose() async throws {
    MainActor.preconditionIsolated()
    isClosed = true
    log.record("window")
  }
}

/// A protocol key whose values may or may not be disposable.
private protocol Store: Sendable {}
extension Resource: Store {}

/// A value that cannot be disposed.
private final class Plain: Sendable {}

/// A type the injector creates without a mapping.
private final class Gauge: Injectable {
  init() {}
}

/// The three links of a chain: `Top` is built with `Middle`, which is built with `Bottom`.
private final class Link: InjectionDisposable, Sendable {
  let name: String
  let next: Link?
  let log: DisposalLog

  init(_ name: String, next: Link?, log: DisposalLog) {
    self.name = name
    self.next = next
    self.log = log
  }

  func dispose() throws { log.record(name) }
}

private enum RequestScope: ResettableScope {}

/// A module with one disposable singleton, whose `unload` is recorded in the same log.
private final class StorageModule: InjectionModule {
  let log: DisposalLog
  let name: String

  init(log: DisposalLog, name: String = "module storage") {
    self.log = log
    self.name = name
  }

  func configure(_ mappings: ModuleMappings) {
    let (log, name) = (log, name)
    mappings.map(Resource.self, named: "storage", scope: .singleton) { _ in Resource(name, log: log)
    }
  }

  func unload(from injector: Injector) { log.record("unload") }
}

@Suite("Lifetimes that end: owned values are disposed")
struct DisposalTests {
  @Test func shutdownDisposesABuiltSingletonAndNotAnUnbuiltOne() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, named: "built", scope: .singleton) { _ in
      Resource("built", log: log)
    }
    injector.map(Resource.self, named: "unbuilt", scope: .singleton) { _ in
      Resource("unbuilt", log: log)
    }
    _ = try injector.resolve(Resource.self, named: "built")

    try await injector.shutdown()

    #expect(log.all == ["built"])
  }

  @Test func aChainOfThreeIsDisposedInReverseOrderOfCreation() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Link.self, named: "bottom", scope: .singleton) { _ in
      Link("bottom", next: nil, log: log)
    }
    injector.map(Link.self, named: "middle", scope: .singleton) {
      Link("middle", next: try $0.resolve(Link.self, named: "bottom"), log: log)
    }
    injector.map(Link.self, named: "top", scope: .singleton) {
      Link("top", next: try $0.resolve(Link.self, named: "middle"), log: log)
    }
    _ = try injector.resolve(Link.self, named: "top")

    try await injector.shutdown()

    #expect(log.all == ["top", "middle", "bottom"])
  }

  @Test func everyCachedScopeIsOwnedEagerAsyncResettableAndContributed() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, named: "eager", scope: .eagerSingleton) { _ in
      Resource("eager", log: log)
    }
    injector.map(AsyncResource.self, scope: .singleton) { _ in
      await Task.yield()
      return AsyncResource("async", log: log)
    }
    injector.map(Resource.self, named: "request", scope: .resettable(RequestScope.self)) { _ in
      Resource("request", log: log)
    }
    injector.contribute((any Store).self, scope: .singleton) { _ in
      Resource("contributed", log: log)
    }
    _ = try await injector.resolveAsync(AsyncResource.self)
    _ = try injector.resolve(Resource.self, named: "request")
    _ = try injector.resolveAll((any Store).self)

    try await injector.shutdown()

    #expect(log.all == ["contributed", "request", "async", "eager"])
  }

  @Test func instancesTransientsWeakAndGraphValuesAreNotOwned() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    let mapped = Resource("instance", log: log)
    injector.map(Resource.self, named: "instance", to: mapped)
    injector.map(Resource.self, named: "transient") { _ in Resource("transient", log: log) }
    injector.map(Resource.self, named: "weak", scope: .weak) { _ in Resource("weak", log: log) }
    injector.map(Resource.self, named: "graph", scope: .graph) { _ in Resource("graph", log: log) }
    let kept = try ["instance", "transient", "weak", "graph"].map {
      try injector.resolve(Resource.self, named: $0)
    }

    try await injector.shutdown()

    #expect(log.all.isEmpty)
    withExtendedLifetime(kept) {}
  }

  @Test func aValueMappedUnderAProtocolKeyIsCheckedByItsDynamicType() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map((any Store).self, scope: .singleton) { _ in Resource("store", log: log) }
    injector.map(Plain.self, scope: .singleton) { _ in Plain() }
    _ = try injector.resolve((any Store).self)
    _ = try injector.resolve(Plain.self)

    try await injector.shutdown()

    #expect(log.all == ["store"])
  }

  @Test func removingAModuleDisposesItsValuesAfterItsUnload() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, scope: .singleton) { _ in Resource("direct", log: log) }
    let module = StorageModule(log: log)
    try injector.addModule(module)
    _ = try injector.resolve(Resource.self, named: "storage")
    _ = try injector.resolve(Resource.self)

    #expect(injector.removeModule(module))

    #expect(log.all == ["unload", "module storage"])
  }

  @Test func replacingAModuleDisposesTheOldModulesValues() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    let old = StorageModule(log: log, name: "old storage")
    try injector.addModule(old)
    _ = try injector.resolve(Resource.self, named: "storage")

    try injector.replaceModule(old, with: StorageModule(log: log, name: "new storage"))
    _ = try injector.resolve(Resource.self, named: "storage")

    #expect(log.all == ["unload", "old storage"])
  }

  @Test func unmappingOrRemappingABuiltSingletonDisposesIt() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, scope: .singleton) { _ in Resource("first", log: log) }
    _ = try injector.resolve(Resource.self)
    injector.map(Resource.self, scope: .singleton) { _ in Resource("second", log: log) }
    #expect(log.all == ["first"])
    _ = try injector.resolve(Resource.self)

    injector.unmap(Resource.self)

    #expect(log.all == ["first", "second"])
  }

  @Test func resetDisposesTheValuesItDropsLatestFirst() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, named: "session", scope: .resettable(RequestScope.self)) { _ in
      Resource("session", log: log)
    }
    injector.map(Link.self, scope: .resettable(RequestScope.self)) {
      _ = try $0.resolve(Resource.self, named: "session")
      return Link("cart", next: nil, log: log)
    }
    _ = try injector.resolve(Link.self)

    let dropped = injector.reset(RequestScope.self)

    #expect(dropped == 2)
    #expect(log.all == ["cart", "session"])
  }

  @Test func asyncValuesReleasedBySynchronousEventsWaitForDisposeReleasedValues() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(AsyncResource.self, scope: .resettable(RequestScope.self)) { _ in
      AsyncResource("request", log: log)
    }
    _ = try await injector.resolveAsync(AsyncResource.self)

    injector.reset(RequestScope.self)
    #expect(log.all.isEmpty)
    try await injector.disposeReleasedValues()

    #expect(log.all == ["request"])
  }

  @Test func everyFailureIsReportedAtOnceAfterEveryValueWasDisposed() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    for (name, fails) in [("a", true), ("b", false), ("c", true)] {
      injector.map(Resource.self, named: name, scope: .singleton) { _ in
        Resource(name, log: log, fails: fails)
      }
      _ = try injector.resolve(Resource.self, named: name)
    }

    let error = await #expect(throws: DisposalError.self) { try await injector.shutdown() }

    #expect(log.all == ["c", "b", "a"])
    #expect(error?.injector == "app")
    #expect(
      error?.failures.map(\.key) == [
        InjectionKey(Resource.self, named: "c"), InjectionKey(Resource.self, named: "a"),
      ])
    #expect(error?.description.contains("DisposeFailed(name: \"c\")") == true)
  }

  @Test func aFailureOfASynchronousEventIsReportedLater() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, scope: .singleton) { _ in Resource("failing", log: log, fails: true)
    }
    _ = try injector.resolve(Resource.self)
    injector.unmap(Resource.self)
    #expect(log.all == ["failing"])

    let error = await #expect(throws: DisposalError.self) {
      try await injector.disposeReleasedValues()
    }

    #expect(error?.failures.map(\.key) == [InjectionKey(Resource.self)])
    await #expect(throws: Never.self) { try await injector.disposeReleasedValues() }
  }

  @Test func anAsyncDisposalThatTakesTooLongTimesOutAndTheOthersGoOn() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, scope: .singleton) { _ in Resource("quick", log: log) }
    injector.map(AsyncResource.self, scope: .singleton) { _ in
      AsyncResource("slow", log: log, delay: .seconds(60))
    }
    _ = try injector.resolve(Resource.self)
    _ = try await injector.resolveAsync(AsyncResource.self)
    let started = ContinuousClock.now

    let error = await #expect(throws: DisposalError.self) {
      try await injector.shutdown(timeout: .milliseconds(100))
    }

    #expect(ContinuousClock.now - started < .seconds(30))
    #expect(log.all == ["quick"])
    let reason = try #require(error?.failures.first?.reason)
    guard case .timedOut(let after) = reason else {
      Issue.record("expected a timeout, got \(reason)")
      return
    }
    #expect(after == .milliseconds(100))
  }

  @Test func cancellingTheShutdownCancelsTheDisposalUnderWay() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(AsyncResource.self, scope: .singleton) { _ in
      AsyncResource("slow", log: log, delay: .seconds(60))
    }
    _ = try await injector.resolveAsync(AsyncResource.self)

    let shutdown = Task { try await injector.shutdown(timeout: .seconds(120)) }
    while !injector.isShutDown { await Task.yield() }
    shutdown.cancel()
    let result = await shutdown.result

    guard case .failure(let failure) = result, let error = failure as? DisposalError else {
      Issue.record("expected a DisposalError, got \(result)")
      return
    }
    let reason = try #require(error.failures.first?.reason)
    guard case .cancelled = reason else {
      Issue.record("expected a cancellation, got \(reason)")
      return
    }
    #expect(log.all.isEmpty)
  }

  @MainActor
  @Test func aMainActorServiceIsDisposedOnItsActor() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Window.self, scope: .singleton) { @MainActor _ in Window(log: log) }
    let window = try injector.resolve(Window.self)

    // Shut down from a task off the main actor: the disposal hops to it.
    try await Task.detached { try await injector.shutdown() }.value

    #expect(window.isClosed)
    #expect(log.all == ["window"])
  }

  @Test func aShutDownInjectorRefusesResolutionsWithItsLabel() async throws {
    let injector = Injector(label: "app")
    injector.map(Plain.self, scope: .singleton) { _ in Plain() }
    _ = try injector.resolve(Plain.self)

    try await injector.shutdown()

    #expect(injector.isShutDown)
    let mapped = #expect(throws: InjectionError.self) { try injector.resolve(Plain.self) }
    guard case .shutDown(let label, let key)? = mapped else {
      Issue.record("expected shutDown, got \(String(describing: mapped))")
      return
    }
    #expect(label == "app")
    #expect(key == InjectionKey(Plain.self))
    #expect(throws: InjectionError.self) { try injector.resolve(Odometer?.self) }
    #expect(throws: InjectionError.self) { try injector.resolve(Gauge.self) }
    #expect(throws: InjectionError.self) {
      try injector.addModule(StorageModule(log: DisposalLog()))
    }
    injector.map(Plain.self, to: Plain())
    #expect(throws: InjectionError.self) { try injector.resolve(Plain.self) }
  }

  @Test func aChildReachingItsShutDownParentsMappingsGetsTheParentsError() async throws {
    let parent = Injector(label: "parent")
    parent.map(Plain.self, scope: .singleton) { _ in Plain() }
    let child = parent.makeChild(label: "child")

    try await parent.shutdown()

    #expect(!child.isShutDown)
    let error = #expect(throws: InjectionError.self) { try child.resolve(Plain.self) }
    guard case .shutDown(let label, _)? = error else {
      Issue.record("expected shutDown, got \(String(describing: error))")
      return
    }
    #expect(label == "parent")
  }

  @Test func aChildsShutdownNeverTouchesItsParentsValues() async throws {
    let log = DisposalLog()
    let parent = Injector(label: "parent")
    parent.map(Resource.self, named: "parent's", scope: .singleton) { _ in
      Resource("parent's", log: log)
    }
    let child = parent.makeChild(label: "request")
    child.map(Resource.self, named: "child's", scope: .singleton) { _ in
      Resource("child's", log: log)
    }
    _ = try child.resolve(Resource.self, named: "parent's")
    _ = try child.resolve(Resource.self, named: "child's")

    try await child.shutdown()

    #expect(log.all == ["child's"])
    #expect(throws: Never.self) { try parent.resolve(Resource.self, named: "parent's") }
    try await parent.shutdown()
    #expect(log.all == ["child's", "parent's"])
  }

  @Test func theSynchronousShutdownReportsTheAsyncValuesItLeavesOwned() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.map(Resource.self, scope: .singleton) { _ in Resource("sync", log: log) }
    injector.map(AsyncResource.self, scope: .singleton) { _ in AsyncResource("async", log: log) }
    _ = try injector.resolve(Resource.self)
    _ = try await injector.resolveAsync(AsyncResource.self)

    let error = #expect(throws: DisposalError.self) { try injector.shutdownSynchronously() }

    #expect(log.all == ["sync"])
    #expect(error?.failures.map(\.key) == [InjectionKey(AsyncResource.self)])
    try await injector.shutdown()
    #expect(log.all == ["sync", "async"])
  }

  @Test func aBuildUnderWayWhenTheShutdownBeginsIsDisposedAndRefused() async throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")
    let entered = StartGate()
    let proceed = Latch(count: 1)
    injector.map(Resource.self, scope: .singleton) { _ in
      entered.wait()
      _ = proceed.wait(timeout: 30)
      return Resource("late", log: log)
    }
    let outcome = Mutex<Result<Resource, InjectionError>?>(nil)
    let finished = Latch(count: 1)
    Thread {
      let result = Result { () throws(InjectionError) in try injector.resolve(Resource.self) }
      outcome.withLock { $0 = result }
      finished.countDown()
    }.start()
    #expect(entered.open(whenWaiting: 1, timeout: 30))

    try await injector.shutdown()
    proceed.countDown()
    #expect(finished.wait(timeout: 30))

    let result = try #require(outcome.withLock { $0 })
    guard case .failure(.shutDown) = result else {
      Issue.record("expected shutDown, got \(result)")
      return
    }
    #expect(log.all == ["late"])
  }

  @Test func aFailedModuleAddDisposesTheEagerSingletonsItBuilt() throws {
    final class HalfModule: InjectionModule {
      let log: DisposalLog
      init(log: DisposalLog) { self.log = log }
      func configure(_ mappings: ModuleMappings) {
        let log = log
        mappings.map(Resource.self, scope: .eagerSingleton) { _ in Resource("built", log: log) }
        mappings.map(Plain.self, scope: .eagerSingleton) { _ in throw DisposeFailed(name: "plain") }
      }
    }
    let log = DisposalLog()
    let injector = Injector(label: "app")

    #expect(throws: InjectionError.self) { try injector.addModule(HalfModule(log: log)) }

    #expect(log.all == ["built"])
  }

  @Test func shutdownAndResolutionsOnOtherThreadsDisposeEachValueOnce() throws {
    for _ in 0..<50 {
      let builds = Counter()
      let injector = Injector(label: "app")
      let log = DisposalLog()
      for index in 0..<8 {
        injector.map(Resource.self, named: "\(index)", scope: .singleton) { _ in
          builds.increment()
          return Resource("\(index)", log: log)
        }
      }
      let finished = Threads.run(4, timeout: 60) { thread in
        if thread == 0 {
          do {
            try injector.shutdownSynchronously()
          } catch {
            Issue.record("\(error)")
          }
          return
        }
        for index in 0..<8 {
          do {
            _ = try injector.resolve(Resource.self, named: "\(index)")
          } catch {
            guard case .shutDown? = error as? InjectionError else {
              Issue.record("unexpected \(error)")
              return
            }
          }
        }
      }
      #expect(finished)
      let disposed = log.all
      #expect(disposed.count == builds.value, "every built value is disposed")
      #expect(Set(disposed).count == disposed.count, "no value is disposed twice")
    }
  }

  @Test func aResetRacingAModuleRemovalDisposesEachValueOnce() throws {
    final class SessionModule: InjectionModule {
      let log: DisposalLog
      let builds: Counter
      init(log: DisposalLog, builds: Counter) {
        self.log = log
        self.builds = builds
      }
      func configure(_ mappings: ModuleMappings) {
        let (log, builds) = (log, builds)
        mappings.map(Resource.self, scope: .resettable(RequestScope.self)) { _ in
          Resource("session \(builds.increment())", log: log)
        }
      }
    }
    for _ in 0..<50 {
      let log = DisposalLog()
      let builds = Counter()
      let injector = Injector(label: "app")
      let module = SessionModule(log: log, builds: builds)
      try injector.addModule(module)
      _ = try injector.resolve(Resource.self)
      let finished = Threads.run(2, timeout: 60) { thread in
        if thread == 0 {
          injector.removeModule(module)
        } else {
          injector.reset(RequestScope.self)
        }
      }
      #expect(finished)
      try injector.shutdownSynchronously()
      let disposed = log.all
      #expect(disposed == ["session 1"], "the one value is disposed once: \(disposed)")
    }
  }
}

extension DisposalTests {
  /// Shuts its injector down from its own `configure`, as another thread could while it is added.
  private final class ShuttingDownModule: InjectionModule {
    let injector: Injector
    let log: DisposalLog
    init(injector: Injector, log: DisposalLog) {
      self.injector = injector
      self.log = log
    }
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Plain.self, to: Plain())
      try? injector.shutdownSynchronously()
    }
    func unload(from injector: Injector) { log.record("unload") }
  }

  @Test func aModuleAddedWhileItsInjectorShutsDownIsRefusedAndUnloaded() throws {
    let log = DisposalLog()
    let injector = Injector(label: "app")

    let error = #expect(throws: InjectionError.self) {
      try injector.addModule(ShuttingDownModule(injector: injector, log: log))
    }

    guard case .shutDown? = error else {
      Issue.record("expected shutDown, got \(String(describing: error))")
      return
    }
    #expect(log.all == ["unload"])
    #expect(throws: InjectionError.self) { try injector.resolve(Plain.self) }
  }
}

extension DisposalTests {
  @Test func removingContributionsDisposesTheirValuesAndAModulesGoWithIt() throws {
    final class PluginModule: InjectionModule {
      let log: DisposalLog
      init(log: DisposalLog) { self.log = log }
      func configure(_ mappings: ModuleMappings) {
        let log = log
        mappings.contribute((any Store).self, scope: .singleton) { _ in
          Resource("module plugin", log: log)
        }
      }
    }
    let log = DisposalLog()
    let injector = Injector(label: "app")
    injector.contribute((any Store).self, scope: .singleton) { _ in
      Resource("direct plugin", log: log)
    }
    let module = PluginModule(log: log)
    try injector.addModule(module)
    _ = try injector.resolveAll((any Store).self)

    injector.removeModule(module)
    #expect(log.all == ["module plugin"])
    injector.removeContributions(to: (any Store).self)

    #expect(log.all == ["module plugin", "direct plugin"])
  }
}
