import InjectionCore

/// W8: build a `Ticket` from two run-time arguments (and the singleton `Engine`), and make a
/// `Wheel` through a `Provider`, each against a hand-written factory called the same way.
enum W8ArgumentsAndProviders {
  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> [WorkloadFigure] {
    let operations = plan.carResolves
    let container = HandWiredContainer()
    let engine = container.resolveEngine()
    let makeTicket: (Int, String) -> Ticket = { Ticket(row: $0, seat: $1, engine: engine) }
    let ticketBaseline = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: operations) {
        for index in 0..<operations {
          blackhole.consume(makeTicket(index, "A"))
        }
      }
    }
    let makeWheel: () -> Wheel = { Wheel() }
    let wheelBaseline = plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(makeWheel())
        }
      }
    }

    let injector = Injector(label: "W8")
    injector.map((any Engine).self, scope: .singleton) { _ in HybridEngine() }
    injector.map(Ticket.self, taking: Int.self, String.self) { injector, row, seat in
      Ticket(row: row, seat: seat, engine: try injector.resolve((any Engine).self))
    }
    injector.map(Wheel.self) { _ in Wheel() }
    _ = try injector.resolve(Ticket.self, arguments: 0, "A")  // the engine is built before
    let tickets = try plan.repetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: operations) {
        for index in 0..<operations {
          blackhole.consume(try injector.resolve(Ticket.self, arguments: index, "A"))
        }
      }
    }
    let provider = try injector.resolve(Provider<Wheel>.self)
    let wheels = try plan.repetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(try provider())
        }
      }
    }
    return [
      WorkloadFigure(
        id: "W8", title: "resolve a new `Ticket` with two arguments (`Int`, `String`)",
        baseline: ticketBaseline, injection: tickets, variant: "arguments"),
      WorkloadFigure(
        id: "W8", title: "make a new `Wheel` through a `Provider<Wheel>`",
        baseline: wheelBaseline, injection: wheels, variant: "provider"),
    ]
  }
}
