/// How much work a run does: the iterations of BENCHMARKS.md, or far fewer for `--quick`.
struct Plan {
  let isQuick: Bool
  let repetitions: Repetitions
  let singletonResolves: Int
  let carResolves: Int
  let injectedReads: Int
  let resolvesPerThread: Int
  /// The W4 sizes; each has its own disjoint set of generated types.
  let typeCounts: [Int]
  /// How many W4 passes make one timed repetition at `N`: at least `typesPerRepetition / N`,
  /// because a single pass over 100 types is too short to time steadily.
  let typesPerRepetition: Int
  let raceTrials: Int
  let racers: Int
  /// How many W9 races (each on a fresh injector or lazy value) make one timed repetition:
  /// one race of `racers` tasks is too short to time steadily.
  let racesPerRepetition: Int
  /// The W7 sizes: N types compiled through swift-injection and by hand, debug and release.
  let compileTypeCounts: [Int]
  /// Whether W7 runs only when `--filter` names it: its clean builds take minutes.
  let compilesOnlyWhenNamed: Bool
  /// The W11 sizes: how many mappings the injector holds when a resolution misses.
  let missMappingCounts: [Int]
  /// W11's repetitions: three timed ones even in a smoke run, whose check of the miss's growth
  /// reads the times.
  let missRepetitions: Repetitions
  /// How long one W11 repetition runs: a miss may cost as much as a hit or a thousand times more.
  let missBudget: OperationBudget
  /// W13: how many mappings the validated injector holds, and its repetitions (one operation
  /// each: a validation and both exports).
  let validationMappings: Int
  let validationRepetitions: Repetitions
  /// W10: warm launches per timed repetition, and cold samples (a fresh process each).
  let launches: Int
  let coldLaunchSamples: Int
  /// W12: requests per timed repetition (per thread on two threads), and how many more requests
  /// the memory check serves.
  let requests: Int
  let memoryRequests: Int

  static let full = Plan(
    isQuick: false, repetitions: Repetitions(timed: 5), singletonResolves: 1_000_000,
    carResolves: 200_000, injectedReads: 10_000_000, resolvesPerThread: 500_000,
    typeCounts: [100, 1_000, 10_000], typesPerRepetition: 10_000, raceTrials: 5, racers: 1_000,
    racesPerRepetition: 10, compileTypeCounts: [100, 1_000], compilesOnlyWhenNamed: false,
    missMappingCounts: [10, 1_000, 10_000], missRepetitions: Repetitions(timed: 5),
    missBudget: OperationBudget(nanoseconds: 20_000_000, maximum: 1_000_000),
    validationMappings: 10_000, validationRepetitions: Repetitions(timed: 5), launches: 10_000,
    coldLaunchSamples: 11, requests: 100_000, memoryRequests: 1_000_000)

  /// A smoke run: every workload once, with few iterations; W6 and W9's race keep their 1,000
  /// racers because they check behaviour, not time.
  ///
  /// W7 (minutes of compiling) runs only when `--filter` names it. W11 keeps its three sizes
  /// and three timed repetitions of about 2 ms each, because its check reads the times.
  static let quick = Plan(
    isQuick: true, repetitions: Repetitions(timed: 1), singletonResolves: 10_000,
    carResolves: 2_000, injectedReads: 100_000, resolvesPerThread: 5_000,
    typeCounts: [100, 1_000, 10_000], typesPerRepetition: 1, raceTrials: 5, racers: 1_000,
    racesPerRepetition: 1, compileTypeCounts: [100, 1_000], compilesOnlyWhenNamed: true,
    missMappingCounts: [10, 1_000, 10_000], missRepetitions: Repetitions(timed: 3),
    missBudget: OperationBudget(nanoseconds: 2_000_000, maximum: 20_000),
    validationMappings: 10_000, validationRepetitions: Repetitions(timed: 1), launches: 200,
    coldLaunchSamples: 3, requests: 2_000, memoryRequests: 20_000)

  func passesPerRepetition(typeCount: Int) -> Int {
    max(1, typesPerRepetition / typeCount)
  }
}
