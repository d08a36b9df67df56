import InjectionCore

/// W2: resolve a new `Car`: its `Engine` from the singleton, four new `Wheel`s.
///
/// `Car` is a transient whose factory resolves its five dependencies; `Engine` is a singleton.
/// The main run maps `Wheel` as a transient; the supplementary run leaves it unmapped, so that
/// the injector creates it as an `Injectable`.
enum W2CarGraph {
  enum WheelProvision {
    case transientMapping
    case injectableAutoCreation
  }

  static func baseline(_ plan: Plan, into blackhole: inout Blackhole) -> Double {
    let operations = plan.carResolves
    let container = HandWiredContainer()
    return plan.repetitions.median {
      Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(container.makeCar())
        }
      }
    }
  }

  static func injection(
    _ plan: Plan, wheels: WheelProvision, into blackhole: inout Blackhole
  ) throws -> Double {
    let operations = plan.carResolves
    let injector = makeInjector(wheels: wheels)
    _ = try injector.resolve(Car.self)  // builds the Engine singleton before anything is timed
    return try plan.repetitions.median {
      try Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(try injector.resolve(Car.self))
        }
      }
    }
  }

  private static func makeInjector(wheels: WheelProvision) -> Injector {
    let injector = Injector(label: "W2")
    injector.map((any Engine).self, scope: .singleton) { _ in HybridEngine() }
    if wheels == .transientMapping {
      injector.map(Wheel.self) { _ in Wheel() }
    }
    injector.map(Car.self) { injector in
      Car(
        engine: try injector.resolve(), frontLeft: try injector.resolve(),
        frontRight: try injector.resolve(), rearLeft: try injector.resolve(),
        rearRight: try injector.resolve())
    }
    return injector
  }
}
