import InjectionCore

/// W9: resolve an `async` singleton that is already built with `await`, and race 1,000 tasks
/// for the first build of a fresh one; each against a hand-written ``AsyncLazy``.
///
/// The harness is synchronous: each timed repetition runs in one async context
/// (``BlockingWait``), and the clock starts and stops inside it, so that starting the context is
/// not timed. In both runs the singleton's factory counts its build, yields once, then returns a
/// new `HybridEngine`.
enum W9AsyncSingletons {
  private typealias Resolve = @Sendable () async throws -> any Engine

  /// One race: a fresh singleton (injector or lazy value), and the counter of its builds.
  private struct Contender {
    let builds: InitCounter
    let resolve: Resolve
  }

  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> [WorkloadFigure] {
    let (cachedBaseline, cached) = try cachedReads(plan, into: &blackhole)
    let raceBaseline = try plan.repetitions.median {
      try races(plan, into: &blackhole) { builds in
        let lazy = AsyncLazy { await build(counting: builds) }
        return { try await lazy.value() }
      }
    }
    let race = try plan.repetitions.median {
      try races(plan, into: &blackhole) { builds in
        let injector = makeInjector(counting: builds)
        return { try await injector.resolveAsync((any Engine).self) }
      }
    }
    return [
      WorkloadFigure(
        id: "W9", title: "resolve the `async` singleton `Engine` with `await` (already built)",
        baseline: cachedBaseline, injection: cached, variant: "cached"),
      WorkloadFigure(
        id: "W9",
        title: "\(MarkdownTable.grouped(plan.racers)) tasks race for the first build of an "
          + "`async` singleton (ns per race)",
        baseline: raceBaseline, injection: race, variant: "race"),
    ]
  }

  /// (a): `try await lazy.value()` against `try await injector.resolveAsync(_:)`, on a singleton
  /// built before anything is timed; ns per resolve.
  private static func cachedReads(_ plan: Plan, into blackhole: inout Blackhole) throws
    -> (baseline: Double, injection: Double)
  {
    let operations = plan.singletonResolves
    let lazy = AsyncLazy { await build(counting: InitCounter()) }
    _ = try BlockingWait.run { try await lazy.value() }  // built before anything is timed
    let baseline = try plan.repetitions.median {
      try timedInOneContext(into: &blackhole) { local in
        try await Stopwatch.nanosecondsPerOperation(operations: operations) {
          for _ in 0..<operations {
            local.consume(try await lazy.value())
          }
        }
      }
    }

    let injector = makeInjector(counting: InitCounter())
    _ = try BlockingWait.run { try await injector.resolveAsync((any Engine).self) }
    let injection = try plan.repetitions.median {
      try timedInOneContext(into: &blackhole) { local in
        try await Stopwatch.nanosecondsPerOperation(operations: operations) {
          for _ in 0..<operations {
            local.consume(try await injector.resolveAsync((any Engine).self))
          }
        }
      }
    }
    return (baseline, injection)
  }

  /// (b): one timed repetition of `plan.racesPerRepetition` races, each on a fresh contender
  /// made before the repetition's clock starts; ns per race.
  ///
  /// - Parameter makeResolve: Makes a fresh singleton that counts its builds with the given
  ///   counter, and returns how to resolve it.
  private static func races(
    _ plan: Plan, into blackhole: inout Blackhole, _ makeResolve: (InitCounter) -> Resolve
  ) throws -> Double {
    let racers = plan.racers
    let contenders = (0..<plan.racesPerRepetition).map { _ in
      let builds = InitCounter()
      return Contender(builds: builds, resolve: makeResolve(builds))
    }
    return try timedInOneContext(into: &blackhole) { local in
      var wall = Duration.zero
      for contender in contenders {
        wall += try await race(contender, racers: racers, into: &local)
      }
      return wall.nanoseconds / Double(contenders.count)
    }
  }

  /// Starts `racers` child tasks that each resolve the contender's singleton, waits for all,
  /// and checks that it was built once and that every task got the same instance.
  private static func race(_ contender: Contender, racers: Int, into blackhole: inout Blackhole)
    async throws -> Duration
  {
    let resolve = contender.resolve
    let start = Stopwatch.now
    let (first, others) = try await withThrowingTaskGroup(of: (any Engine).self) { group in
      for _ in 0..<racers {
        group.addTask { try await resolve() }
      }
      var first: (any Engine)?
      var others = 0  // `first` is kept alive, so another instance cannot share its address
      for try await engine in group {
        if let first {
          if engine !== first { others += 1 }
        } else {
          first = engine
        }
      }
      return (first, others)
    }
    let wall = Stopwatch.now - start
    let builds = contender.builds.value
    guard let first, builds == 1, others == 0 else {
      throw BenchmarkFailure(
        "\(racers) racing tasks: \(builds) builds, \(others) tasks got another instance than "
          + "the first")
    }
    blackhole.consume(first)
    return wall
  }

  /// Runs `body` in one async context (one per timed repetition), with a blackhole of its own
  /// that is folded into `blackhole` afterwards; returns what `body` measured.
  private static func timedInOneContext(
    into blackhole: inout Blackhole,
    _ body: @escaping @Sendable (inout Blackhole) async throws -> Double
  ) throws -> Double {
    let (figure, sum) = try BlockingWait.run { () async throws -> (Double, Int) in
      var local = Blackhole()
      let figure = try await body(&local)
      return (figure, local.sum)
    }
    blackhole.absorb(sum)
    return figure
  }

  private static func makeInjector(counting builds: InitCounter) -> Injector {
    let injector = Injector(label: "W9")
    injector.map((any Engine).self, scope: .singleton) { _ in await build(counting: builds) }
    return injector
  }

  /// The singleton's factory in both runs: counts the build, yields once, returns a new engine.
  private static func build(counting builds: InitCounter) async -> any Engine {
    builds.increment()
    await Task.yield()
    return HybridEngine()
  }
}
