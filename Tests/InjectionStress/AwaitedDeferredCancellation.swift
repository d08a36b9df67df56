import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Many tasks await lazy values and providers of an `async` transient and an `async` singleton
/// at once, each cancelled at a random moment; every task that gets a value reads its fields
/// at once, in the task that awaited it.
///
/// Two threads spin meanwhile, so that the tasks' threads are preempted at random moments, as
/// on a loaded machine.
///
/// Every value a task got is fully initialized, the readers of one lazy value all got one
/// instance, the readers of the singleton (through lazy values and providers) all got one
/// instance, built once, and a cancelled reader gets the value or `.cancelled`. Under
/// ThreadSanitizer, a reader's read of a field that the factory's task wrote is a race unless
/// the hand-over of the value orders the two.
enum AwaitedDeferredCancellation {
  /// The fields every value has, written by its `init` and read by every reader.
  struct Fields: Sendable {
    let serial: Int
    let check: Int
    let samples: [Int]

    init(serial: Int) {
      self.serial = serial
      self.check = serial &* 31 &+ 7
      self.samples = Array(repeating: serial, count: 4)
    }

    /// Whether every field holds what `init` wrote.
    var isComplete: Bool {
      serial > 0 && check == serial &* 31 &+ 7 && samples.count == 4
        && samples.allSatisfy { $0 == serial }
    }
  }

  /// The `async` transient.
  final class Fresh: Sendable {
    let fields: Fields
    init(serial: Int) { fields = Fields(serial: serial) }
  }

  /// The `async` singleton.
  final class Shared: Sendable {
    let fields: Fields
    init(serial: Int, builds: Counter) {
      fields = Fields(serial: serial)
      builds.increment()
    }
  }

  /// The readers of each lazy value and of each provider in one round.
  private static let readersPerSubject = 12
  /// The lazy values of the transient that one round reads.
  private static let transientLazies = 6

  /// Threads that only spin, so that the processors are shared as on a loaded machine.
  private static let busyThreads = 2

  static let scenario = Scenario(name: "awaited-deferred-cancellation") { run in
    let stop = Flag()
    Threads.run(1 + busyThreads, stackSize: 1 << 18) { index in
      guard index == 0 else {
        // Takes a processor from a reader or a build at random moments: a waiter that is
        // preempted between joining a read and suspending is resumed before it suspends.
        var jitter = Jitter(seed: index)
        while !stop.isSet { jitter.spin(below: 1 << 12) }
        return
      }
      while run.isRunning {
        oneRound(run)
        run.recordIteration()
      }
      stop.set()
    }
  }

  private static func oneRound(_ run: StressRun) {
    let injector = Injector(label: "awaited-deferred-cancellation")
    let serials = Counter()
    let sharedBuilds = Counter()
    injector.map(Fresh.self) { _ in
      for _ in 0..<Int.random(in: 1...4) { await Task.yield() }
      return Fresh(serial: serials.increment())
    }
    injector.map(Shared.self, scope: .singleton) { _ in
      for _ in 0..<Int.random(in: 1...4) { await Task.yield() }
      return Shared(serial: serials.increment(), builds: sharedBuilds)
    }
    guard
      let freshLazies = try? (0..<transientLazies).map({ _ in
        try injector.resolve(Lazy<Fresh>.self)
      }),
      let sharedLazy = try? injector.resolve(Lazy<Shared>.self),
      let makeFresh = try? injector.resolve(Provider<Fresh>.self),
      let makeShared = try? injector.resolve(Provider<Shared>.self)
    else {
      run.fail("resolving the lazy values and providers failed")
    }
    let freshRecords = freshLazies.map { _ in InstanceRecord() }
    let sharedRecord = InstanceRecord()
    let done = Latch(count: 1)
    Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<readersPerSubject {
          for (lazy, record) in zip(freshLazies, freshRecords) {
            group.addTask {
              await readCancelled(run) {
                let fresh = try await lazy.valueAsync
                check(run, fresh.fields, "a Lazy<Fresh> reader")
                run.expect(record.record(fresh), "two readers of one Lazy<Fresh> got two")
              }
            }
          }
          group.addTask {
            await readCancelled(run) {
              let shared = try await sharedLazy.valueAsync
              check(run, shared.fields, "a Lazy<Shared> reader")
              run.expect(sharedRecord.record(shared), "a Lazy<Shared> reader got another")
            }
          }
          group.addTask {
            await readCancelled(run) {
              let shared = try await makeShared.resolveAsync()
              check(run, shared.fields, "a Provider<Shared> caller")
              run.expect(sharedRecord.record(shared), "a Provider<Shared> caller got another")
            }
          }
          group.addTask {
            await readCancelled(run) {
              let fresh = try await makeFresh.resolveAsync()
              check(run, fresh.fields, "a Provider<Fresh> caller")
              let kept = freshRecords.contains { $0.isRecorded(fresh) }
              run.expect(!kept, "a Provider<Fresh> call got a lazy value's Fresh")
            }
          }
        }
      }
      done.countDown()
    }
    done.wait()
    // What the readers left: each lazy value keeps the instance its readers got.
    let after = Latch(count: 1)
    Task.detached {
      for (lazy, record) in zip(freshLazies, freshRecords) {
        guard let fresh = try? await lazy.valueAsync else { run.fail("a later read failed") }
        check(run, fresh.fields, "a later Lazy<Fresh> read")
        run.expect(record.record(fresh), "a later read got another Fresh than the readers")
      }
      guard let shared = try? await sharedLazy.valueAsync else { run.fail("a later read failed") }
      run.expect(sharedRecord.record(shared), "a later read got another Shared")
      after.countDown()
    }
    after.wait()
    run.expect(sharedBuilds.value == 1, "the singleton was built \(sharedBuilds.value) times")
    withExtendedLifetime(injector) {}
  }

  /// Runs `read` in a task of its own that another task cancels at a random moment (before
  /// it starts, while it waits, or after it is over); `read` may only throw `.cancelled`.
  private static func readCancelled(
    _ run: StressRun, _ read: @escaping @Sendable () async throws -> Void
  ) async {
    let reader = Task {
      // Readers arrive all along the build, some of them just as it ends.
      for _ in 0..<Int.random(in: 0...4) { await Task.yield() }
      try await read()
    }
    for _ in 0..<Int.random(in: 0...8) { await Task.yield() }
    reader.cancel()
    do {
      try await reader.value
    } catch {
      guard case .cancelled = error as? InjectionError else {
        run.fail("a reader threw \(error)")
      }
    }
  }

  /// Fails the run unless `fields` holds what the value's `init` wrote.
  private static func check(_ run: StressRun, _ fields: Fields, _ who: String) {
    run.expect(fields.isComplete, "\(who) read a value that is not fully initialized")
  }
}
