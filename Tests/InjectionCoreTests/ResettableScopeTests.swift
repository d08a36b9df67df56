import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// The scope of a signed-in session, for these tests.
private enum SessionScope: ResettableScope {}

/// Another scope, to show that a reset touches only its own.
private enum DocumentScope: ResettableScope {}

/// A session, with a serial number to tell two apart.
private final class Session: Sendable {
  let serial: Int

  init(serial: Int) {
    self.serial = serial
  }
}

/// A cart that belongs to a session.
private final class Cart: Sendable {
  let session: Session

  init(session: Session) {
    self.session = session
  }
}

/// A session-scoped type whose hook records each call.
private final class HookedSession: InjectionCompletable, Sendable {
  let hooks: Counter

  init(hooks: Counter) {
    self.hooks = hooks
  }

  func injectionDidComplete() { hooks.increment() }
}

/// An `Injectable` type mapped in the session scope.
private final class Preferences: Injectable, Sendable {
  init() {}
}

/// A session-scoped value whose `deinit` uses the injector that dropped it.
private final class InjectorUser: Sendable {
  let injector: Injector
  let released: Counter

  init(injector: Injector, released: Counter) {
    self.injector = injector
    self.released = released
  }

  deinit {
    // Takes the injector's mutex: a deinit run while a reset held it would never return.
    if injector.isMapped(InjectorUser.self) { released.increment() }
  }
}

/// A module that maps the session.
private final class SessionModule: InjectionModule {
  let builds = Counter()

  func configure(_ mappings: ModuleMappings) {
    let builds = builds
    mappings.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
      Session(serial: builds.increment())
    }
  }
}

