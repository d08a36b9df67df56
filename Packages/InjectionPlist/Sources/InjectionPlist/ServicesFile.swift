public import InjectionCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A parsed `Services.plist`: one entry per service, nothing built yet.
///
/// The format is OCSimpleInjector's: the root dictionary holds `Services`, a dictionary with one
/// entry per service, named `<Name>Service`, whose dictionary gives the service's property
/// values. Keys that start with `@` are reserved (a Swift property name cannot start with `@`):
///
/// - `@type`: the registered implementation that provides the service, when it is not the
///   one named `<Name>`: `EngineService` with `@type` `HybridEngine`;
/// - `@scope`: `singleton` (the default) or `transient`.
///
/// ```xml
/// <key>Services</key>
/// <dict>
///   <key>EngineService</key>
///   <dict>
///     <key>@type</key><string>HybridEngine</string>
///     <key>horsepower</key><integer>300</integer>
///   </dict>
/// </dict>
/// ```
public struct ServicesFile: Sendable {
  /// One service entry.
  public struct Entry: Sendable {
    /// The entry's key in the file, such as `EngineService`.
    public let key: String
    /// The service name: the key without its `Service` suffix (`Engine`).
    public let name: String
    /// The registered implementation that provides it: `@type`, else ``name``.
    public let implementation: String
    /// The scope that `@scope` gives, or `nil` for the registration's own.
    public let scope: Scope?
    /// The property names the entry sets, sorted.
    public var propertyNames: [String] {
      guard case .dictionary(let values) = values else { return [] }
      return values.keys.sorted()
    }

    /// The entry's property values, reserved keys removed.
    let values: PlistValue
  }

  /// Where the file came from: its path, or the source name given with the data.
  public let source: String

  /// The entries, sorted by key.
  public let entries: [Entry]

