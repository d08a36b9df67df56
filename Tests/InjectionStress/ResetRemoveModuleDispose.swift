import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Issue 34: a scope is reset again and again while two threads remove the module that maps
/// values in it (and a singleton), readers resolve them, and the injector finally shuts down.
///
/// The module's mappings shadow the injector's own of the same keys. What Concepts.md
/// ("Lifetimes that end") promises, checked here:
/// - no value is disposed twice, whichever event (a reset, the removal, the shutdown) ends it;
/// - the module's values are disposed by the removal: once `removeModule` returned (and
///   `disposeReleasedValues()` disposed what only an `await` can), every one it kept is
///   disposed, before the shutdown (before the fix of issue 34's stress run, a singleton whose
///   build the removal overtook was kept and owned by the removed mapping until the shutdown);
/// - after the shutdown, every value is disposed once, except one whose build a reset or the
///   removal overtook: that one was never kept, went only to the resolution that built it, and
///   is released once that resolution lets go (nothing holds it);
/// - no resolution hands out a value disposed before the resolution began.
enum ResetRemoveModuleDispose {
  enum SessionScope: ResettableScope {}

  /// Maps a session and a socket in ``SessionScope`` and a singleton cache.
  final class SessionModule: InjectionModule {
    let ledger: DisposalLedger
    let seed: Int

    init(ledger: DisposalLedger, seed: Int) {
      self.ledger = ledger
      self.seed = seed
    }

    func configure(_ mappings: ModuleMappings) {
      let ledger = ledger
      let seed = seed
      mappings.map(SyncResource.self, named: "session", scope: .resettable(SessionScope.self)) {
        _ in
        var jitter = Jitter(seed: seed)
        let session = SyncResource("module-session", ledger: ledger)
        jitter.spin(below: 3_000)  // long enough for a reset or the removal to overtake it
        return session
      }
      mappings.map(AsyncResource.self, scope: .resettable(SessionScope.self)) { _ in
        AsyncResource("module-socket", ledger: ledger)
      }
      mappings.map(SyncResource.self, named: "cache", scope: .singleton) { _ in
        var jitter = Jitter(seed: seed &+ 1)
        let cache = SyncResource("module-cache", ledger: ledger)
        jitter.spin(below: 3_000)
        return cache
      }
    }
  }

  private static let removers = 2
  private static let readers = 2

  static let scenario = Scenario(name: "reset-remove-module-dispose") { run in
    var trial = 0
    let unkept = Atomic<Int>(0)
    while run.isRunning {
      oneTrial(run, seed: trial, unkept: unkept)
      run.recordIteration()
      trial += 1
    }
    StressRun.emit("  \(unkept.load(ordering: .relaxed)) values were overtaken and not kept")
  }

  private static func oneTrial(_ run: StressRun, seed: Int, unkept: borrowing Atomic<Int>) {
    let ledger = DisposalLedger(run: run)
    let injector = Injector(label: "reset-remove-module-dispose")
    injector.map(SyncResource.self, named: "session", scope: .resettable(SessionScope.self)) {
      _ in SyncResource("own-session", ledger: ledger)
    }
    injector.map(SyncResource.self, named: "cache", scope: .singleton) { _ in
      SyncResource("own-cache", ledger: ledger)
    }
    let module = SessionModule(ledger: ledger, seed: seed)
    do {
      try injector.addModule(module)
    } catch {
      run.fail("addModule threw \(error)")
    }
    let removals = Counter()
    let removed = Flag()
    Threads.run(1 + removers + readers, stackSize: 1 << 20) { index in
      var jitter = Jitter(seed: seed &* 7 &+ index)
      switch index {
      case 0:
        var afterRemoval = 0
        while afterRemoval < 4 {
          if removed.isSet { afterRemoval += 1 }
          injector.reset(SessionScope.self)
          jitter.spin(below: 2_000)
        }
      case 1...removers:
        jitter.spin(below: 20_000)
        if injector.removeModule(module) { removals.increment() }
        removed.set()
      default:
        var afterRemoval = 0
        var choice = index
        while afterRemoval < 8 {
          if removed.isSet { afterRemoval += 1 }
          read(run, injector, ledger, choice: choice % 3)
          choice += 1
          jitter.spin(below: 300)
        }
      }
    }
    run.expect(removals.value == 1, "\(removals.value) removals found the module")
    blockingAwait {
      do {
        try await injector.disposeReleasedValues()
      } catch {
        run.fail("disposeReleasedValues() failed: \(error)")
      }
    }
    ledger.check(
      exactlyOnce: ["module-cache", "module-session", "module-socket"], unkept: true,
      "after removeModule returned")
    blockingAwait {
      do {
        try await injector.shutdown()
      } catch {
        run.fail("shutdown() failed: \(error)")
      }
    }
    let never = ledger.check(
      exactlyOnce: ["module-cache", "module-session", "module-socket", "own-cache", "own-session"],
      unkept: true, "after the shutdown")
    unkept.add(never.values.reduce(0, +), ordering: .relaxed)
  }

  /// Resolves the session, the socket or the cache, and checks it was not disposed before.
  private static func read(
    _ run: StressRun, _ injector: Injector, _ ledger: DisposalLedger, choice: Int
  ) {
    let began = ledger.now
    do {
      let serial =
        switch choice {
        case 0: try injector.resolve(SyncResource.self, named: "session").serial
        case 1: try injector.resolve(AsyncResource.self).serial
        default: try injector.resolve(SyncResource.self, named: "cache").serial
        }
      if let disposed = ledger.disposedAt(serial) {
        run.expect(
          disposed > began, "a resolution handed out a value disposed before it began")
      }
    } catch {
      // The socket is the module's only: unmapped once the module is removed.
      guard choice == 1, case .notMapped = error else {
        run.fail("a resolution threw \(error)")
      }
    }
  }
}
