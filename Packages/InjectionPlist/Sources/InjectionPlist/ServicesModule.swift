public import InjectionCore

/// A loaded services property list as a module: add it to an injector to map its services,
/// remove it to restore what it shadowed.
///
/// ```swift
/// let file = try ServicesFile(contentsOf: servicesURL)
/// let module = try ServicesModule(file: file, registry: registry)
/// try injector.addModule(module)
/// ```
///
/// Making the module checks every entry against the registry and decodes its values once, so
/// that every problem of the file (unregistered names, values of the wrong type, missing
/// required and unknown properties, two entries for one key) is one ``PlistError`` here, not a
/// failure at the first resolution.
public final class ServicesModule: InjectionModule {
  /// What to do with a property in the file that the service type does not decode.
  public enum UnknownProperties: Sendable {
    /// It is an error (the default): a misspelled key is never silently ignored.
    case reject
    /// It is ignored.
    case ignore
  }

  /// The file the module was made from.
  public let file: ServicesFile
  private let installs: [@Sendable (ModuleMappings) -> Void]

  /// Checks `file` against `registry` and makes the module.
  ///
  /// - Parameters:
  ///   - file: The parsed file.
  ///   - registry: The types the file may build.
  ///   - unknownProperties: Whether a property the type does not decode is an error.
  /// - Throws: ``PlistError`` with every problem of the file.
  public init(
    file: ServicesFile, registry: ServiceRegistry, unknownProperties: UnknownProperties = .reject
  ) throws(PlistError) {
    self.file = file
    var problems: [PlistError.Problem] = []
    var installs: [@Sendable (ModuleMappings) -> Void] = []
    var providers: [InjectionKey: String] = [:]
    func problem(_ keyPath: String, _ message: String) {
      problems.append(.init(file: file.source, keyPath: keyPath, message: message))
    }
    // Every entry can be referred to; an unregistered one is reported once, below, and the
    // module is never made, so its placeholder key is never resolved.
    var keys: [String: InjectionKey] = [:]
    for entry in file.entries {
      keys[entry.name] =
        registry.registration(named: entry.implementation)?.key
        ?? InjectionKey(typeName: entry.implementation)
    }
    let references = ReferenceContext(keys: keys, injector: nil)
    for cycle in Self.referenceCycles(in: file) {
      problem(
        cycle[0] + "Service",
        "a reference cycle: \(cycle.map { $0 + "Service" }.joined(separator: " -> "))")
    }
    for entry in file.entries {
      guard let registration = registry.registration(named: entry.implementation) else {
        let registered = registry.names
        problem(
          entry.key,
          """
          "\(entry.implementation)" is not registered; registered: \
          \(registered.isEmpty ? "nothing" : registered.joined(separator: ", "))
          """)
        continue
      }
      if let other = providers[registration.key] {
        problem(entry.key, "\(other) already provides \(registration.key); one entry per key")
        continue
      }
      providers[registration.key] = entry.key
      do {
        let read = try registration.check(entry.values, references)
        if unknownProperties == .reject {
          for (path, key) in Self.unknownKeys(in: entry.values, read: read) {
            problem(
              ([entry.key] + path + [key]).joined(separator: "."),
              "unknown property of \(registration.name); remove it, or fix its name")
          }
        }
      } catch let mismatch as ValueDecoder.Mismatch {
        problem(([entry.key] + mismatch.path).joined(separator: "."), mismatch.message)
        continue
      } catch {
        problem(entry.key, "\(error)")
        continue
      }
      let values = entry.values
      let scope = entry.scope ?? registration.scope
      let install = registration.install
      installs.append { mappings in install(values, scope, references, mappings) }
    }
    guard problems.isEmpty else { throw PlistError(problems: problems) }
    self.installs = installs
  }

  /// Maps every service of the file.
  ///
  /// - Parameter mappings: The module's mappings.
  public func configure(_ mappings: ModuleMappings) {
    for install in installs { install(mappings) }
  }

  /// The cycles of `@service` references between the file's entries, each from its first
  /// service in sorted order, by service name.
  private static func referenceCycles(in file: ServicesFile) -> [[String]] {
    var references: [String: [String]] = [:]
    for entry in file.entries { references[entry.name] = serviceNames(in: entry.values).sorted() }
    var cycles: [[String]] = []
    var covered: Set<String> = []
    for start in references.keys.sorted() where !covered.contains(start) {
      var stack: [(name: String, path: [String])] = [(start, [start])]
      var visited: Set<String> = [start]
      search: while let (name, path) = stack.popLast() {
        for next in references[name] ?? [] {
          if next == start {
            cycles.append(path + [start])
            covered.formUnion(path)
            break search
          }
          if visited.insert(next).inserted { stack.append((next, path + [next])) }
        }
      }
    }
    return cycles
  }

  /// The service names that `@service` references in `value` name.
  private static func serviceNames(in value: PlistValue) -> Set<String> {
    switch value {
    case .dictionary(let dictionary):
      if case .string(let name)? = dictionary["@service"] { return [name] }
      return dictionary.values.reduce(into: []) { $0.formUnion(serviceNames(in: $1)) }
    case .array(let array):
      return array.reduce(into: []) { $0.formUnion(serviceNames(in: $1)) }
    default:
      return []
    }
  }

  /// The keys of `value`'s dictionaries that decoding did not read, with their dictionary's
  /// path, sorted.
  private static func unknownKeys(
    in value: PlistValue, read: [[String]: Set<String>], path: [String] = []
  ) -> [(path: [String], key: String)] {
    guard case .dictionary(let dictionary) = value else { return [] }
    // A dictionary decoded as a whole (`[String: Int]`) reads no key by name: it has none
    // unknown.
    guard let readHere = read[path] else { return [] }
    var unknown: [(path: [String], key: String)] = []
    for key in dictionary.keys.sorted() {
      if !readHere.contains(key) {
        unknown.append((path, key))
      } else if let nested = dictionary[key] {
        unknown += unknownKeys(in: nested, read: read, path: path + [key])
      }
    }
    return unknown
  }
}
