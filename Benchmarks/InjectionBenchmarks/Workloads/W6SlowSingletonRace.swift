import InjectionCore

/// W6: 1,000 racers resolve a `SlowEngine` singleton that nobody has built yet; its `init` must
/// run once and every racer must see the same instance.
///
/// Two variants: concurrent tasks (on 2 cores a task group reaches only a few threads), and OS
/// threads blocked on a gate and released at once. Every trial uses a fresh injector (and a
/// fresh lock-guarded slot for the hand-wired run) and a fresh init counter.
enum W6SlowSingletonRace {
  enum Variant: String {
    case tasks
    case threads
  }

  private typealias Resolve = @Sendable () throws -> any Engine

  static func run(_ variant: Variant, _ plan: Plan) throws -> RaceFigure {
    var baseline = RaceTrials()
    var injection = RaceTrials()
    for _ in 0..<plan.raceTrials {
      let slotCounter = InitCounter()
      let slot = LazySlot(counter: slotCounter)
      try trial(variant, racers: plan.racers, counter: slotCounter, into: &baseline) {
        slot.resolveEngine()
      }

      let injectorCounter = InitCounter()
      let injector = Injector(label: "W6")
      injector.map((any Engine).self, scope: .singleton) { _ in
        SlowEngine(counter: injectorCounter)
      }
      try trial(variant, racers: plan.racers, counter: injectorCounter, into: &injection) {
        try injector.resolve((any Engine).self)
      }
    }
    return RaceFigure(
      variant: variant.rawValue, racers: plan.racers, baseline: baseline, injection: injection)
  }

  private static func trial(
    _ variant: Variant, racers: Int, counter: InitCounter, into trials: inout RaceTrials,
    _ resolve: @escaping Resolve
  ) throws {
    let results = BatchResults()
    let wall: Duration
    switch variant {
    case .tasks:
      wall = BlockingWait.run { await raceTasks(racers: racers, results: results, resolve) }
    case .threads:
      wall = ThreadBatch.run(count: racers) { _ in resolveOnce(into: results, resolve) }.wall
    }
    try results.check()
    trials.inits.append(counter.value)
    trials.distinct.append(results.distinctEngines)
    trials.wallMilliseconds.append(wall.milliseconds)
  }

  private static func raceTasks(racers: Int, results: BatchResults, _ resolve: @escaping Resolve)
    async -> Duration
  {
    let start = Stopwatch.now
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<racers {
        group.addTask { resolveOnce(into: results, resolve) }
      }
    }
    return Stopwatch.now - start
  }

  private static func resolveOnce(into results: BatchResults, _ resolve: Resolve) {
    do {
      results.add(try resolve())
    } catch {
      results.record(error)
    }
  }
}