  /// Reads and checks a services property list file (XML or binary).
  ///
  /// - Parameters:
  ///   - url: The file's URL.
  ///   - limits: Bounds on size, entries and nesting.
  /// - Throws: ``PlistError`` with every problem found in the file.
  public init(contentsOf url: URL, limits: PlistLimits = .default) throws(PlistError) {
    let source = url.lastPathComponent
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw PlistError(
        problems: [
          .init(
            file: source, keyPath: "",
            message: "cannot read the file at \(url.path): \(Self.readFailure(error))")
        ])
    }
    try self.init(data: data, source: source, limits: limits)
  }

  /// Checks the services property list in `data` (XML or binary).
  ///
  /// - Parameters:
  ///   - data: The property list.
  ///   - source: How messages name it, such as the file name.
  ///   - limits: Bounds on size, entries and nesting.
  /// - Throws: ``PlistError`` with every problem found.
  public init(data: Data, source: String, limits: PlistLimits = .default) throws(PlistError) {
    self.source = source
    func failure(_ keyPath: String, _ message: String) -> PlistError {
      PlistError(problems: [.init(file: source, keyPath: keyPath, message: message)])
    }
    guard data.count <= limits.maximumFileSize else {
      throw failure(
        "", "the file has \(data.count) bytes, over the limit of \(limits.maximumFileSize)")
    }
    if let depth = Self.xmlNestingDepth(of: data), depth > limits.maximumDepth {
      throw failure("", "nested \(depth) levels deep, over the limit of \(limits.maximumDepth)")
    }
    let root: PlistValue
    do {
      let decoder = PropertyListDecoder()
      decoder.userInfo[PlistTreeReader.limitKey] = limits.maximumDepth
      root = try decoder.decode(PlistTreeReader.self, from: data).value
    } catch {
      throw failure("", "not a property list: \(Self.parserMessage(error))")
    }
    guard case .dictionary(let top) = root else {
      throw failure("", "the root is \(root.described), not a dictionary")
    }
    guard let services = top["Services"] else {
      throw failure("", "no Services dictionary at the root; found \(top.keys.sorted())")
    }
    guard case .dictionary(let byKey) = services else {
      throw failure("Services", "expected a dictionary, found \(services.described)")
    }
    guard byKey.count <= limits.maximumServiceCount else {
      throw failure(
        "Services",
        "\(byKey.count) entries, over the limit of \(limits.maximumServiceCount)")
    }
    var problems: [PlistError.Problem] = []
    var entries: [Entry] = []
    for (key, value) in byKey.sorted(by: { $0.key < $1.key }) {
      if let entry = Self.entry(key: key, value: value, source: source, problems: &problems) {
        entries.append(entry)
      }
    }
    guard problems.isEmpty else { throw PlistError(problems: problems) }
    self.entries = entries
  }

  /// The entry under `key`, or `nil` after appending its problems to `problems`.
  private static func entry(
    key: String, value: PlistValue, source: String, problems: inout [PlistError.Problem]
  ) -> Entry? {
    let problemCount = problems.count
    func problem(_ keyPath: String, _ message: String) {
      problems.append(.init(file: source, keyPath: keyPath, message: message))
    }
    let name = key.hasSuffix("Service") ? String(key.dropLast("Service".count)) : ""
    if name.isEmpty {
      problem(key, "a service entry's key is <Name>Service, such as EngineService")
    }
    guard case .dictionary(var values) = value else {
      problem(key, "expected a dictionary of property values, found \(value.described)")
      return nil
    }
    var implementation = name
    if let type = values.removeValue(forKey: "@type") {
      if case .string(let type) = type, !type.isEmpty {
        implementation = type
      } else {
        problem("\(key).@type", "expected a registered type name, found \(type.described)")
      }
    }
    var scope: Scope?
    if let given = values.removeValue(forKey: "@scope") {
      switch given {
      case .string("singleton"): scope = .singleton
      case .string("transient"): scope = .transient
      default:
        problem(
          "\(key).@scope", "expected \"singleton\" or \"transient\", found \(given.described)")
      }
    }
    for reserved in values.keys where reserved.hasPrefix("@") {
      problem("\(key).\(reserved)", "unknown reserved key; the reserved keys are @type and @scope")
    }
    guard problems.count == problemCount else { return nil }
    return Entry(
      key: key, name: name, implementation: implementation, scope: scope,
      values: .dictionary(values))
  }

  /// Why a file could not be read, in words.
  private static func readFailure(_ error: any Error) -> String {
    guard let error = error as? CocoaError else { return "\(error)" }
    switch error.code {
    case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
    case .fileReadNoPermission: return "permission denied"
    case .fileReadTooLarge: return "the file is too large"
    case .fileReadCorruptFile: return "the file is corrupt"
    default: return "error \(error.code.rawValue)"
    }
  }

  /// The parser's own message, with its line where it gives one.
  private static func parserMessage(_ error: any Error) -> String {
    if case DecodingError.dataCorrupted(let context) = error {
      if let underlying = context.underlyingError as? CocoaError,
        let detail = underlying.userInfo["NSDebugDescription"] as? String
      {
        return detail
      }
      return context.debugDescription
    }
    return "\(error)"
  }

  /// The deepest nesting of `<dict>` and `<array>` in an XML property list, found by a scan of
  /// the bytes before the parser runs (so that a deep file cannot exhaust its stack), or `nil`
  /// for a binary one.
  static func xmlNestingDepth(of data: Data) -> Int? {
    guard !data.starts(with: Array("bplist".utf8)) else { return nil }
    var depth = 0
    var deepest = 0
    let bytes = Array(data)
    var index = 0
    while index < bytes.count {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "<") else { continue }
      let rest = bytes[(index + 1)...]
      if rest.starts(with: Array("dict>".utf8)) || rest.starts(with: Array("array>".utf8)) {
        depth += 1
        deepest = max(deepest, depth)
      } else if rest.starts(with: Array("/dict>".utf8)) || rest.starts(with: Array("/array>".utf8))
      {
        depth -= 1
      }
    }
    return max(deepest - 1, 0)
  }
}
