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
///
/// Reading a file throws only for what stops it from being read at all (it cannot be read, is
/// over a limit, is not a property list, holds text that is not valid in its encoding, or has no
/// `Services` dictionary). Every other problem (an entry of the wrong shape, a key that appears
/// twice, a number that is not finite) is in ``problems``, and ``ServicesModule`` reports it
/// together with the problems it finds against the registry, so that one load lists every
/// problem of a file.
public struct ServicesFile: Sendable {
  /// One service entry.
  public struct Entry: Sendable {
    /// The entry's key in the file, such as `EngineService`.
    public let key: String
    /// The service name: the key without its `Service` suffix (`Engine`); the whole key when
    /// it has no suffix (a problem of the file).
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

  /// Where the file came from: its file name, or the source name given with the data.
  public let source: String

  /// The options the file was read with; ``ServicesModule`` applies their
  /// ``PlistOptions/unknownProperties``.
  public let options: PlistOptions

  /// The entries that are dictionaries, sorted by key.
  public let entries: [Entry]

  /// The problems found while reading that did not stop it, in the order found.
  ///
  /// Empty for a good file. ``ServicesModule`` reports them with its own.
  public let problems: [PlistError.Problem]

  /// Reads and checks a services property list file (XML or binary).
  ///
  /// The file's size is checked before it is read, and no more than
  /// ``PlistOptions/maximumFileSize`` plus one byte is ever read (a file that grows, or a
  /// device, is cut there and refused).
  ///
  /// - Parameters:
  ///   - url: The file's URL.
  ///   - options: The limits the file must stay within, and how unknown properties count.
  /// - Throws: ``PlistError`` when the file cannot be read, is over a limit, is not a property
  ///   list, or has no `Services` dictionary.
  public init(contentsOf url: URL, options: PlistOptions = .default) throws(PlistError) {
    let source = url.lastPathComponent
    let data = try BoundedFileReader.read(url, limit: options.maximumFileSize, source: source)
    try self.init(data: data, source: source, options: options)
  }

  /// Checks the services property list in `data` (XML or binary).
  ///
  /// - Parameters:
  ///   - data: The property list.
  ///   - source: How messages name it, such as the file name.
  ///   - options: The limits the file must stay within, and how unknown properties count.
  /// - Throws: ``PlistError`` when the data is over a limit, is not a property list, or has no
  ///   `Services` dictionary.
  public init(data: Data, source: String, options: PlistOptions = .default) throws(PlistError) {
    self.source = source
    self.options = options
    func problem(_ keyPath: String, line: Int? = nil, _ kind: PlistError.Problem.Kind)
      -> PlistError.Problem
    {
      PlistError.Problem(file: source, keyPath: keyPath, line: line, kind: kind)
    }
    guard data.count <= options.maximumFileSize else {
      throw PlistError(problems: [
        problem("", .fileTooLarge(size: data.count, limit: options.maximumFileSize))
      ])
    }
    let read: PlistReader.Result
    do {
      read = try PlistReader.read(data, options: options)
    } catch {
      throw PlistError(problems: [
        problem(PathStep.servicesRelative(error.path), line: error.line, error.kind)
      ])
    }
    var problems = read.problems.map {
      problem(PathStep.servicesRelative($0.path), line: $0.line, $0.kind)
    }
    guard case .dictionary(let top) = read.root else {
      throw PlistError(
        problems: problems + [problem("", .rootNotADictionary(found: read.root.described))])
    }
    guard let services = top["Services"] else {
      throw PlistError(problems: problems + [problem("", .noServices(found: top.keys.sorted()))])
    }
    guard case .dictionary(let byKey) = services else {
      throw PlistError(
        problems: problems + [
          problem("Services", .servicesNotADictionary(found: services.described))
        ])
    }
    guard byKey.count <= options.maximumServiceCount else {
      throw PlistError(
        problems: problems + [
          problem(
            "Services",
            .tooManyServices(count: byKey.count, limit: options.maximumServiceCount))
        ])
    }
    var entries: [Entry] = []
    for (key, value) in byKey.sorted(by: { $0.key < $1.key }) {
      if let entry = Self.entry(key: key, value: value, source: source, problems: &problems) {
        entries.append(entry)
      }
    }
    self.entries = entries
    self.problems = problems
  }

  /// The entry under `key`, or `nil` when it is not a dictionary; its problems are appended to
  /// `problems`.
  private static func entry(
    key: String, value: PlistValue, source: String, problems: inout [PlistError.Problem]
  ) -> Entry? {
    func problem(_ keyPath: String, _ kind: PlistError.Problem.Kind) {
      problems.append(.init(file: source, keyPath: keyPath, kind: kind))
    }
    var name = key.hasSuffix("Service") ? String(key.dropLast("Service".count)) : ""
    if name.isEmpty {
      problem(key, .missingServiceSuffix(key))
      name = key  // checked under the name it most likely means, so its other problems show
    }
    guard case .dictionary(var values) = value else {
      problem(key, .entryNotADictionary(found: value.described))
      return nil
    }
    var implementation = name
    if let type = values.removeValue(forKey: "@type") {
      if case .string(let type) = type, !type.isEmpty {
        implementation = type
      } else {
        problem("\(key).@type", .invalidType(found: type.described))
      }
    }
    var scope: Scope?
    if let given = values.removeValue(forKey: "@scope") {
      switch given {
      case .string("singleton"): scope = .singleton
      case .string("transient"): scope = .transient
      default: problem("\(key).@scope", .invalidScope(found: given.described))
      }
    }
    for reserved in values.keys.sorted() where reserved.hasPrefix("@") {
      problem("\(key).\(reserved)", .unknownReservedKey(reserved))
      values.removeValue(forKey: reserved)
    }
    return Entry(
      key: key, name: name, implementation: implementation, scope: scope,
      values: .dictionary(values))
  }
}
