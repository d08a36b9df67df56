public import InjectionCore

/// A loaded services property list as a module: add it to an injector to map its services,
/// remove it to restore what it shadowed.
///
/// ```swift
/// let file = try ServicesFile(named: "Services", in: .module)
/// let module = try ServicesModule(file: file, registry: registry)
/// try injector.addModule(module)
/// ```
///
/// Making the module checks every entry against the registry and decodes its values once, so
/// that every problem of the file is one ``PlistError`` here, not a failure at the first
/// resolution: the problems of the file's shape (``ServicesFile/problems``), unregistered
/// names, values of the wrong type or out of range, missing required and unknown properties
/// (in nested dictionaries and in arrays of dictionaries too), two entries for one key,
/// unknown references and reference cycles, each with the file, the entry and the key path.
public final class ServicesModule: InjectionModule {
  /// The file the module was made from.
  public let file: ServicesFile
  private let installs: [@Sendable (ModuleMappings) -> Void]

  /// Checks `file` against `registry` and makes the module.
  ///
  /// Whether a property that the service type does not decode is an error comes from the
  /// file's ``ServicesFile/options`` (``PlistOptions/unknownProperties``).
  ///
  /// - Parameters:
  ///   - file: The parsed file.
  ///   - registry: The types the file may build, and the keys its references may name.
  /// - Throws: ``PlistError`` with every problem of the file.
  public init(file: ServicesFile, registry: ServiceRegistry) throws(PlistError) {
    self.file = file
    var installs: [@Sendable (ModuleMappings) -> Void] = []
    var providers: [InjectionKey: String] = [:]
    // The file's own problems, grouped with the entry they belong to.
    var byEntry: [String: [PlistError.Problem]] = [:]
    var problems: [PlistError.Problem] = []
    for problem in file.problems {
      let entry = Self.entryKey(of: problem.keyPath)
      if entry.isEmpty || entry == "Services" {
        problems.append(problem)
      } else {
        byEntry[entry, default: []].append(problem)
      }
    }
    let entries = Dictionary(file.entries.map { ($0.key, $0) }) { first, _ in first }
    func problem(_ keyPath: String, _ kind: PlistError.Problem.Kind) {
      problems.append(.init(file: file.source, keyPath: keyPath, kind: kind))
    }
    // Every entry can be referred to; an unregistered one is reported below, and the module is
    // never made, so its placeholder key is never resolved.
    var keys = registry.referableKeys
    for entry in file.entries {
      keys[entry.name] =
        registry.registration(named: entry.implementation)?.key
        ?? InjectionKey(typeName: entry.implementation)
    }
    let references = ReferenceContext(keys: keys, injector: nil)
    for key in Set(entries.keys).union(byEntry.keys).sorted() {
      problems += byEntry[key] ?? []
      guard let entry = entries[key] else { continue }
      guard let registration = registry.registration(named: entry.implementation) else {
        let registered = registry.names
        problem(
          entry.key,
          .notRegistered(
            name: entry.implementation,
            suggestion: InjectionError.closestName(to: entry.implementation, among: registered),
            registered: registered))
        continue
      }
      if let other = providers[registration.key] {
        problem(entry.key, .duplicateProvider(key: registration.key, providedBy: other))
        continue
      }
      providers[registration.key] = entry.key
      let check = registration.check(entry.values, references)
      for finding in check.findings {
        problem(PathStep.joined([.key(entry.key)] + finding.path), finding.kind)
      }
      if file.options.unknownProperties == .reject {
        for unknown in check.unknownKeys {
          guard case .key(let name)? = unknown.path.last else { continue }
          problem(
            PathStep.joined([.key(entry.key)] + unknown.path),
            .unknownProperty(
              name: name,
              type: InjectionKey(typeName: String(reflecting: unknown.type)).unqualifiedTypeName,
              suggestion: unknown.suggestion))
        }
      }
      let values = entry.values
      let scope = entry.scope ?? registration.scope
      let install = registration.install
      installs.append { mappings in install(values, scope, references, mappings) }
    }
    for cycle in Self.referenceCycles(in: file) {
      problem(cycle[0], .referenceCycle(cycle))
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

  /// The entry a key path starts with: `EngineService` of `EngineService.horsepower`.
  private static func entryKey(of keyPath: String) -> String {
    String(keyPath.prefix { $0 != "." && $0 != "[" })
  }

  /// The cycles of `@service` references between the file's entries, each from its first
  /// service in sorted order: the key path of each reference, then the first entry's key
  /// (`AlphaService.partner`, `BetaService.partner`, `AlphaService`).
  private static func referenceCycles(in file: ServicesFile) -> [[String]] {
    let entryKeys = Dictionary(file.entries.map { ($0.name, $0.key) }) { first, _ in first }
    var edges: [String: [(keyPath: String, target: String)]] = [:]
    for entry in file.entries {
      edges[entry.name] = references(in: entry.values)
        .filter { entryKeys[$0.target] != nil }
        .map { (PathStep.joined([.key(entry.key)] + $0.path), $0.target) }
        .sorted { $0.keyPath < $1.keyPath }
    }
    var cycles: [[String]] = []
    var covered: Set<String> = []
    for start in edges.keys.sorted() where !covered.contains(start) {
      var stack: [(name: String, steps: [String], names: [String])] = [(start, [], [start])]
      var visited: Set<String> = [start]
      search: while let (name, steps, names) = stack.popLast() {
        for edge in edges[name] ?? [] {
          if edge.target == start {
            cycles.append(steps + [edge.keyPath, entryKeys[start]!])
            covered.formUnion(names)
            break search
          }
          if visited.insert(edge.target).inserted {
            stack.append((edge.target, steps + [edge.keyPath], names + [edge.target]))
          }
        }
      }
    }
    return cycles
  }

  /// The `@service` references in `value`, with their key paths, found without recursion.
  private static func references(in value: PlistValue) -> [(path: [PathStep], target: String)] {
    var found: [(path: [PathStep], target: String)] = []
    var pending: [(value: PlistValue, path: [PathStep])] = [(value, [])]
    while let (value, path) = pending.popLast() {
      switch value {
      case .dictionary(let dictionary):
        if case .string(let name)? = dictionary["@service"] {
          found.append((path, name))
        } else {
          for (key, nested) in dictionary { pending.append((nested, path + [.key(key)])) }
        }
      case .array(let array):
        for (index, nested) in array.enumerated() {
          pending.append((nested, path + [.index(index)]))
        }
      default:
        break
      }
    }
    return found
  }
}