@Suite struct ResettableScopeTests {
  /// An injector whose `Session` is session-scoped and counts its builds.
  private func sessionInjector(label: String = "app") -> (Injector, Counter) {
    let injector = Injector(label: label)
    let builds = Counter()
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
      Session(serial: builds.increment())
    }
    return (injector, builds)
  }

  @Test func valueIsCachedLikeASingletonUntilTheScopeIsReset() throws {
    let (injector, builds) = sessionInjector()

    let first = try injector.resolve(Session.self)
    let again = try injector.resolve(Session.self)
    #expect(first === again)
    #expect(builds.value == 1)

    #expect(injector.reset(SessionScope.self) == 1)
    let next = try injector.resolve(Session.self)

    #expect(next !== first)
    #expect(next.serial == 2)
    #expect(try injector.resolve(Session.self) === next)
  }

  @Test func resetDropsEveryMappingOfTheScopeAndNothingElse() throws {
    let (injector, _) = sessionInjector()
    injector.map(Cart.self, scope: .resettable(SessionScope.self)) {
      Cart(session: try $0.resolve())
    }
    injector.map(Preferences.self, scope: .resettable(DocumentScope.self))
    injector.map((any Engine).self, scope: .singleton) { _ in V8Engine() }
    let cart = try injector.resolve(Cart.self)
    let preferences = try injector.resolve(Preferences.self)
    let engine = try injector.resolve((any Engine).self)

    #expect(injector.reset(SessionScope.self) == 2)

    let newCart = try injector.resolve(Cart.self)
    #expect(newCart !== cart)
    #expect(newCart.session !== cart.session)
    #expect(try injector.resolve(Preferences.self) === preferences)
    #expect(try injector.resolve((any Engine).self) === engine)
  }

  @Test func resettingAScopeThatHoldsNothingDropsNothing() throws {
    let (injector, builds) = sessionInjector()

    #expect(injector.reset(SessionScope.self) == 0)
    #expect(injector.reset(DocumentScope.self) == 0)
    _ = try injector.resolve(Session.self)
    #expect(injector.reset(DocumentScope.self) == 0)
    _ = try injector.resolve(Session.self)
    #expect(builds.value == 1)
  }

  @Test func resetReleasesTheDroppedValue() throws {
    let (injector, _) = sessionInjector()
    var reference = WeakReference<Session>(nil)
    do {
      reference = WeakReference(try injector.resolve(Session.self))
    }
    #expect(reference.object != nil)

    injector.reset(SessionScope.self)

    #expect(reference.object == nil)
  }

  @Test func aDroppedValueIsReleasedAfterTheInjectorsLockSoItsDeinitMayUseTheInjector() throws {
    let injector = Injector(label: "app")
    let released = Counter()
    injector.map(InjectorUser.self, scope: .resettable(SessionScope.self)) {
      InjectorUser(injector: $0, released: released)
    }
    _ = try injector.resolve(InjectorUser.self)

    injector.reset(SessionScope.self)

    #expect(released.value == 1)
  }

  @Test func childSharesTheParentsValueAndTheParentsResetReachesIt() throws {
    let (parent, builds) = sessionInjector(label: "parent")
    let child = parent.makeChild(label: "child")

    let fromChild = try child.resolve(Session.self)
    #expect(try parent.resolve(Session.self) === fromChild)

    #expect(child.reset(SessionScope.self) == 0)  // the child owns no mapping of the scope
    #expect(try child.resolve(Session.self) === fromChild)

    parent.reset(SessionScope.self)
    #expect(try child.resolve(Session.self) !== fromChild)
    #expect(builds.value == 2)
  }

  @Test func aChildsOwnMappingOfTheScopeIsResetOnlyWithTheChild() throws {
    let (parent, _) = sessionInjector(label: "parent")
    let child = parent.makeChild(label: "child")
    child.map(Session.self, scope: .resettable(SessionScope.self)) { _ in Session(serial: 100) }
    let childSession = try child.resolve(Session.self)
    let parentSession = try parent.resolve(Session.self)

    parent.reset(SessionScope.self)
    #expect(try child.resolve(Session.self) === childSession)
    #expect(try parent.resolve(Session.self) !== parentSession)

    child.reset(SessionScope.self)
    #expect(try child.resolve(Session.self) !== childSession)
  }

  @Test func aShadowedMappingsValueIsResetToo() throws {
    let (injector, builds) = sessionInjector()
    let first = try injector.resolve(Session.self)
    let module = SessionModule()
    try injector.addModule(module)
    _ = try injector.resolve(Session.self)

    injector.reset(SessionScope.self)
    injector.removeModule(module)

    #expect(try injector.resolve(Session.self) !== first)
    #expect(builds.value == 2)
  }

  @Test func aModulesMappingsOfTheScopeGoWithTheModule() throws {
    let injector = Injector(label: "app")
    let module = SessionModule()
    try injector.addModule(module)
    let session = try injector.resolve(Session.self)
    #expect(session.serial == 1)
    injector.reset(SessionScope.self)
    #expect(try injector.resolve(Session.self).serial == 2)

    injector.removeModule(module)

    #expect(throws: InjectionError.self) { try injector.resolve(Session.self) }
    #expect(injector.reset(SessionScope.self) == 0)
  }

  @Test func hookRunsOncePerValueBuiltInTheScope() throws {
    let injector = Injector(label: "app")
    let hooks = Counter()
    injector.map(HookedSession.self, scope: .resettable(SessionScope.self)) { _ in
      HookedSession(hooks: hooks)
    }

    _ = try injector.resolve(HookedSession.self)
    _ = try injector.resolve(HookedSession.self)
    #expect(hooks.value == 1)

    injector.reset(SessionScope.self)
    _ = try injector.resolve(HookedSession.self)
    #expect(hooks.value == 2)
  }

  @Test func anInjectableTypeMapsInTheScope() throws {
    let injector = Injector(label: "app")
    injector.map(Preferences.self, named: "user", scope: .resettable(SessionScope.self))

    let first: Preferences = try injector.resolve(named: "user")
    #expect(try injector.resolve(Preferences.self, named: "user") === first)
    injector.reset(SessionScope.self)

    #expect(try injector.resolve(Preferences.self, named: "user") !== first)
  }

  @Test func aCopyStartsWithoutTheValueAndIsResetApart() throws {
    let (injector, builds) = sessionInjector()
    let original = try injector.resolve(Session.self)
    let copy = try injector.makeCopy(label: "copy")

    let copied = try copy.resolve(Session.self)
    #expect(copied !== original)
    copy.reset(SessionScope.self)

    #expect(try injector.resolve(Session.self) === original)
    #expect(builds.value == 2)
  }

  @Test func snapshotNamesTheScopeAndSaysWhetherItsValueIsBuilt() throws {
    let (injector, _) = sessionInjector()
    let key = InjectionKey(Session.self)

    let before = try #require(injector.snapshot().mapping(for: key))
    #expect(before.scope == .singleton)
    #expect(before.resettableScope == "SessionScope")
    #expect(!before.isBuilt)
    #expect(before.description.contains("singleton in SessionScope factory"))

    _ = try injector.resolve(Session.self)
    #expect(injector.snapshot().mapping(for: key)?.isBuilt == true)
    injector.reset(SessionScope.self)
    #expect(injector.snapshot().mapping(for: key)?.isBuilt == false)

    injector.map((any Engine).self, scope: .singleton) { _ in V8Engine() }
    let engine = injector.snapshot().mapping(for: InjectionKey((any Engine).self))
    #expect(engine != nil)
    #expect(engine?.resettableScope == nil)
  }

  @Test func eventsNameTheScopeAndAValueRebuiltAfterAResetEndsAsBuilt() throws {
    let (injector, _) = sessionInjector()
    let seen = Locked<[String]>([])
    let observation = injector.observeResolutions { event in
      guard case .ended(let outcome) = event.phase else { return }
      let how =
        switch outcome {
        case .built: "built"
        case .cached: "cached"
        case .failed: "failed"
        }
      let scope = event.scope.map(String.init(describing:)) ?? "-"
      seen.withLock { $0.append("\(how) \(scope) \(event.resettableScope ?? "-")") }
    }

    _ = try injector.resolve(Session.self)
    _ = try injector.resolve(Session.self)
    injector.reset(SessionScope.self)
    _ = try injector.resolve(Session.self)
    observation.cancel()

    #expect(
      seen.withLock { $0 } == [
        "built singleton SessionScope", "cached singleton SessionScope",
        "built singleton SessionScope",
      ])
  }

  @Test func aValueWhoseBuildAResetOvertookGoesToItsCallerButIsNotKept() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let started = Latch(count: 1)
    let resume = Latch(count: 1)
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
      let serial = builds.increment()
      if serial == 1 {
        started.countDown()
        resume.wait()
      }
      return Session(serial: serial)
    }
    let inFlight = Locked<Session?>(nil)
    let done = Latch(count: 1)
    let thread = Thread {
      inFlight.withLock { $0 = try? injector.resolve(Session.self) }
      done.countDown()
    }
    thread.start()
    #expect(started.wait(timeout: 10))

    injector.reset(SessionScope.self)
    resume.countDown()
    #expect(done.wait(timeout: 10))

    let old = try #require(inFlight.withLock { $0 })
    #expect(old.serial == 1)
    #expect(injector.snapshot().mapping(for: InjectionKey(Session.self))?.isBuilt == false)
    let next = try injector.resolve(Session.self)
    #expect(next.serial == 2)
    #expect(try injector.resolve(Session.self) === next)
  }

  @Test func aResolutionWaitingForABuildThatAResetOvertookBuildsANewValue() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let started = Latch(count: 1)
    let resume = Latch(count: 1)
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
      let serial = builds.increment()
      if serial == 1 {
        started.countDown()
        resume.wait()
      }
      return Session(serial: serial)
    }
    let results = Locked<[Int: Int]>([:])
    let done = Latch(count: 2)
    for index in 0..<2 {
      let thread = Thread {
        if index == 1 { started.wait() }
        let serial = (try? injector.resolve(Session.self))?.serial ?? -1
        results.withLock { $0[index] = serial }
        done.countDown()
      }
      thread.start()
    }
    #expect(started.wait(timeout: 10))
    // The second thread waits for the first one's build (or is about to).
    Thread.sleep(forTimeInterval: 0.05)
    injector.reset(SessionScope.self)
    resume.countDown()
    #expect(done.wait(timeout: 10))

    let serials = results.withLock { $0 }
    #expect(serials[0] == 1)
    #expect(serials[1] == 2)
    #expect(try injector.resolve(Session.self).serial == 2)
    #expect(builds.value == 2)
  }

  @Test func resetsRacingResolutionsNeverHandOutAValueOfAnEarlierSessionAfterTheReset() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
      let serial = builds.increment()
      for _ in 0..<200 { sched_yield() }  // a build long enough for resets to overtake it
      return Session(serial: serial)
    }
    // A resolution that starts after a reset returned never gets a value built before it.
    let resetsDone = Atomic<Int>(0)
    let stale = Counter()
    let finished = Threads.run(4, timeout: 60) { index in
      for _ in 0..<300 {
        if index == 0 {
          let before = builds.value
          injector.reset(SessionScope.self)
          resetsDone.store(before, ordering: .releasing)
        } else {
          let floor = resetsDone.load(ordering: .acquiring)
          guard let session = try? injector.resolve(Session.self) else {
            stale.increment()
            continue
          }
          if session.serial <= floor { stale.increment() }
        }
      }
    }
    #expect(finished)
    #expect(stale.value == 0)
  }
}
