import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Values cached per argument: many threads reach the unbuilt values of a few arguments at once;
/// then readers resolve while a writer resets the values' scope; then readers of new arguments
/// resolve while a writer removes the mapping's module.
///
/// Invariants: each argument's value is built once per injector and every thread gets that one
/// instance, whatever other arguments are built beside it; a value is never handed out for
/// another argument; a resolution that starts after a reset returned gets a value built after
/// it; once a reset or a removal returned and nothing resolves, the injector holds no value it
/// built before (a resolution the event overtook keeps its value for itself, never in a place
/// no later event finds), so every value built is released once nothing holds it (none twice:
/// AddressSanitizer watches that).
enum PerArgumentOnce {
  enum AccountScope: ResettableScope {}

  /// How many profiles are alive.
  final class LiveCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func add(_ delta: Int) {
      count.add(delta, ordering: .acquiringAndReleasing)
    }
  }

  /// A user's profile, whose `init` takes a moment; counts the live ones.
  final class Profile: Sendable {
    let userID: Int
    let serial: Int
    let live: LiveCount

    init(userID: Int, serial: Int, live: LiveCount) {
      self.userID = userID
      self.serial = serial
      self.live = live
      live.add(1)
    }

    deinit {
      live.add(-1)
    }
  }

  /// A user id whose hashing takes a moment, so that threads meet inside the cache's lookups
  /// (a lookup and the insertion that follows it are two critical sections).
  struct UserID: Hashable, Sendable {
    let value: Int

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) {
      var jitter = Jitter(seed: value)
      jitter.spin(below: 50_000)
      hasher.combine(value)
    }
  }

  private static let threads = 200
  private static let users = 8

  static let scenario = Scenario(name: "per-argument-once") { run in
    let firstThird = run.deadline(after: 1.0 / 3)
    while ContinuousClock.now < firstThird {
      releasedAtOnce(run)
      run.recordIteration()
    }
    let secondThird = run.deadline(after: 2.0 / 3)
    while ContinuousClock.now < secondThird {
      resetWhileResolving(run)
      run.recordIteration()
    }
    while run.isRunning {
      removeWhileResolving(run)
      run.recordIteration()
    }
  }

  /// 200 threads released together resolve the profiles of 8 users, none built yet.
  private static func releasedAtOnce(_ run: StressRun) {
    let injector = Injector(label: "released-at-once")
    let builds = (0..<users).map { _ in Counter() }
    let live = LiveCount()
    injector.map(Profile.self, taking: UserID.self, scope: .perArgument) { _, user in
      let id = user.value
      let serial = builds[id].increment()
      Thread.sleep(forTimeInterval: 0.001)
      return Profile(userID: id, serial: serial, live: live)
    }
    let received = (0..<users).map { _ in InstanceRecord() }
    Threads.run(threads, stackSize: 1 << 18) { index in
      let id = index % users
      do {
        let profile = try injector.resolve(Profile.self, arguments: UserID(value: id))
        run.expect(profile.userID == id, "user \(id) received the profile of \(profile.userID)")
        run.expect(received[id].record(profile), "two threads received different profiles of \(id)")
      } catch {
        run.fail("resolve(Profile.self, arguments: \(id)) threw: \(error)")
      }
    }
    for id in 0..<users {
      run.expect(
        builds[id].value == 1, "the profile of user \(id) was built \(builds[id].value) times")
    }
  }

  /// Readers resolve the profiles of a few users while a writer resets their scope; then one
  /// more reset, with nothing resolving, leaves no profile alive.
  private static func resetWhileResolving(_ run: StressRun) {
    let live = LiveCount()
    let injector = Injector(label: "resets")
    let serials = Counter()
    injector.map(Profile.self, taking: Int.self, scope: .perArgument(in: AccountScope.self)) {
      _, id in
      var jitter = Jitter(seed: serials.value)
      let profile = Profile(userID: id, serial: serials.increment(), live: live)
      jitter.spin(below: 5_000)  // long enough for a reset to overtake the build
      return profile
    }
    // The serial count before the latest reset, stored once that reset returned.
    let floor = Atomic<Int>(0)
    Threads.run(4, stackSize: 1 << 18) { index in
      guard index > 0 else {
        for _ in 0..<20 {
          let before = serials.value
          injector.reset(AccountScope.self)
          floor.store(before, ordering: .releasing)
        }
        return
      }
      for round in 0..<200 {
        let id = (index + round) % 3
        let minimum = floor.load(ordering: .acquiring)
        do {
          let profile = try injector.resolve(Profile.self, arguments: id)
          run.expect(profile.userID == id, "user \(id) received the profile of \(profile.userID)")
          run.expect(
            profile.serial > minimum,
            "a resolution after a reset got profile \(profile.serial), built before it")
        } catch {
          run.fail("resolve(Profile.self, arguments: \(id)) threw: \(error)")
        }
      }
    }
    injector.reset(AccountScope.self)
    run.expect(
      live.value == 0,
      "\(live.value) profiles outlived a reset with nothing resolving, held by the injector")
  }

  /// Maps profiles per user id in a module.
  private final class ProfileModule: InjectionModule {
    let live: LiveCount
    let serials = Counter()

    init(live: LiveCount) { self.live = live }

    func configure(_ mappings: ModuleMappings) {
      let live = live
      let serials = serials
      mappings.map(Profile.self, taking: Int.self, scope: .perArgument) { _, id in
        var jitter = Jitter(seed: id)
        jitter.spin(below: 2_000)
        return Profile(userID: id, serial: serials.increment(), live: live)
      }
    }
  }

  /// Readers resolve profiles of ever new users while a writer removes the mapping's module;
  /// once it is removed and nothing resolves, no profile is alive.
  private static func removeWhileResolving(_ run: StressRun) {
    let live = LiveCount()
    let injector = Injector(label: "removal")
    let module = ProfileModule(live: live)
    do {
      try injector.addModule(module)
    } catch {
      run.fail("addModule threw: \(error)")
    }
    Threads.run(4, stackSize: 1 << 18) { index in
      guard index > 0 else {
        var jitter = Jitter(seed: Int(live.value))
        jitter.spin(below: 200_000)
        run.expect(injector.removeModule(module), "the module was not removed")
        return
      }
      for round in 0..<100 {
        let id = index * 1_000 + round
        do throws(InjectionError) {
          let profile = try injector.resolve(Profile.self, arguments: id)
          run.expect(profile.userID == id, "user \(id) received the profile of \(profile.userID)")
        } catch .notMapped {
          return  // removed: every later resolution throws too
        } catch {
          run.fail("resolve(Profile.self, arguments: \(id)) threw: \(error)")
        }
      }
    }
    run.expect(
      live.value == 0,
      "\(live.value) profiles outlived their module's removal, held by the injector")
  }
}
