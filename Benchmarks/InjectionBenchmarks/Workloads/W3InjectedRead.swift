import InjectionCore

/// W3: read an object's `@Injected` engine after its first read, against a stored `let` read.
///
/// Each read goes through a non-inlined function in both runs.
enum W3InjectedRead {
  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> WorkloadFigure {
    let operations = plan.injectedReads
    let handWired = HandWiredDashboard(engine: HybridEngine())
    let baseline = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(readEngine(of: handWired))
        }
      }
    }

    let injector = Injector(label: "W3")
    injector.map((any Engine).self, scope: .singleton) { _ in HybridEngine() }
    let dashboard = try injector.resolve(Dashboard.self)  // unmapped: created as Injectable
    blackhole.consume(readEngine(of: dashboard))  // the first read
    let injection = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(readEngine(of: dashboard))
        }
      }
    }
    return WorkloadFigure(
      id: "W3", title: "read an `@Injected` property after its first read", baseline: baseline,
      injection: injection)
  }

  @inline(never)
  private static func readEngine(of dashboard: HandWiredDashboard) -> any Engine {
    dashboard.engine
  }

  @inline(never)
  private static func readEngine(of dashboard: Dashboard) -> any Engine {
    dashboard.engine
  }
}
