/// A named stress scenario: a body that hammers the injector until its run's deadline and checks
/// invariants as it goes.
struct Scenario: Sendable {
  /// The name used by `--filter` and in the `PASS`/`FAIL` lines.
  let name: String
  /// Runs the scenario; it reports violations through the run, which exits the process.
  let body: @Sendable (StressRun) -> Void

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
    TransientCycleThroughChildren.scenario,
    LazyFirstRead.scenario,
    AsyncFirstBuild.scenario,
  ]
}
