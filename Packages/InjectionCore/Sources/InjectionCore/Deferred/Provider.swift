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
