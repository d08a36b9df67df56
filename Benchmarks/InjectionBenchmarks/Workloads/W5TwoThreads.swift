import InjectionCore

/// W5: two OS threads resolve the singleton `Engine` 500,000 times each, at the same time.
///
/// The figure is wall time, from the threads' release to the end of the last one, divided by
/// the resolves of both threads (2 × 500,000). Both threads wait on a gate and are released at
/// once; each times its own section, and the figure records how much those sections overlapped
/// (the lowest of the timed repetitions), so that a run in which one thread finished before the
/// other started cannot pass for a concurrent one.
enum W5TwoThreads {
  static let threads = 2

  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> WorkloadFigure {
    let perThread = plan.resolvesPerThread
    let container = HandWiredContainer()
    var baselineOverlaps: [Double] = []
    let baseline = try plan.repetitions.median {
      try race(perThread: perThread, overlaps: &baselineOverlaps, into: &blackhole) { results in
        var local = Blackhole()
        for _ in 0..<perThread {
          local.consume(container.resolveEngine())
        }
        results.add(local)
      }
    }

    let injector = Injector(label: "W5")
    injector.map((any Engine).self, scope: .singleton) { _ in HybridEngine() }
    _ = try injector.resolve((any Engine).self)  // built before anything is timed
    var injectionOverlaps: [Double] = []
    let injection = try plan.repetitions.median {
      try race(perThread: perThread, overlaps: &injectionOverlaps, into: &blackhole) { results in
        var local = Blackhole()
        do {
          for _ in 0..<perThread {
            local.consume(try injector.resolve((any Engine).self))
          }
        } catch {
          results.record(error)
        }
        results.add(local)
      }
    }
    var figure = WorkloadFigure(
      id: "W5", title: "two threads resolve one singleton (wall ns / all resolves of both)",
      baseline: baseline, injection: injection)
    // The warm-up repetition is not timed: its overlap is left out too.
    figure.overlap = (
      baseline: baselineOverlaps.dropFirst().min() ?? 0,
      injection: injectionOverlaps.dropFirst().min() ?? 0
    )
    return figure
  }

  /// One timed repetition: runs `body` on each thread; returns wall ns per resolve.
  private static func race(
    perThread: Int, overlaps: inout [Double], into blackhole: inout Blackhole,
    _ body: @escaping @Sendable (BatchResults) -> Void
  ) throws -> Double {
    let results = BatchResults()
    let timing = ThreadBatch.run(count: threads) { _ in body(results) }
    try results.check()
    blackhole.absorb(results.sum)
    overlaps.append(timing.overlap)
    return timing.wall.nanoseconds / Double(threads * perThread)
  }
}
