import Foundation

/// The report for tools, in the shape of BENCHMARKS.md:
/// `{"workloads": [{"id", "baseline_ns", "injection_ns", "ratio"}],
///   "w4": [{"n", "map_ns_per_type", "resolve_ns_per_type", "baseline_resolve_ns_per_type",
///           "cold_resolve_ns_per_type"}],
///   "w6": [{"variant", "inits", "distinct"}]}`.
struct JSONReport: Encodable {
  struct Workload: Encodable {
    let id: String
    let baselineNs: Double
    let injectionNs: Double
    let ratio: Double
  }

  struct TypeCount: Encodable {
    let n: Int
    let mapNsPerType: Double
    let resolveNsPerType: Double
    let baselineResolveNsPerType: Double
    let coldResolveNsPerType: Double
  }

  struct Race: Encodable {
    let variant: String
    let inits: [Int]
    let distinct: [Int]
  }

  let workloads: [Workload]
  let w4: [TypeCount]
  let w6: [Race]

  init(_ report: BenchmarkReport) {
    workloads = report.workloads.filter(\.isReported).map {
      Workload(
        id: $0.id, baselineNs: rounded($0.baseline), injectionNs: rounded($0.injection),
        ratio: rounded($0.ratio, digits: 3))
    }
    w4 = report.typeCounts.map {
      TypeCount(
        n: $0.typeCount, mapNsPerType: rounded($0.map), resolveNsPerType: rounded($0.resolve),
        baselineResolveNsPerType: rounded($0.baselineResolve),
        coldResolveNsPerType: rounded($0.coldResolve))
    }
    w6 = report.races.map {
      Race(variant: $0.variant, inits: $0.injection.inits, distinct: $0.injection.distinct)
    }
  }

  func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path))
  }
}

private func rounded(_ value: Double, digits: Double = 2) -> Double {
  let scale = pow(10, digits)
  return (value * scale).rounded() / scale
}
