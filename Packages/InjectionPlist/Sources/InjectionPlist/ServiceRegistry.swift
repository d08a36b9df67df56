public import InjectionCore
import Synchronization

/// The types that a services property list may build, each under a service name, and the keys
/// mapped in code that its services may refer to.
///
/// A file can only build what the app registered: an entry that names anything else is an
/// error that lists what is registered. No string from a file ever becomes a type.
///
/// ```swift
/// let registry = ServiceRegistry()
/// registry.register(Settings.self)                                  // SettingsService
/// registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
/// registry.register(V8Engine.self, providing: (any Engine).self) { $0 }
/// registry.register(Tire.self, named: "spare")                      // Tire named "spare"
/// registry.allowReferences(to: (any Telemetry).self, as: "Telemetry")
/// ```
public final class ServiceRegistry: Sendable {
  /// What the registry knows about one registered type.
  struct Registration: Sendable {
    let name: String
    let key: InjectionKey
    let scope: Scope
    /// Decodes an entry's values once, to check them, and gives every problem it found.
    let check: @Sendable (PlistValue, ReferenceContext) -> Check
    /// Maps the entry's key on `mappings`, built from `values` in `scope`.
    let install: @Sendable (PlistValue, Scope, ReferenceContext, ModuleMappings) -> Void
  }

  /// What checking an entry found.
  struct Check {
    let findings: [ValueDecoder.Finding]
    let unknownKeys: [(path: [PathStep], type: any Any.Type, suggestion: String?)]
  }

  private struct State {
    var registrations: [String: Registration] = [:]
    var referable: [String: InjectionKey] = [:]
  }

  private let state = Mutex(State())

  /// Creates an empty registry.
  public init() {}

  /// Registers a type that a file may build, mapped under its own type.
  ///
  /// - Parameters:
  ///   - type: The type; its properties come from the entry through `Decodable`, and it may
  ///     also have `@Injected` properties (leave them out of its `CodingKeys`).
  ///   - name: The service name, `<name>Service` in the file; the type's name by default.
  ///   - keyName: The name of the key it is mapped under (`named:` of `resolve`); none by
  ///     default.
  ///   - scope: The scope unless the entry's `@scope` says otherwise; singleton by default.
  public func register<T: Decodable & Sendable>(
    _ type: T.Type, as name: String? = nil, named keyName: String? = nil,
    scope: Scope = .singleton
  ) {
    register(T.self, as: name, providing: T.self, named: keyName, scope: scope) { $0 }
  }

  /// Registers a type that a file may build, mapped under another key, usually a protocol it
  /// conforms to, so that the file chooses which implementation provides the key.
  ///
  /// ```swift
  /// registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
  /// registry.register(V8Engine.self, as: "Racing", providing: (any Engine).self, named: "racing") { $0 }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The implementation.
  ///   - name: The name an entry's `@type` (or key) uses; the type's name by default.
  ///   - key: The key the built value is mapped under.
  ///   - keyName: The key's name (`named:` of `resolve`); none by default.
  ///   - scope: The scope unless the entry's `@scope` says otherwise; singleton by default.
  ///   - convert: Converts the implementation to the key's type; `{ $0 }` for a protocol it
  ///     conforms to.
  public func register<T: Decodable & Sendable, Key: Sendable>(
    _ type: T.Type, as name: String? = nil, providing key: Key.Type,
    named keyName: String? = nil, scope: Scope = .singleton,
    _ convert: @escaping @Sendable (T) -> Key
  ) {
    let name = name ?? InjectionKey(typeName: String(reflecting: T.self)).unqualifiedTypeName
    let registration = Registration(
      name: name, key: InjectionKey(Key.self, named: keyName), scope: scope,
      check: { values, references in
        let decoder = ValueDecoder(userInfo: [ReferenceContext.key: references], isChecking: true)
        _ = try? decoder.decode(T.self, from: values)
        return Check(findings: decoder.findings, unknownKeys: decoder.unknownKeys())
      },
      install: { values, scope, references, mappings in
        mappings.map(Key.self, named: keyName, scope: MappingScope(scope)) { injector in
          let decoder = ValueDecoder(
            userInfo: [ReferenceContext.key: references.building(with: injector)],
            isChecking: false)
          guard let value = try decoder.decode(T.self, from: values), decoder.findings.isEmpty
          else {
            throw PlistError(
              problems: decoder.findings.map {
                .init(file: name, keyPath: PathStep.joined($0.path), kind: $0.kind)
              })
          }
          return convert(value)
        }
      })
    state.withLock { $0.registrations[name] = registration }
  }

  /// Lets a file's `@service` references name a key mapped in code, under a name.
  ///
  /// ```swift
  /// injector.map((any Telemetry).self, scope: .singleton) { _ in TelemetryLink() }
  /// registry.allowReferences(to: (any Telemetry).self, as: "Telemetry")
  /// ```
  ///
  /// ```xml
  /// <key>telemetry</key><dict><key>@service</key><string>Telemetry</string></dict>
  /// ```
  ///
  /// A reference resolves the key from the injector that builds the service, so the key must
  /// be mapped there (or in an ancestor) by then. A service of the file with the same name
  /// shadows it.
  ///
  /// - Parameters:
  ///   - key: The key's type, such as `(any Telemetry).self`.
  ///   - keyName: The key's name (`named:` of `resolve`); none by default.
  ///   - name: The name references use; the type's name by default.
  public func allowReferences<Key>(
    to key: Key.Type, named keyName: String? = nil, as name: String? = nil
  ) {
    let key = InjectionKey(Key.self, named: keyName)
    let typeName = key.unqualifiedTypeName
    let name = name ?? (typeName.hasPrefix("any ") ? String(typeName.dropFirst(4)) : typeName)
    state.withLock { $0.referable[name] = key }
  }

  /// The registered service names, sorted.
  public var names: [String] { state.withLock { $0.registrations.keys.sorted() } }

  /// The names that references may use for keys mapped in code, sorted.
  public var referableNames: [String] { state.withLock { $0.referable.keys.sorted() } }

  func registration(named name: String) -> Registration? {
    state.withLock { $0.registrations[name] }
  }

  var referableKeys: [String: InjectionKey] { state.withLock { $0.referable } }
}
