import Foundation
import HeapStatistics

/// The process's heap in use and resident set, for W4's bytes per mapping.
///
/// Heap bytes come from glibc's `mallinfo2()` (bytes in allocated chunks, malloc's own
/// overhead included, through the `HeapStatistics` C target); the resident set from
/// `/proc/self/statm`. Both are Linux-only: on other platforms the probe reads `nil` and the
/// figures are reported as not measured.
struct MemoryProbe {
  /// Bytes in use by `malloc`, or `nil` where that cannot be read.
  let heapBytes: Int?
  /// The resident set size in bytes, or `nil` where that cannot be read.
  let residentBytes: Int?

  static func now() -> MemoryProbe {
    MemoryProbe(heapBytes: heapInUse(), residentBytes: residentSet())
  }

  private static func heapInUse() -> Int? {
    let bytes = heap_statistics_bytes_in_use()
    return bytes < 0 ? nil : Int(bytes)
  }

  private static func residentSet() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
