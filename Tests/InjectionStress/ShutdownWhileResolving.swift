import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Issue 34: an injector shuts down (every other trial with `shutdownSynchronously()`, else with
/// `await shutdown()`) while readers resolve its singletons, an eager singleton, a singleton
/// only an `await` can dispose and a singleton contribution, through the injector and through a
/// child.
///
/// What Concepts.md ("Lifetimes that end") promises, checked here:
/// - every value a factory built is disposed exactly once: a cached one by the shutdown, one
///   whose build the shutdown overtook when the build ends (an asynchronous one by the next
///   `shutdown()`, which the trial calls once the readers stopped);
/// - a resolution that begins after `isShutDown` reads `true` throws
///   `InjectionError.shutDown`, and no resolution throws anything else;
/// - no resolution hands out a value that was disposed before the resolution began.
enum ShutdownWhileResolving {
  private static let readers = 3
  private static let kinds: Set<String> = ["pool", "client", "journal", "socket", "plugin"]

  static let scenario = Scenario(name: "shutdown-while-resolving") { run in
    var trial = 0
    while run.isRunning {
      oneTrial(run, seed: trial, synchronously: trial.isMultiple(of: 2))
      run.recordIteration()
      trial += 1
    }
  }

  private static func oneTrial(_ run: StressRun, seed: Int, synchronously: Bool) {
    let ledger = DisposalLedger(run: run)
    let injector = Injector(label: "shutdown-while-resolving")
    injector.map(SyncResource.self, named: "pool", scope: .singleton) { _ in
      var jitter = Jitter(seed: seed)
      let pool = SyncResource("pool", ledger: ledger)
      jitter.spin(below: 5_000)  // long enough for a shutdown to overtake the build
      return pool
    }
    injector.map(SyncResource.self, named: "client", scope: .singleton) { injector in
      SyncResource(
        "client", ledger: ledger, dependency: try injector.resolve(SyncResource.self, named: "pool")
      )
    }
    injector.map(SyncResource.self, named: "journal", scope: .eagerSingleton) { _ in
      SyncResource("journal", ledger: ledger)
    }
    injector.map(AsyncResource.self, scope: .singleton) { _ in
      AsyncResource("socket", ledger: ledger)
    }
    injector.contribute(SyncResource.self, scope: .singleton) { _ in
      SyncResource("plugin", ledger: ledger)
    }
    let child = injector.makeChild(label: "request")
    Threads.run(1 + readers, stackSize: 1 << 20) { index in
      if index == 0 {
        var jitter = Jitter(seed: seed &* 31)
        jitter.spin(below: 40_000)
        shutDown(injector, run, synchronously: synchronously)
        return
      }
      var jitter = Jitter(seed: seed &+ index)
      var afterShutdown = 0
      var choice = index
      while afterShutdown < 8 {  // until 8 resolutions began after the shutdown
        let from = index == 1 ? child : injector
        if read(run, from, ledger, choice: choice % 5) { afterShutdown += 1 }
        choice += 1
        jitter.spin(below: 500)
      }
    }
    // The readers stopped: what is left (asynchronous values released by late builds, or kept
    // by `shutdownSynchronously()`) goes with a second shutdown.
    blockingAwait {
      do {
        try await injector.shutdown()
      } catch {
        run.fail("the second shutdown failed: \(error)")
      }
    }
    ledger.check(exactlyOnce: kinds, "after the shutdown")
  }

  /// Shuts the injector down; a failure may only say that a value needs `await`.
  private static func shutDown(_ injector: Injector, _ run: StressRun, synchronously: Bool) {
    if synchronously {
      do {
        try injector.shutdownSynchronously()
      } catch {
        for failure in error.failures {
          guard case .needsAwait = failure.reason else {
            run.fail("shutdownSynchronously() reported \(failure.key): \(failure.reason)")
          }
        }
      }
    } else {
      blockingAwait {
        do {
          try await injector.shutdown()
        } catch {
          run.fail("shutdown() failed: \(error)")
        }
      }
    }
  }

  /// Resolves one of the values; returns whether the resolution began after the shutdown.
  private static func read(
    _ run: StressRun, _ injector: Injector, _ ledger: DisposalLedger, choice: Int
  ) -> Bool {
    let began = ledger.now
    let afterShutdown = injector.parentOrSelfIsShutDown
    do {
      let serial: Int
      switch choice {
      case 0: serial = try injector.resolve(SyncResource.self, named: "pool").serial
      case 1: serial = try injector.resolve(SyncResource.self, named: "client").serial
      case 2: serial = try injector.resolve(SyncResource.self, named: "journal").serial
      case 3: serial = try injector.resolve(AsyncResource.self).serial
      default:
        let plugins = try injector.resolveAll(SyncResource.self)
        run.expect(plugins.count == 1, "\(plugins.count) contributions (expected 1)")
        serial = plugins[0].serial
      }
      run.expect(!afterShutdown, "a resolution that began after the shutdown got a value")
      if let disposed = ledger.disposedAt(serial) {
        run.expect(
          disposed > began, "a resolution handed out a value disposed before it began")
      }
    } catch {
      guard case .shutDown = error else {
        run.fail("a resolution threw \(error)")
      }
    }
    return afterShutdown
  }
}

extension Injector {
  /// Whether this injector or its parent was shut down.
  fileprivate var parentOrSelfIsShutDown: Bool {
    isShutDown || (parent?.isShutDown ?? false)
  }
}
