import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Resettable scopes: a writer resets the scope of a session and its cart while readers resolve
/// both, through the owning injector and through a child.
///
/// Invariants: a resolution that starts after a reset returned never gets a value built before
/// it (a build overtaken by the reset is not kept); two resolutions with no reset around them
/// get the same value (single flight within a generation); a cart built after a reset holds a
/// session built after it; every session built is released once nothing holds it (dropped
/// values are released, and none is released twice: AddressSanitizer watches that).
enum ResetWhileResolving {
  enum SessionScope: ResettableScope {}

  /// How many sessions are alive.
  final class LiveCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func add(_ delta: Int) {
      count.add(delta, ordering: .acquiringAndReleasing)
    }
  }

  /// A session; counts the live ones.
  final class Session: Sendable {
    let serial: Int
    let live: LiveCount

    init(serial: Int, live: LiveCount) {
      self.serial = serial
      self.live = live
      live.add(1)
    }

    deinit {
      live.add(-1)
    }
  }

  /// A cart of a session.
  final class Cart: Sendable {
    let serial: Int
    let session: Session

    init(serial: Int, session: Session) {
      self.serial = serial
      self.session = session
    }
  }

  /// What the writer tells the readers about its resets.
  final class Resets: Sendable {
    /// The serial count before the latest reset, stored once that reset returned.
    let floor = Atomic<Int>(0)
    let started = Atomic<Int>(0)
    let finished = Atomic<Int>(0)
  }

  private static let readers = 3

  static let scenario = Scenario(name: "reset-while-resolving") { run in
    let live = LiveCount()
    do {
      let serials = Counter()
      let injector = Injector(label: "sessions")
      injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
        var jitter = Jitter(seed: serials.value)
        let session = Session(serial: serials.increment(), live: live)
        jitter.spin(below: 20_000)  // long enough for a reset to overtake the build
        return session
      }
      injector.map(Cart.self, scope: .resettable(SessionScope.self)) { injector in
        let serial = serials.increment()
        return Cart(serial: serial, session: try injector.resolve())
      }
      let child = injector.makeChild(label: "screen")
      let resets = Resets()
      let writerStopped = Flag()
      Threads.run(1 + readers, stackSize: 1 << 20) { index in
        if index == 0 {
          var jitter = Jitter(seed: 7)
          while run.isRunning {
            jitter.spin(below: 2_000)
            let before = serials.value
            resets.started.add(1, ordering: .sequentiallyConsistent)
            injector.reset(SessionScope.self)
            resets.floor.store(before, ordering: .sequentiallyConsistent)
            resets.finished.add(1, ordering: .sequentiallyConsistent)
          }
          writerStopped.set()
          return
        }
        let from = index.isMultiple(of: 2) ? child : injector
        while !writerStopped.isSet {
          for _ in 0..<32 { read(run, from, resets) }
          run.recordIteration(32)
        }
      }
      injector.reset(SessionScope.self)
    }
    run.expect(live.value == 0, "\(live.value) sessions are alive after the last reset")
  }

  private static func read(_ run: StressRun, _ injector: Injector, _ resets: Resets) {
    let started = resets.started.load(ordering: .sequentiallyConsistent)
    let calm = started == resets.finished.load(ordering: .sequentiallyConsistent)
    let lowest = resets.floor.load(ordering: .sequentiallyConsistent)
    do {
      let cart = try injector.resolve(Cart.self)
      let session = try injector.resolve(Session.self)
      let again = try injector.resolve(Session.self)
      run.expect(cart.serial > lowest, "a cart built before a reset outlived it")
      run.expect(session.serial > lowest, "a session built before a reset outlived it")
      run.expect(cart.session.serial > lowest, "a cart holds a session built before a reset")
      if calm, resets.started.load(ordering: .sequentiallyConsistent) == started {
        run.expect(session === again, "two resolutions without a reset got two sessions")
      }
    } catch {
      run.fail("resolving a session threw: \(error)")
    }
  }
}
