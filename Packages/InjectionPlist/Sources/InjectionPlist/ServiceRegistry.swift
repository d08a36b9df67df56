public import InjectionCore
import Synchronization

/// The types that a services property list may build, each under a service name.
///
/// A file can only build what the app registered: an entry that names anything else is an
/// error that lists what is registered. No string from a file ever becomes a type.
///
/// ```swift
/// let registry = ServiceRegistry()
/// registry.register(Settings.self)                                  // SettingsService
/// registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
/// registry.register(V8Engine.self, providing: (any Engine).self) { $0 }
/// ```
public final class ServiceRegistry: Sendable {
  /// What the registry knows about one registered type.
  struct Registration: Sendable {
    let name: String
    let key: InjectionKey
    let scope: Scope
    /// Decodes an entry's values once, to check them; returns the keys it read by path.
    let check: @Sendable (PlistValue, ReferenceContext) throws -> [[String]: Set<String>]
    /// Maps the entry's key on `mappings`, built from `values` in `scope`.
    let install: @Sendable (PlistValue, Scope, ReferenceContext, ModuleMappings) -> Void
  }

  private let registrations = Mutex<[String: Registration]>([:])

  /// Creates an empty registry.
  public init() {}

  /// Registers a type that a file may build, mapped under its own type.
  ///
  /// - Parameters:
  ///   - type: The type; its properties come from the entry through `Decodable`, and it may
  ///     also have `@Injected` properties (leave them out of its `CodingKeys`).
  ///   - name: The service name, `<name>Service` in the file; the type's name by default.
  ///   - scope: The scope unless the entry's `@scope` says otherwise; singleton by default.
  public func register<T: Decodable & Sendable>(
    _ type: T.Type, as name: String? = nil, scope: Scope = .singleton
  ) {
    register(T.self, as: name, providing: T.self, scope: scope) { $0 }
  }

  /// Registers a type that a file may build, mapped under another key, usually a protocol it
  /// conforms to, so that the file chooses which implementation provides the key.
  ///
  /// ```swift
  /// registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The implementation.
  ///   - name: The name an entry's `@type` (or key) uses; the type's name by default.
  ///   - key: The key the built value is mapped under.
  ///   - scope: The scope unless the entry's `@scope` says otherwise; singleton by default.
  ///   - convert: Converts the implementation to the key's type; `{ $0 }` for a protocol it
  ///     conforms to.
  public func register<T: Decodable & Sendable, Key: Sendable>(
    _ type: T.Type, as name: String? = nil, providing key: Key.Type, scope: Scope = .singleton,
    _ convert: @escaping @Sendable (T) -> Key
  ) {
    let name = name ?? InjectionKey(typeName: String(reflecting: T.self)).unqualifiedTypeName
    let registration = Registration(
      name: name, key: InjectionKey(Key.self), scope: scope,
      check: { values, references in
        let decoder = ValueDecoder(userInfo: [ReferenceContext.key: references])
        _ = try decoder.decode(T.self, from: values)
        return decoder.readKeys
      },
      install: { values, scope, references, mappings in
        mappings.map(Key.self, scope: scope) { injector in
          let decoder = ValueDecoder(
            userInfo: [ReferenceContext.key: references.building(with: injector)])
          return convert(try decoder.decode(T.self, from: values))
        }
      })
    registrations.withLock { $0[name] = registration }
  }

  /// The registered service names, sorted.
  public var names: [String] { registrations.withLock { $0.keys.sorted() } }

  func registration(named name: String) -> Registration? {
    registrations.withLock { $0[name] }
  }
}
