import Foundation
import InjectionCore
import InjectionPlist

/// P1: load a services property list: `ServicesFile(data:)` then `ServicesModule`, which reads,
/// bounds and checks every value; a 1 MiB file (one entry with an array of short strings) and
/// a typical 10 KB one (26 services of a few properties each).
///
/// The reference is Foundation's `PropertyListSerialization` parsing the same bytes into
/// `Any` (no limits, no checks): the work a loader built on it would start from.
enum P1PlistLoad {
  /// The 1 MiB file's service: a long array of strings.
  struct Catalog: Decodable, Sendable {
    let items: [String]
  }

  /// A typical service of a configuration file.
  struct Endpoint: Decodable, Sendable {
    let host: String
    let port: Int
    let timeout: Double
    let isSecure: Bool
    let tags: [String]
    let retry: Retry
  }

  struct Retry: Decodable, Sendable {
    let attempts: Int
    let backoff: Double
  }

  static func run(_ plan: Plan, into blackhole: inout Blackhole) throws -> [WorkloadFigure] {
    let registry = ServiceRegistry()
    registry.register(Catalog.self, as: "Catalog")
    for index in 0..<26 {
      registry.register(Endpoint.self, as: "Endpoint\(index)", named: "endpoint\(index)")
    }
    let large = largeFile()
    let typical = typicalFile()
    Console.progress(
      "P1: \(large.count) bytes (\(stringCount(large)) strings), \(typical.count) bytes")
    return [
      try figure(
        "1MiB", title: "load a 1 MiB services plist (one array of short strings)", data: large,
        loads: plan.isQuick ? 2 : 10, registry: registry, into: &blackhole),
      try figure(
        "10KB", title: "load a 10 KB services plist (26 services)", data: typical,
        loads: plan.isQuick ? 20 : 2_000, registry: registry, into: &blackhole),
    ]
  }

  private static func figure(
    _ variant: String, title: String, data: Data, loads: Int, registry: ServiceRegistry,
    into blackhole: inout Blackhole
  ) throws -> WorkloadFigure {
    let baseline = try plan(loads).median {
      try Stopwatch.nanosecondsPerOperation(operations: loads) {
        for _ in 0..<loads {
          let parsed = try PropertyListSerialization.propertyList(from: data, format: nil)
          blackhole.absorb((parsed as? [String: Any])?.count ?? 0)
        }
      }
    }
    let injection = try plan(loads).median {
      try Stopwatch.nanosecondsPerOperation(operations: loads) {
        for _ in 0..<loads {
          let file = try ServicesFile(data: data, source: "P1.plist")
          let module = try ServicesModule(file: file, registry: registry)
          blackhole.consume(module)
        }
      }
    }
    var figure = WorkloadFigure(
      id: "P1", title: title, baseline: baseline, injection: injection)
    figure.variant = variant
    return figure
  }

  private static func plan(_ loads: Int) -> Repetitions { Repetitions(timed: 5) }

  /// One entry whose array of short strings fills the file to just under 1 MiB.
  static func largeFile() -> Data {
    let head = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict><key>Services</key><dict><key>CatalogService</key><dict>
      <key>items</key><array>

      """
    let tail = "</array></dict></dict></dict></plist>\n"
    var text = head
    var index = 0
    while true {
      let item = "<string>\(index)</string>\n"
      guard text.utf8.count + item.utf8.count + tail.utf8.count <= 1 << 20 else { break }
      text += item
      index += 1
    }
    return Data((text + tail).utf8)
  }

  /// 26 services of six properties each (a nested dictionary and an array among them).
  static func typicalFile() -> Data {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>Services</key>
      \t<dict>

      """
    for index in 0..<26 {
      text += """
        \t\t<key>Endpoint\(index)Service</key>
        \t\t<dict>
        \t\t\t<key>host</key><string>api\(index).example.com</string>
        \t\t\t<key>port</key><integer>\(8000 + index)</integer>
        \t\t\t<key>timeout</key><real>2.5</real>
        \t\t\t<key>isSecure</key><true/>
        \t\t\t<key>tags</key><array><string>a</string><string>b</string></array>
        \t\t\t<key>retry</key><dict><key>attempts</key><integer>3</integer><key>backoff</key><real>0.5</real></dict>
        \t\t</dict>

        """
    }
    text += "\t</dict>\n</dict>\n</plist>\n"
    return Data(text.utf8)
  }

  private static func stringCount(_ data: Data) -> Int {
    data.split(separator: UInt8(ascii: "\n")).count - 5
  }
}
