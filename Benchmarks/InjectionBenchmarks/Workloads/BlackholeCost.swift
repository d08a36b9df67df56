/// What one `Blackhole.consume` costs on its own (of eight objects in turn, so that the hash
/// cannot be hoisted out of the loop): a floor inside both runs of every workload, printed with
/// the table.
enum BlackholeCost {
  static func run(_ plan: Plan, into blackhole: inout Blackhole) -> Double {
    let operations = plan.singletonResolves
    let engines: [any Engine] = (0..<8).map { _ in HybridEngine() }
    return plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: operations) {
        for index in 0..<operations {
          blackhole.consume(engines[index & 7])
        }
      }
    }
  }
}
