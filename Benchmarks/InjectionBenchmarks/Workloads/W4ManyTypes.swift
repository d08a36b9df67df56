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

    let memory = memoryPass(services)

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
      coldResolve: cold.resolve, heapBytesPerMapping: memory.heap,
      residentBytesPerMapping: memory.resident)
  }

  /// Maps every type on a fresh injector (after the cold pass, so the types' metadata exists
  /// already) and returns the heap and resident-set growth per mapping: what the registrations,
  /// their table and their closures take.
  private static func memoryPass(_ services: [any W4Service.Type]) -> (
    heap: Double?, resident: Double?
  ) {
    let before = MemoryProbe.now()
    let injector = Injector(label: "W4 memory")
    for service in services {
      service.map(into: injector)
    }
    let after = MemoryProbe.now()
    withExtendedLifetime(injector) {}
    let count = Double(services.count)
    func perMapping(_ start: Int?, _ end: Int?) -> Double? {
      guard let start, let end else { return nil }
      return Double(end - start) / count
    }
    return (
      perMapping(before.heapBytes, after.heapBytes),
      perMapping(before.residentBytes, after.residentBytes)
    )
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
