import Foundation

/// The report for tools, in the shape of BENCHMARKS.md:
/// `{"workloads": [{"id", "variant", "mappings", "baseline_ns", "injection_ns", "ratio"}],
///   "w4": [{"n", "map_ns_per_type", "resolve_ns_per_type", "baseline_resolve_ns_per_type",
///           "cold_resolve_ns_per_type", "heap_bytes_per_mapping", "resident_bytes_per_mapping"}],
///   "w6": [{"variant", "inits", "distinct"}],
///   "w7": [{"n", "config", "extra_ms_per_type", "injection_ms", "hand_written_ms",
///           "extra_cpu_ms_per_type", "injection_cpu_ms", "hand_written_cpu_ms",
///           "peak_memory_mb", "hand_written_peak_memory_mb"}]}`.
///
/// A workload's `variant` is present only where one workload reports several figures that tools
/// must tell apart (W8: `arguments`, `provider`; W9: `cached`, `race`; W11: `unmapped-class`,
/// `unmapped-name`, `unmapped-protocol`; W13: `validate-and-export`), and `mappings` only for
/// W11, whose `baseline_ns` is the hit in the same injector and `injection_ns` the miss, and
/// W13, whose `injection_ns` is one validation of 10,000 mappings plus both exports and
/// `baseline_ns` resolving each key once in a copy. The peak memory figures are `null` when GNU time was
/// not available; the bytes per mapping are `null` off Linux.
struct JSONReport: Encodable {
  struct Workload: Encodable {
    let id: String
    let variant: String?
    let mappings: Int?
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
    let heapBytesPerMapping: Double?
    let residentBytesPerMapping: Double?

    enum CodingKeys: String, CodingKey {
      case n, mapNsPerType, resolveNsPerType, baselineResolveNsPerType, coldResolveNsPerType
      case heapBytesPerMapping, residentBytesPerMapping
    }

    /// Writes `null` for bytes that were not measured, rather than leaving them out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(n, forKey: .n)
      try container.encode(mapNsPerType, forKey: .mapNsPerType)
      try container.encode(resolveNsPerType, forKey: .resolveNsPerType)
      try container.encode(baselineResolveNsPerType, forKey: .baselineResolveNsPerType)
      try container.encode(coldResolveNsPerType, forKey: .coldResolveNsPerType)
      try container.encode(heapBytesPerMapping, forKey: .heapBytesPerMapping)
      try container.encode(residentBytesPerMapping, forKey: .residentBytesPerMapping)
    }
  }

  struct Race: Encodable {
    let variant: String
    let inits: [Int]
    let distinct: [Int]
  }

  struct CompileCost: Encodable {
    enum CodingKeys: String, CodingKey {
      case n, config, extraMsPerType, injectionMs, handWrittenMs
      case extraCpuMsPerType, injectionCpuMs, handWrittenCpuMs
      case peakMemoryMb, handWrittenPeakMemoryMb
    }

    let n: Int
    let config: String
    let extraMsPerType: Double
    let injectionMs: Double
    let handWrittenMs: Double
    let extraCpuMsPerType: Double
    let injectionCpuMs: Double
    let handWrittenCpuMs: Double
    /// The compiler's peak memory for the swift-injection module, in MiB.
    let peakMemoryMb: Double?
    let handWrittenPeakMemoryMb: Double?

    /// Writes `null` for a peak memory that was not measured, rather than leaving it out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(n, forKey: .n)
      try container.encode(config, forKey: .config)
      try container.encode(extraMsPerType, forKey: .extraMsPerType)
      try container.encode(injectionMs, forKey: .injectionMs)
      try container.encode(handWrittenMs, forKey: .handWrittenMs)
      try container.encode(extraCpuMsPerType, forKey: .extraCpuMsPerType)
      try container.encode(injectionCpuMs, forKey: .injectionCpuMs)
      try container.encode(handWrittenCpuMs, forKey: .handWrittenCpuMs)
      try container.encode(peakMemoryMb, forKey: .peakMemoryMb)
      try container.encode(handWrittenPeakMemoryMb, forKey: .handWrittenPeakMemoryMb)
    }
  }

  let workloads: [Workload]
  let w4: [TypeCount]
  let w6: [Race]
  let w7: [CompileCost]

  init(_ report: BenchmarkReport) {
    workloads = report.workloads.filter(\.isReported).map {
      Workload(
        id: $0.id, variant: $0.variant, mappings: $0.mappings, baselineNs: rounded($0.baseline),
        injectionNs: rounded($0.injection), ratio: rounded($0.ratio, digits: 3))
    }
    w4 = report.typeCounts.map {
      TypeCount(
        n: $0.typeCount, mapNsPerType: rounded($0.map), resolveNsPerType: rounded($0.resolve),
        baselineResolveNsPerType: rounded($0.baselineResolve),
        coldResolveNsPerType: rounded($0.coldResolve),
        heapBytesPerMapping: $0.heapBytesPerMapping.map { rounded($0) },
        residentBytesPerMapping: $0.residentBytesPerMapping.map { rounded($0) })
    }
    w6 = report.races.map {
      Race(variant: $0.variant, inits: $0.injection.inits, distinct: $0.injection.distinct)
    }
    w7 = report.compileCosts.map {
      CompileCost(
        n: $0.typeCount, config: $0.configuration,
        extraMsPerType: rounded($0.extraMillisecondsPerType, digits: 3),
        injectionMs: rounded($0.injectionMilliseconds),
        handWrittenMs: rounded($0.handWrittenMilliseconds),
        extraCpuMsPerType: rounded($0.extraCPUMillisecondsPerType, digits: 3),
        injectionCpuMs: rounded($0.injectionCPUMilliseconds),
        handWrittenCpuMs: rounded($0.handWrittenCPUMilliseconds),
        peakMemoryMb: $0.injectionPeakMemoryMB.map { rounded($0) },
        handWrittenPeakMemoryMb: $0.handWrittenPeakMemoryMB.map { rounded($0) })
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
