import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Values cached per argument: many threads reach the unbuilt values of a few arguments at once;
/// then readers resolve while a writer resets the values' scope.
///
/// Invariants: each argument's value is built once per injector and every thread gets that one
/// instance, whatever other arguments are built beside it; a value is never handed out for
/// another argument; across resets, every value built is released once nothing holds it (none
/// twice: AddressSanitizer watches that), and a resolution that starts after a reset returned
/// gets a value built after it.
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
    let halfway = run.deadline(after: 0.5)
    while ContinuousClock.now < halfway {
      releasedAtOnce(run)
      run.recordIteration()
    }
    let live = LiveCount()
    while run.isRunning {
      resetWhileResolving(run, live: live)
      run.recordIteration()
    }
    run.expect(live.value == 0, "\(live.value) profiles were never released")
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

  /// Readers resolve the profiles of a few users while a writer resets their scope.
  private static func resetWhileResolving(_ run: StressRun, live: LiveCount) {
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
  }
}
