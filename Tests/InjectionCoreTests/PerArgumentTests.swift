import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// The scope of a signed-in session, for these tests.
private enum AccountScope: ResettableScope {}

/// A user's profile, built once per user id; `serial` tells two builds apart.
private final class Profile: Sendable {
  let userID: Int
  let serial: Int
  let engine: any Engine

  init(userID: Int, serial: Int, engine: any Engine) {
    self.userID = userID
    self.serial = serial
    self.engine = engine
  }
}

/// A profile with a hook that counts its calls.
private final class HookedProfile: InjectionCompletable, Sendable {
  let hooks = Counter()
  init() {}
  func injectionDidComplete() { hooks.increment() }
}

/// A cached value whose `deinit` uses the injector that dropped it.
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

/// Owns a profile through `@Injected`, which cannot pass arguments.
private final class ProfilePage: Injectable {
  @Injected var profile: Profile
  init() {}
}

/// A module that maps profiles per user id.
private final class ProfileModule: InjectionModule {
  let builds = Counter()

  func configure(_ mappings: ModuleMappings) {
    let builds = builds
    mappings.map(Profile.self, taking: Int.self, scope: .perArgument) { injector, id in
      Profile(userID: id, serial: builds.increment(), engine: try injector.resolve())
    }
  }
}

/// A user id whose hashing takes a moment, so that threads meet inside the cache's lookups.
private struct SlowID: Hashable, Sendable {
  let value: Int

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

  func hash(into hasher: inout Hasher) {
    Thread.sleep(forTimeInterval: 0.000_2)
    hasher.combine(value)
  }
}

@Suite struct PerArgumentTests {
  /// An injector whose `Profile` is cached per user id and counts its builds.
  private func profileInjector(
    label: String = "app", scope: PerArgumentScope = .perArgument
  ) -> (Injector, Counter) {
    let injector = Injector(label: label)
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    let builds = Counter()
    injector.map(Profile.self, taking: Int.self, scope: scope) { injector, id in
      Profile(userID: id, serial: builds.increment(), engine: try injector.resolve())
    }
    return (injector, builds)
  }

  @Test func equalArgumentsGetTheSameValueAndOtherArgumentsTheirOwn() throws {
    let (injector, builds) = profileInjector()

    let first = try injector.resolve(Profile.self, arguments: 1)
    let again = try injector.resolve(Profile.self, arguments: 1)
    let other = try injector.resolve(Profile.self, arguments: 2)

    #expect(first === again)
    #expect(other !== first)
    #expect((first.userID, other.userID) == (1, 2))
    #expect(builds.value == 2)
    #expect(first.engine === other.engine, "its dependencies resolve as usual")
  }

  @Test func allArgumentsTogetherKeyTheCache() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    injector.map(String.self, taking: Int.self, String.self, scope: .perArgument) {
      _, id, locale in "\(id) \(locale) #\(builds.increment())"
    }

    let french = try injector.resolve(String.self, arguments: 1, "fr")
    let english = try injector.resolve(String.self, arguments: 1, "en")

