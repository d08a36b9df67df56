import InjectionCore

/// W1: resolve `Engine`, mapped to a singleton `HybridEngine` that is already built.
enum W1SingletonResolve {
  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> WorkloadFigure {
    let operations = plan.singletonResolves
    let container = HandWiredContainer()
    let baseline = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(container.resolveEngine())
        }
      }
    }

    let injector = Injector(label: "W1")
    injector.map((any Engine).self, scope: .singleton) { _ in HybridEngine() }
    _ = try injector.resolve((any Engine).self)  // built before anything is timed
    let injection = try plan.repetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(try injector.resolve((any Engine).self))
        }
      }
    }
    return WorkloadFigure(
      id: "W1", title: "resolve the singleton `Engine` (already built)", baseline: baseline,
      injection: injection)
  }
}
