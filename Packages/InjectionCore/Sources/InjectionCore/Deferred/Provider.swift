/// Builds a value of `Value` each time it is called, from the injector it is bound to.
///
/// Nothing maps it: resolving `Provider<Wheel>` (or declaring `@Injected var makeWheel:
/// Provider<Wheel>`) gives a provider bound to the injector that resolved it, so a child
/// injector's overrides reach what the provider builds. Each call is a resolution of `Value`
/// (with the provider's name), so a transient gives a new value each time and a singleton the
/// same one.
///
/// ```swift
/// final class Garage: Injectable {
///   @Injected var makeWheel: Provider<Wheel>
///   init() {}
///   func fourWheels() throws -> [Wheel] { try (0..<4).map { _ in try makeWheel() } }
/// }
/// ```
///
/// A `Value` mapped with an `async` factory is resolved with ``resolveAsync()``
/// (`try await makeConnection.resolveAsync()`); calling the provider synchronously throws
/// ``InjectionError/asyncMapping(key:path:)`` until the value is built.
///
/// The provider holds its injector weakly, so it never keeps it alive; calling it after the
/// injector was released throws ``InjectionError/injectorReleased(key:)``.
public struct Provider<Value>: Sendable {
  private let source: InjectorReference
  private let name: String?

  init(injector: Injector, name: String?) {
    self.source = InjectorReference(injector)
    self.name = name
  }

  /// The key each call resolves: `Value` and the provider's name.
  public var key: InjectionKey { InjectionKey(Value.self, named: name) }

  /// Resolves a value now.
  ///
  /// - Returns: The value.
  /// - Throws: What resolving `Value` throws, or ``InjectionError/injectorReleased(key:)``.
  public func callAsFunction() throws(InjectionError) -> Value {
    guard let injector = source.injector else { throw .injectorReleased(key: key) }
    return try injector.resolve(Value.self, named: name)
  }

  /// Resolves a value now, with `await`: awaits an `async` mapping, or hops to the main actor
  /// for a `@MainActor` one, as ``Injector/resolveAsync(_:named:)->T`` does.
  ///
  /// The synchronous call throws ``InjectionError/asyncMapping(key:path:)`` for an `async`
  /// mapping whose value is not built; this one builds it. Each call is a
  /// ``Injector/resolveAsync(_:named:)->T`` of `Value` from the provider's injector, so it has
  /// its rules: an `async` singleton is built once however many tasks call at once, a task
  /// cancelled while it waits for another task's build throws
  /// ``InjectionError/cancelled(key:)`` and leaves the build to the others, a build that needs
  /// itself throws ``InjectionError/cycle(path:)``, and observers see the call as a resolution.
  ///
  /// ```swift
  /// final class Session: Injectable {
  ///   @Injected var connect: Provider<Connection>  // mapped with an async factory
  ///   init() {}
  ///   func open() async throws -> Connection { try await connect.resolveAsync() }
  /// }
  /// ```
  ///
  /// - Returns: The value.
  /// - Throws: What ``Injector/resolveAsync(_:named:)->T`` throws for `Value`, or
  ///   ``InjectionError/injectorReleased(key:)``.
  public func resolveAsync() async throws(InjectionError) -> Value {
    guard let injector = source.injector else { throw .injectorReleased(key: key) }
    return try await injector.resolveAsync(Value.self, named: name)
  }

  /// Resolves a value now from a mapping that takes arguments.
  ///
  /// - Parameters:
  ///   - first: The first argument the mapping of `Value` takes.
  ///   - rest: The other arguments, in order.
  /// - Returns: The value.
  /// - Throws: What resolving `Value` with these arguments throws, or
  ///   ``InjectionError/injectorReleased(key:)``.
  public func callAsFunction<First, each Rest>(_ first: First, _ rest: repeat each Rest)
    throws(InjectionError) -> Value
  {
    guard let injector = source.injector else { throw .injectorReleased(key: key) }
    return try injector.resolve(Value.self, named: name, arguments: first, repeat each rest)
  }
}

extension Provider {
  /// Resolves the entry of the keyed collection of `Value` under one key now, building only
  /// that entry; `nil` when no entry has the key.
  ///
  /// A provider of the element type builds one entry per call, as an index of the collection:
  /// a router builds the handler of the path it serves, not every handler.
  ///
  /// ```swift
  /// final class Router: Injectable {
  ///   @Injected var makeHandler: Provider<any RouteHandler>
  ///   init() {}
  ///   func handle(_ path: String) throws -> String {
  ///     guard let handler = try makeHandler(forKey: path) else { return "404" }
  ///     return handler.respond()
  ///   }
  /// }
  /// ```
  ///
  /// Each call is an ``Injector/resolve(_:forKey:named:)`` of `Value` under `entryKey` (with
  /// the provider's name as the collection's name) from the provider's injector: a transient
  /// entry is new each time, a singleton entry the same one.
  ///
  /// - Parameter entryKey: The key the entry was contributed under; its type is the
  ///   collection's key type (`String` for `"json"`).
  /// - Returns: The entry's value, or `nil` when nothing was contributed under `entryKey`.
  /// - Throws: What ``Injector/resolve(_:forKey:named:)`` throws, or
  ///   ``InjectionError/injectorReleased(key:)``.
  public func callAsFunction<EntryKey: Hashable & Sendable>(forKey entryKey: EntryKey)
    throws(InjectionError) -> Value?
  {
    guard let injector = source.injector else {
      throw .injectorReleased(key: InjectionKey([EntryKey: Value].self, named: name))
    }
    return try injector.resolve(Value.self, forKey: entryKey, named: name)
  }
}

/// A weak reference to an injector, shareable across threads.
final class InjectorReference: Sendable {
  weak let injector: Injector?

  init(_ injector: Injector) {
    self.injector = injector
  }
}

/// What an injector builds for an unmapped key without a mapping: a provider or a lazy value
/// bound to it.
protocol BoundToInjector {
  init(injector: Injector, name: String?)
}

extension Provider: BoundToInjector {}