    #expect(french == "1 fr #1")
    #expect(english == "1 en #2")
    #expect(try injector.resolve(String.self, arguments: 1, "fr") == "1 fr #1")
    #expect(builds.value == 2)
  }

  @Test func theHookRunsOncePerArgumentValue() throws {
    let injector = Injector(label: "app")
    injector.map(HookedProfile.self, taking: Int.self, scope: .perArgument) { _, _ in
      HookedProfile()
    }

    let profile = try injector.resolve(HookedProfile.self, arguments: 3)
    let again = try injector.resolve(HookedProfile.self, arguments: 3)
    let other = try injector.resolve(HookedProfile.self, arguments: 4)

    #expect(again === profile)
    #expect(profile.hooks.value == 1)
    #expect(other.hooks.value == 1)
  }

  @Test func resolvingWithoutArgumentsOrWithOtherTypesIsAMismatch() {
    let (injector, _) = profileInjector()

    let other = #expect(throws: InjectionError.self) {
      try injector.resolve(Profile.self, arguments: "1")
    }
    let none = #expect(throws: InjectionError.self) { try injector.resolve(ProfilePage.self) }

    guard case .argumentMismatch(_, let expected, let given)? = other else { return }
    #expect((expected, given) == (["Int"], ["String"]))
    guard case .argumentMismatch(_, _, let givenNone)? = none else { return }
    #expect(givenNone.isEmpty)
  }

  @Test func childrenShareTheParentsValuesAndAChildsOwnMappingCachesApart() throws {
    let (parent, parentBuilds) = profileInjector(label: "parent")
    let child = parent.makeChild(label: "child")
    let sibling = parent.makeChild(label: "sibling")
    sibling.map(Profile.self, taking: Int.self, scope: .perArgument) { _, id in
      Profile(userID: id, serial: 100, engine: V8Engine())
    }

    let fromParent = try parent.resolve(Profile.self, arguments: 1)

    #expect(try child.resolve(Profile.self, arguments: 1) === fromParent)
    #expect(try sibling.resolve(Profile.self, arguments: 1).serial == 100)
    #expect(try sibling.resolve(Profile.self, arguments: 1) !== fromParent)
    #expect(parentBuilds.value == 1)
  }

  @Test func unmappingOrMappingTheKeyAgainDropsEveryCachedValue() throws {
    let (injector, builds) = profileInjector()
    var reference = WeakReference<Profile>(nil)
    do {
      reference = WeakReference(try injector.resolve(Profile.self, arguments: 1))
    }
    #expect(reference.object != nil)

    injector.map(Profile.self, taking: Int.self, scope: .perArgument) { _, id in
      Profile(userID: id, serial: 100 + builds.increment(), engine: V8Engine())
    }

    #expect(reference.object == nil, "the replaced mapping's values are released")
    let remapped = try injector.resolve(Profile.self, arguments: 1)
    #expect(remapped.serial == 102)
    injector.unmap(Profile.self)
    #expect(!injector.isMapped(Profile.self))
  }

  @Test func removingTheModuleDropsItsValuesAndRestoresTheShadowedMapping() throws {
    let (injector, _) = profileInjector()
    let shadowed = try injector.resolve(Profile.self, arguments: 1)
    let module = ProfileModule()
    try injector.addModule(module)
    var reference = WeakReference<Profile>(nil)
    do {
      let fromModule = try injector.resolve(Profile.self, arguments: 1)
      #expect(fromModule !== shadowed)
      reference = WeakReference(fromModule)
    }

    injector.removeModule(module)

    #expect(reference.object == nil)
    #expect(try injector.resolve(Profile.self, arguments: 1) === shadowed)
    #expect(module.builds.value == 1)
  }

  @Test func aResetOfItsScopeDropsTheValuesOfEveryArgument() throws {
    let (injector, builds) = profileInjector(scope: .perArgument(in: AccountScope.self))
    let (unscoped, unscopedBuilds) = profileInjector(label: "unscoped")
    _ = try unscoped.resolve(Profile.self, arguments: 1)
    let first = try injector.resolve(Profile.self, arguments: 1)
    _ = try injector.resolve(Profile.self, arguments: 2)
    #expect(try injector.resolve(Profile.self, arguments: 1) === first)

    #expect(injector.reset(AccountScope.self) == 1, "one mapping held values")
    #expect(unscoped.reset(AccountScope.self) == 0)

    let rebuilt = try injector.resolve(Profile.self, arguments: 1)
    #expect(rebuilt !== first)
    #expect(try injector.resolve(Profile.self, arguments: 1) === rebuilt)
    #expect(builds.value == 3)
    _ = try unscoped.resolve(Profile.self, arguments: 1)
    #expect(unscopedBuilds.value == 1, "a mapping kept with the injector is not reset")
  }

  @Test func valuesDroppedByAResetAreReleasedAfterTheInjectorsLock() throws {
    let injector = Injector(label: "app")
    let released = Counter()
    injector.map(InjectorUser.self, taking: Int.self, scope: .perArgument(in: AccountScope.self)) {
      injector, _ in InjectorUser(injector: injector, released: released)
    }
    _ = try injector.resolve(InjectorUser.self, arguments: 1)
    _ = try injector.resolve(InjectorUser.self, arguments: 2)
    #expect(released.value == 0, "the cache holds both")

    injector.reset(AccountScope.self)

    #expect(released.value == 2)
  }

  @Test func aSnapshotReportsASingletonPerArgumentAndHowManyValuesItHolds() throws {
    let (injector, _) = profileInjector()
    let key = InjectionKey(Profile.self)
    #expect(injector.snapshot().mapping(for: key)?.isBuilt == false)

    _ = try injector.resolve(Profile.self, arguments: 1)
    _ = try injector.resolve(Profile.self, arguments: 2)
    _ = try injector.resolve(Profile.self, arguments: 2)

    let mapping = try #require(injector.snapshot().mapping(for: key))
    #expect(mapping.scope == .singleton)
    #expect(mapping.recipe == .factoryWithArguments)
    #expect(mapping.cachesPerArgument)
    #expect(mapping.cachedValueCount == 2)
    #expect(mapping.isBuilt)
    #expect(mapping.description.contains("singleton per argument factoryWithArguments"))
    #expect(mapping.description.contains("built for 2 arguments"))
    let engine = try #require(injector.snapshot().mapping(for: InjectionKey((any Engine).self)))
    #expect(!engine.cachesPerArgument)
    #expect(engine.cachedValueCount == 1)
  }

  @Test func aSnapshotNamesTheResettableScopeAndAResetEmptiesTheCount() throws {
    let (injector, _) = profileInjector(scope: .perArgument(in: AccountScope.self))
    _ = try injector.resolve(Profile.self, arguments: 1)
    let key = InjectionKey(Profile.self)
    let built = try #require(injector.snapshot().mapping(for: key))
    #expect(built.resettableScope == "AccountScope")
    #expect(built.description.contains("singleton per argument in AccountScope"))

    injector.reset(AccountScope.self)

    #expect(injector.snapshot().mapping(for: key)?.cachedValueCount == 0)
    #expect(injector.snapshot().mapping(for: key)?.isBuilt == false)
  }

  @Test func eventsSayWhetherThisArgumentsValueWasCached() throws {
    let (injector, _) = profileInjector()
    let seen = Locked<[String]>([])
    let observation = injector.observeResolutions { event in
      guard event.key == InjectionKey(Profile.self), case .ended(let outcome) = event.phase
      else { return }
      let how =
        switch outcome {
        case .built: "built"
        case .cached: "cached"
        case .failed: "failed"
        }
      let scope = event.scope.map(String.init(describing:)) ?? "-"
      seen.withLock { $0.append("\(how) \(scope)") }
    }

    _ = try injector.resolve(Profile.self, arguments: 1)
    _ = try injector.resolve(Profile.self, arguments: 1)
    _ = try injector.resolve(Profile.self, arguments: 2)
    _ = try? injector.resolve(Profile.self, arguments: "x")
    observation.cancel()

    #expect(
      seen.withLock { $0 } == [
        "built singleton", "cached singleton", "built singleton", "failed singleton",
      ])
  }

  @Test func aFactoryMayResolveOtherArgumentsOfItsOwnKeyButNotItsOwn() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    injector.map(String.self, taking: Int.self, scope: .perArgument) { injector, depth in
      builds.increment()
      // A chain of managers: each level resolves the next, down to the top.
      guard depth < 3 else { return "top" }
      return "\(depth) > " + (try injector.resolve(String.self, arguments: depth + 1))
    }
    injector.map(Int.self, taking: Int.self, scope: .perArgument) { injector, value in
      try injector.resolve(Int.self, arguments: value)
    }

    #expect(try injector.resolve(String.self, arguments: 1) == "1 > 2 > top")
    #expect(try injector.resolve(String.self, arguments: 2) == "2 > top")
    #expect(builds.value == 3)
    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(Int.self, arguments: 5)
    }
    guard case .cycle? = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
  }

  @Test func aFailedBuildIsNotCachedAndTheNextResolutionBuildsAgain() throws {
    struct Flaky: Error {}
    let injector = Injector(label: "app")
    let attempts = Counter()
    injector.map(String.self, taking: Int.self, scope: .perArgument) { _, id in
      guard attempts.increment() > 1 else { throw Flaky() }
      return "user \(id)"
    }

    #expect(throws: InjectionError.self) { try injector.resolve(String.self, arguments: 1) }
    #expect(try injector.resolve(String.self, arguments: 1) == "user 1")
    #expect(try injector.resolve(String.self, arguments: 1) == "user 1")
    #expect(attempts.value == 2)
  }

  @Test func aCopyOfTheInjectorStartsWithAnEmptyCache() throws {
    let (injector, builds) = profileInjector()
    let original = try injector.resolve(Profile.self, arguments: 1)

    let copy = try injector.makeCopy(label: "copy")
    let copied = try copy.resolve(Profile.self, arguments: 1)

    #expect(copied !== original)
    #expect(try copy.resolve(Profile.self, arguments: 1) === copied)
    #expect(try injector.resolve(Profile.self, arguments: 1) === original)
    #expect(builds.value == 2)
  }

  @Test func concurrentFirstResolutionsOfOneArgumentBuildItOnce() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    injector.map(Profile.self, taking: SlowID.self, scope: .perArgument) { _, id in
      Profile(userID: id.value, serial: builds.increment(), engine: V8Engine())
    }
    let profiles = Locked<[ObjectIdentifier]>([])

    let finished = Threads.run(64, timeout: 30) { index in
      let id = SlowID(value: index % 4)
      guard let profile = try? injector.resolve(Profile.self, arguments: id) else { return }
      profiles.withLock { $0.append(ObjectIdentifier(profile)) }
    }

    #expect(finished)
    #expect(builds.value == 4)
    #expect(profiles.withLock { $0.count } == 64)
    #expect(Set(profiles.withLock { $0 }).count == 4)
  }

  @Test func aSlowBuildOfOneArgumentDoesNotHoldUpAnotherArgument() throws {
    let injector = Injector(label: "app")
    let started = Latch(count: 1)
    let resume = Latch(count: 1)
    injector.map(String.self, taking: Int.self, scope: .perArgument) { _, id in
      if id == 1 {
        started.countDown()
        resume.wait()
      }
      return "user \(id)"
    }
    let done = Latch(count: 1)
    let thread = Thread {
      _ = try? injector.resolve(String.self, arguments: 1)
      done.countDown()
    }
    thread.start()
    #expect(started.wait(timeout: 10))

    // Argument 1 is still being built on the other thread.
    #expect(try injector.resolve(String.self, arguments: 2) == "user 2")

    resume.countDown()
    #expect(done.wait(timeout: 10))
    #expect(try injector.resolve(String.self, arguments: 1) == "user 1")
  }

  @Test func aValueWhoseBuildAResetOvertookGoesToItsCallerButIsNotKept() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    let started = Latch(count: 1)
    let resume = Latch(count: 1)
    injector.map(Profile.self, taking: Int.self, scope: .perArgument(in: AccountScope.self)) {
      _, id in
      let serial = builds.increment()
      if serial == 1 {
        started.countDown()
        resume.wait()
      }
      return Profile(userID: id, serial: serial, engine: V8Engine())
    }
    let inFlight = Locked<Profile?>(nil)
    let done = Latch(count: 1)
    let thread = Thread {
      inFlight.withLock { $0 = try? injector.resolve(Profile.self, arguments: 1) }
      done.countDown()
    }
    thread.start()
    #expect(started.wait(timeout: 10))

    injector.reset(AccountScope.self)
    resume.countDown()
    #expect(done.wait(timeout: 10))

    let old = try #require(inFlight.withLock { $0 })
    #expect(old.serial == 1)
    let next = try injector.resolve(Profile.self, arguments: 1)
    #expect(next.serial == 2)
    #expect(try injector.resolve(Profile.self, arguments: 1) === next)
  }

  @Test func aValueForAnArgumentFoundBeforeAResetIsNotKeptWhereNoLaterResetFindsIt() throws {
    let injector = Injector(label: "app")
    let builds = Counter()
    injector.map(Profile.self, taking: Int.self, scope: .perArgument(in: AccountScope.self)) {
      _, id in
      Profile(userID: id, serial: builds.increment(), engine: V8Engine())
    }
    // The observer resets the scope after the resolution found its argument's (empty) place in
    // the cache and before it builds: the reset overtakes the resolution, not a build.
    let resets = Counter()
    let observation = injector.observeResolutions { event in
      guard case .started = event.phase, resets.value == 0 else { return }
      resets.increment()
      injector.reset(AccountScope.self)
    }
    weak var overtaken: Profile?
    do {
      let profile = try injector.resolve(Profile.self, arguments: 1)
      overtaken = profile
      #expect(profile.serial == 1)
    }
    observation.cancel()
    #expect(resets.value == 1)
    let next = try injector.resolve(Profile.self, arguments: 1)
    #expect(next.serial == 2, "the overtaken value was not cached")
    #expect(try injector.resolve(Profile.self, arguments: 1) === next)

    injector.reset(AccountScope.self)
    #expect(overtaken == nil, "the injector held the overtaken value past the next reset")
    #expect(injector.snapshot().mapping(for: InjectionKey(Profile.self))?.isBuilt == false)
  }

  @Test func aProviderCalledWithEqualArgumentsGetsTheCachedValue() throws {
    let (injector, builds) = profileInjector()
    let makeProfile = try injector.resolve(Provider<Profile>.self)

    let first = try makeProfile(1)

    #expect(try makeProfile(1) === first)
    #expect(try injector.resolve(Profile.self, arguments: 1) === first)
    #expect(builds.value == 1)
  }

  @Test func theScopeReadsAsSourceCodeAndComparesByItsResettableScope() {
    #expect(PerArgumentScope.perArgument.description == "perArgument")
    #expect(
      PerArgumentScope.perArgument(in: AccountScope.self).description
        == "perArgument(in: AccountScope)")
    #expect(PerArgumentScope.perArgument != .perArgument(in: AccountScope.self))
    #expect(
      PerArgumentScope.perArgument(in: AccountScope.self) == .perArgument(in: AccountScope.self))
  }
}
