import Dispatch
import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Every disposable value a lifetime scenario built, and when and how often each was disposed.
///
/// A logical clock orders disposals against the start of resolutions: `disposed(_:)` takes a new
/// tick, so a resolution that read the clock at `tick` began after every disposal whose tick is
/// at most `tick`.
final class DisposalLedger: Sendable {
  /// One value's record.
  struct Entry {
    let kind: String
    var disposals = 0
    /// The tick of its first disposal; `Int.max` while it is not disposed.
    var disposedAt = Int.max
    /// Whether it was deinitialized.
    var isReleased = false
  }

  private let clock = Atomic<Int>(0)
  /// An `NSLock`, which ThreadSanitizer understands (it does not see `Mutex`'s futex).
  private let entries = Locked<[Entry]>([])
  private let run: StressRun

  init(run: StressRun) {
    self.run = run
  }

  /// The current tick.
  var now: Int { clock.load(ordering: .sequentiallyConsistent) }

  /// Lists a value of `kind` that a factory built; its serial.
  func built(_ kind: String) -> Int {
    entries.withLock { entries in
      entries.append(Entry(kind: kind))
      return entries.count - 1
    }
  }

  /// Records a disposal of the value `serial`; a second one fails the run at once.
  func disposed(_ serial: Int) {
    let tick = clock.add(1, ordering: .sequentiallyConsistent).newValue
    let times = entries.withLock { entries in
      entries[serial].disposals += 1
      entries[serial].disposedAt = min(entries[serial].disposedAt, tick)
      return entries[serial].disposals
    }
    run.expect(times == 1, "a value was disposed \(times) times")
  }

  /// Records that the value `serial` was deinitialized.
  func released(_ serial: Int) {
    entries.withLock { $0[serial].isReleased = true }
  }

  /// The tick of the first disposal of `serial`, or `nil`.
  func disposedAt(_ serial: Int) -> Int? {
    let tick = entries.withLock { $0[serial].disposedAt }
    return tick == .max ? nil : tick
  }

  /// Fails the run unless every value of the kinds in `exactlyOnce` was disposed once, and no
  /// value of any kind more than once; returns how many values were never disposed, by kind.
  ///
  /// - Parameter unkept: Whether a value of those kinds may instead be one that was never kept
  ///   (a build that a reset or a removal overtook goes only to its resolution): then it must
  ///   be released, as nothing owns it once that resolution let go.
  @discardableResult
  func check(exactlyOnce: Set<String>, unkept: Bool = false, _ when: String) -> [String: Int] {
    let all = entries.withLock { $0 }
    var never: [String: Int] = [:]
    for entry in all {
      run.expect(entry.disposals <= 1, "a \(entry.kind) was disposed \(entry.disposals) times")
      guard entry.disposals == 0 else { continue }
      never[entry.kind, default: 0] += 1
      guard exactlyOnce.contains(entry.kind) else { continue }
      run.expect(unkept, "a \(entry.kind) was never disposed \(when)")
      run.expect(
        entry.isReleased,
        "a \(entry.kind) was neither disposed nor released \(when): something still holds it")
    }
    return never
  }

  /// How many values were built.
  var count: Int { entries.withLock { $0.count } }
}

/// A value disposed synchronously.
final class SyncResource: InjectionDisposable, Sendable {
  let serial: Int
  let ledger: DisposalLedger
  /// What it was built with, if anything.
  let dependency: SyncResource?

  init(_ kind: String, ledger: DisposalLedger, dependency: SyncResource? = nil) {
    self.serial = ledger.built(kind)
    self.ledger = ledger
    self.dependency = dependency
  }

  func dispose() {
    ledger.disposed(serial)
  }

  deinit {
    ledger.released(serial)
  }
}

/// A value only an `await` can dispose.
final class AsyncResource: AsyncInjectionDisposable, Sendable {
  let serial: Int
  let ledger: DisposalLedger

  init(_ kind: String, ledger: DisposalLedger) {
    self.serial = ledger.built(kind)
    self.ledger = ledger
  }

  func dispose() async {
    ledger.disposed(serial)
  }

  deinit {
    ledger.released(serial)
  }
}

/// Runs `body` in a task and blocks this thread until it ends (a stress thread is not async).
func blockingAwait(_ body: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task {
    await body()
    done.signal()
  }
  done.wait()
}
