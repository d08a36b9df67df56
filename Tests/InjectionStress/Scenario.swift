/// A named stress scenario: a body that hammers the injector until its run's deadline and checks
/// invariants as it goes.
struct Scenario: Sendable {
  /// The name used by `--filter` and in the `PASS`/`FAIL` lines.
  let name: String
  /// Runs the scenario; it reports violations through the run, which exits the process.
  let body: @Sendable (StressRun) -> Void

  /// A scenario that runs `oneRound` until the run's deadline, every other round (the first
  /// included) with a first build that fails.
  static func failingEveryOtherFirstBuild(
    name: String, _ oneRound: @escaping @Sendable (StressRun, Bool) -> Void
  ) -> Scenario {
    Scenario(name: name) { run in
      var round = 0
      while run.isRunning {
        oneRound(run, round.isMultiple(of: 2))
        run.recordIteration()
        round += 1
      }
    }
  }

  /// Every scenario, in the order they run.
  static let all: [Scenario] = [
    InjectedReadTemporaryOwner.scenario,
    RemapWhileResolving.scenario,
    StaleWaitEdge.scenario,
    WeakDeinitUnderLock.scenario,
    MappingInTwoInjectors.scenario,
    ThousandThreadsOnce.scenario,
    FailedBuildAfterPartial.scenario,
    FailingModuleIsInvisible.scenario,
    ModuleUnloadWhileResolving.scenario,
    TransientCycleThroughChildren.scenario,
    LazyFirstRead.scenario,
    AsyncFirstBuild.scenario,
    AwaitedLazyRead.scenario,
    AwaitedDeferredCancellation.scenario,
    GraphRemapWhileBuilding.scenario,
    LazyWaitsForASingleton.scenario,
    ObserverResolvesWithArguments.scenario,
    CollectionsWhileModulesChange.scenario,
    KeyedCollectionsWhileModulesChange.scenario,
    AliasesWhileTargetChanges.scenario,
    ResetWhileResolving.scenario,
    DecoratorsWhileModulesChange.scenario,
    CopiesWhileModulesChange.scenario,
    ValidationWhileModulesChange.scenario,
    PerArgumentOnce.scenario,
    ShutdownWhileResolving.scenario,
    ResetRemoveModuleDispose.scenario,
  ]
}
