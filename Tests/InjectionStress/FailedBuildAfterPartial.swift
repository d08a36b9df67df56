import InjectionCore
import InjectionTestHelpers

/// Suspected bug 7: a partial value handed out to break a cycle outlives the failed build.
///
/// The ``Anchor`` (A) and ``Buoy`` (B) singletons need each other; the anchor also needs a
/// ``Chain`` (C), whose transient factory throws the first time. The first `resolve(Anchor.self)`
/// fails after the buoy took the partial anchor; the second succeeds. A singleton is built once
/// per injector: the anchor's `init` and hook run once, and the buoy's anchor is the singleton.
enum FailedBuildAfterPartial {
  /// What happened to the anchor in one trial.
  final class Trial: Sendable {
    let anchorInits = Counter()
    let anchorHooks = Counter()
    let chainCalls = Counter()
  }

  /// A needs B and C.
  ///
  /// `@unchecked Sendable`: `buoy` and `chain` are `@Injected` wrappers, assigned once by `init`
  /// and thread-safe themselves; `trial` is a constant.
  final class Anchor: Injectable, @unchecked Sendable {
    @Injected var buoy: Buoy
    @Injected var chain: Chain
    private let trial: Trial?

    init() {
      trial = nil
    }

    init(trial: Trial) {
      self.trial = trial
      trial.anchorInits.increment()
    }

    func injectionDidComplete() {
      trial?.anchorHooks.increment()
    }
  }

  /// B needs A.
  ///
  /// `@unchecked Sendable`: its only stored property is an `@Injected` wrapper, assigned once by
  /// `init` and thread-safe itself.
  final class Buoy: Injectable, @unchecked Sendable {
    @Injected var anchor: Anchor

    init() {}
  }

  /// C, built by a factory that fails once.
  final class Chain: Sendable {}

  /// The error C's factory throws the first time.
  struct Snag: Error {}

  static let scenario = Scenario(name: "failed-build-after-partial") { run in
    while run.isRunning {
      trial(run)
      run.recordIteration()
    }
  }

  private static func trial(_ run: StressRun) {
    let trial = Trial()
    let injector = Injector(label: "failed-build-after-partial")
    injector.map(Anchor.self, scope: .singleton) { _ in Anchor(trial: trial) }
    injector.map(Buoy.self, scope: .singleton)
    injector.map(Chain.self) { _ in
      if trial.chainCalls.increment() == 1 { throw Snag() }
      return Chain()
    }
    do {
      _ = try injector.resolve(Anchor.self)
      run.fail("the first resolve(Anchor.self) succeeded though Chain's factory threw")
    } catch {
      // Expected: Chain's factory failed.
    }
    do {
      let anchor = try injector.resolve(Anchor.self)
      let buoy = try injector.resolve(Buoy.self)
      IntendedCycles.keep(anchor, buoy, buoy.anchor)
      run.expect(
        trial.anchorInits.value == 1,
        "Anchor.init ran \(trial.anchorInits.value) times for one singleton (A, B circular, "
          + "C failed once)")
      run.expect(buoy.anchor === anchor, "buoy.anchor is not the Anchor singleton")
      run.expect(anchor.buoy === buoy, "anchor.buoy is not the Buoy singleton")
      run.expect(
        trial.anchorHooks.value == 1,
        "Anchor.injectionDidComplete ran \(trial.anchorHooks.value) times")
    } catch {
      run.fail("the second resolve threw: \(error)")
    }
  }
}
