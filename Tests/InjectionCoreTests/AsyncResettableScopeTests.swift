import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// The scope of a signed-in session, for these tests.
private enum SessionScope: ResettableScope {}

/// A session, with a serial number to tell two apart, that counts its disposals.
private final class Session: InjectionDisposable, Sendable {
  let serial: Int
  let disposals: Counter

  init(serial: Int, disposals: Counter) {
    self.serial = serial
    self.disposals = disposals
  }

  func dispose() { disposals.increment() }
}

/// A session disposed with `await`, which records the serials disposed.
private final class AsyncSession: AsyncInjectionDisposable, Sendable {
  let serial: Int
  let disposed: Locked<[Int]>

  init(serial: Int, disposed: Locked<[Int]>) {
    self.serial = serial
    self.disposed = disposed
  }

  func dispose() async { disposed.withLock { $0.append(serial) } }
}

/// A main-actor session, with a serial number and a count of its disposals.
@MainActor private final class MainActorSession: InjectionDisposable {
  let serial: Int
  nonisolated let disposals: Counter

  init(serial: Int, disposals: Counter) {
    self.serial = serial
    self.disposals = disposals
  }

  nonisolated func dispose() { disposals.increment() }
}

/// `async` and `mainActor:` factories mapped, and contributions made, in a resettable scope.
@Suite struct AsyncResettableScopeTests {
  @MainActor @Test func aMainActorFactorysValueIsCachedInTheScopeUntilItIsReset() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    injector.map(MainActorSession.self, scope: .resettable(SessionScope.self)) { @MainActor _ in
      MainActorSession(serial: builds.increment(), disposals: disposals)
    }

    let first = try injector.resolve(MainActorSession.self)
    #expect(try injector.resolve(MainActorSession.self) === first)
    #expect(builds.value == 1)

    #expect(injector.reset(SessionScope.self) == 1)
    #expect(disposals.value == 1)
    let next = try injector.resolve(MainActorSession.self)

