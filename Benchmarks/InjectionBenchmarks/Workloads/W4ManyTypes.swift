import InjectionCore

/// W4: map N distinct types, then resolve each once (N = 100, 1,000, 10,000).
///
/// Each N has its own generated types, so the first pass over them is the process's first
/// sight of those types: the cold pass, an app's launch cost, reported separately. Then five
/// timed repetitions, each of `passes` passes with a fresh injector; the hand-wired run calls
/// each type's initializer through one non-inlined call, with a warm-up repetition first.
enum W4ManyTypes {
  struct Pass {
    var map: Double
    var resolve: Double
  }

  static func run(typeCount: Int, _ plan: Plan, into blackhole: inout Blackhole) throws
    -> TypeCountFigure
  {
    guard let services = W4Catalog.sets[typeCount] else {
      throw BenchmarkFailure("W4 has no generated set for N = \(typeCount)")
    }
    let passes = plan.passesPerRepetition(typeCount: typeCount)
    let cold = try injectionPass(services, into: &blackhole)  // before anything else uses them

    var maps: [Double] = []
    var resolves: [Double] = []
    for _ in 0..<plan.repetitions.timed {
      var total = Pass(map: 0, resolve: 0)
      for _ in 0..<passes {
        let pass = try injectionPass(services, into: &blackhole)
        total.map += pass.map
        total.resolve += pass.resolve
      }
      maps.append(total.map / Double(passes))
      resolves.append(total.resolve / Double(passes))
    }

    let baseline = plan.repetitions.median {
      var total = 0.0
      for _ in 0..<passes {
        total += baselinePass(services, into: &blackhole)
      }
      return total / Double(passes)
    }

    return TypeCountFigure(
      typeCount: typeCount, passesPerRepetition: passes, map: maps.median,
      resolve: resolves.median, baselineResolve: baseline, coldMap: cold.map,
      coldResolve: cold.resolve)
  }

  /// Maps every type on a fresh injector, then resolves each once; ns per type for each phase.
  private static func injectionPass(
    _ services: [any W4Service.Type], into blackhole: inout Blackhole
  ) throws -> Pass {
    let injector = Injector(label: "W4")
    let start = Stopwatch.now
    for service in services {
      service.map(into: injector)
    }
    let mapped = Stopwatch.now
    for service in services {
      blackhole.consume(try service.resolve(from: injector))
    }
    let resolved = Stopwatch.now
    withExtendedLifetime(injector) {}  // released after the clock stopped
    let count = Double(services.count)
    return Pass(
      map: (mapped - start).nanoseconds / count, resolve: (resolved - mapped).nanoseconds / count)
  }

  private static func baselinePass(
    _ services: [any W4Service.Type], into blackhole: inout Blackhole
  ) -> Double {
    Stopwatch.nanosecondsPerOperation(operations: services.count) {
      for service in services {
        blackhole.consume(service.make())
      }
    }
  }
}
