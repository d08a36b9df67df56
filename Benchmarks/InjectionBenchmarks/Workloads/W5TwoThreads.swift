import InjectionCore

/// W5: two OS threads resolve the singleton `Engine` 500,000 times each, at the same time.
///
/// The figure is wall time, from the threads' release to the end of the last one, divided by
/// the resolves of both threads (2 × 500,000).
enum W5TwoThreads {
  static let threads = 2

  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> WorkloadFigure {
    let perThread = plan.resolvesPerThread
    let container = HandWiredContainer()
    let baseline = try plan.repetitions.median {
      try race(perThread: perThread, into: &blackhole) { results in
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
    let injection = try plan.repetitions.median {
      try race(perThread: perThread, into: &blackhole) { results in
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
    return WorkloadFigure(
      id: "W5", title: "two threads resolve one singleton (wall ns / all resolves of both)",
      baseline: baseline, injection: injection)
  }

  /// One timed repetition: runs `body` on each thread; returns wall ns per resolve.
  private static func race(
    perThread: Int, into blackhole: inout Blackhole,
    _ body: @escaping @Sendable (BatchResults) -> Void
  ) throws -> Double {
    let results = BatchResults()
    let wall = ThreadBatch.run(count: threads) { _ in body(results) }
    try results.check()
    blackhole.absorb(results.sum)
    return wall.nanoseconds / Double(threads * perThread)
  }
}