    #expect(next !== first)
    #expect(next.serial == 2)
    #expect(try injector.resolve(MainActorSession.self) === next)
    #expect(disposals.value == 1)
  }

  @Test func aMainActorFactorysCachedValueIsResolvedWithAwaitFromAnyTaskUntilTheReset()
    async throws
  {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    injector.map(MainActorSession.self, scope: .resettable(SessionScope.self)) { @MainActor _ in
      MainActorSession(serial: builds.increment(), disposals: disposals)
    }

    let first = try await injector.resolveAsync(MainActorSession.self)
    #expect(try await injector.resolveAsync(MainActorSession.self) === first)
    injector.reset(SessionScope.self)
    let next = try await injector.resolveAsync(MainActorSession.self)

    #expect(next !== first)
    #expect(builds.value == 2)
    #expect(disposals.value == 1)
  }

  @MainActor @Test func aMainActorValueThatAResetOvertookGoesToItsCallerButIsNotKept() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    injector.map(MainActorSession.self, scope: .resettable(SessionScope.self)) { @MainActor in
      let serial = builds.increment()
      if serial == 1 { $0.reset(SessionScope.self) }  // the reset overtakes this build
      return MainActorSession(serial: serial, disposals: disposals)
    }

    let overtaken = try injector.resolve(MainActorSession.self)
    #expect(overtaken.serial == 1)
    #expect(injector.snapshot().mapping(for: InjectionKey(MainActorSession.self))?.isBuilt == false)
    let next = try injector.resolve(MainActorSession.self)
    #expect(next.serial == 2)
    #expect(try injector.resolve(MainActorSession.self) === next)

    injector.reset(SessionScope.self)
    #expect(disposals.value == 1)  // the kept value only; the overtaken one is its caller's
  }

  @Test func anAsyncFactorysValueIsCachedInTheScopeUntilItIsReset() async throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
      await Task.yield()
      return Session(serial: builds.increment(), disposals: disposals)
    }

    let first = try await injector.resolveAsync(Session.self)
    #expect(try await injector.resolveAsync(Session.self) === first)
    #expect(try injector.resolve(Session.self) === first)  // cached: found without `await`
    #expect(builds.value == 1)

    #expect(injector.reset(SessionScope.self) == 1)
    #expect(disposals.value == 1)
    #expect(throws: InjectionError.self) { try injector.resolve(Session.self) }
    let next = try await injector.resolveAsync(Session.self)

    #expect(next !== first)
    #expect(next.serial == 2)
    #expect(try await injector.resolveAsync(Session.self) === next)
    #expect(disposals.value == 1)
  }

  @Test func anAsyncValueDisposedWithAwaitIsDisposedAfterTheReset() async throws {
    let injector = Injector(label: "app")
    let disposed = Locked<[Int]>([])
    let builds = Counter()
    injector.map(AsyncSession.self, scope: .resettable(SessionScope.self)) { _ in
      await Task.yield()
      return AsyncSession(serial: builds.increment(), disposed: disposed)
    }
    _ = try await injector.resolveAsync(AsyncSession.self)

    injector.reset(SessionScope.self)
    try await injector.disposeReleasedValues()

    #expect(disposed.withLock { $0 } == [1])
  }

  @Test func anAsyncBuildThatAResetOvertookGoesOnlyToItsCallerAndLaterResolutionsBuildAnew()
    async throws
  {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    let started = AsyncGate()
    let resume = AsyncGate()
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
      let serial = builds.increment()
      if serial == 1 {
        started.open()
        await resume.wait()
      }
      return Session(serial: serial, disposals: disposals)
    }

    let overtaken = Task { try await injector.resolveAsync(Session.self) }
    await started.wait()
    injector.reset(SessionScope.self)
    // Asked after the reset: it does not join the build the reset overtook.
    let next = try await injector.resolveAsync(Session.self)
    #expect(next.serial == 2)
    resume.open()
    let old = try await overtaken.value

    #expect(old.serial == 1)
    #expect(try await injector.resolveAsync(Session.self) === next)
    #expect(builds.value == 2)
    injector.reset(SessionScope.self)
    #expect(disposals.value == 1)  // the kept value only; the overtaken one is its caller's
  }

  @Test func aContributionIsCachedInTheScopeUntilItIsResetWhichDisposesIt() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    injector.contribute(Session.self, scope: .resettable(SessionScope.self)) { _ in
      Session(serial: builds.increment(), disposals: disposals)
    }

    let first = try #require(try injector.resolveAll(Session.self).first)
    #expect(try injector.resolveAll(Session.self).first === first)
    #expect(builds.value == 1)

    #expect(injector.reset(SessionScope.self) == 1)
    #expect(disposals.value == 1)
    let next = try #require(try injector.resolveAll(Session.self).first)

    #expect(next.serial == 2)
    #expect(try injector.resolveAll(Session.self).first === next)
    #expect(disposals.value == 1)
  }

  @Test func aKeyedContributionIsCachedInTheScopeUntilItIsResetWhichDisposesIt() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    injector.contribute(Session.self, forKey: "main", scope: .resettable(SessionScope.self)) {
      _ in Session(serial: builds.increment(), disposals: disposals)
    }

    let first = try #require(try injector.resolve(Session.self, forKey: "main"))
    #expect(try injector.resolve(Session.self, forKey: "main") === first)

    #expect(injector.reset(SessionScope.self) == 1)
    #expect(disposals.value == 1)
    let next = try #require(try injector.resolve(Session.self, forKey: "main"))

    #expect(next.serial == 2)
    #expect(try injector.resolveAll(Session.self, keyedBy: String.self)["main"] === next)
    #expect(builds.value == 2)
  }

  @Test func aContributionThatAResetOvertookGoesToItsCallerButIsNotKept() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let disposals = Counter()
    injector.contribute(Session.self, scope: .resettable(SessionScope.self)) {
      let serial = builds.increment()
      if serial == 1 { $0.reset(SessionScope.self) }  // the reset overtakes this build
      return Session(serial: serial, disposals: disposals)
    }

    #expect(try injector.resolveAll(Session.self).map(\.serial) == [1])
    let next = try #require(try injector.resolveAll(Session.self).first)
    #expect(next.serial == 2)
    #expect(try injector.resolveAll(Session.self).first === next)

    injector.reset(SessionScope.self)
    #expect(disposals.value == 1)  // the kept value only; the overtaken one is its caller's
  }
}
