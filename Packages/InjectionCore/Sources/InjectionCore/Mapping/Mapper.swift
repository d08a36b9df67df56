/// Something you can map keys on: an ``Injector``, or the ``ModuleMappings`` a module fills in.
///
/// Both share one mapping API: every `map` method below works the same on either.
public protocol Mapper {
  /// Adds a mapping that one of the `map` methods made.
  ///
  /// - Parameter mapping: The mapping to add. It replaces an earlier mapping of the same key
  ///   made the same way (directly, or by the same module) and shadows the others.
  func add(_ mapping: Mapping)
}

extension Mapper {
  /// Maps a key to a factory, transient unless a scope says otherwise.
  ///
  /// ```swift
  /// injector.map(Car.self) { injector in Car(engine: try injector.resolve()) }
  /// injector.map(Engine.self, scope: .singleton) { _ in HybridEngine() }
  /// injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in Session() }
  /// ```
  ///
  /// Any type maps ``MappingScope/transient`` or ``MappingScope/graph``; the scopes that share
  /// one value between threads take only `Sendable` types (see ``MappingScope``).
  ///
  /// - Parameters:
  ///   - type: The key's type; what the factory returns must convert to it.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives; transient by default. An
  ///     ``MappingScope/eagerSingleton`` is built at once when mapped on an ``Injector``, or
  ///     when its module is added; if that fails, mapping it directly stops the program with the
  ///     diagnostic (``Injector/addModule(_:)`` throws it).
  ///   - factory: Builds the value; it receives the injector that owns a cached value, or the
  ///     injector that was asked for a transient one, so that the overrides of a child injector
  ///     reach the dependencies it resolves.
  @inlinable
  public func map<T>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(Registration<T>.self, named: name, scope: scope, factory: factory))
  }

  /// Maps a key to an initializer or function without parameters, transient unless a scope says
  /// otherwise.
  ///
  /// The compiler checks that the initializer's result converts to the key's type:
  ///
  /// ```swift
  /// injector.map((any Engine).self, with: HybridEngine.init)
  /// injector.map(Engine.self, scope: .singleton, with: HybridEngine.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives; transient by default (see ``MappingScope``).
  ///   - initializer: Builds the value.
  @inlinable
  public func map<T>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient,
    with initializer: @escaping @Sendable () throws -> T
  ) {
    add(Mapping(Registration<T>.self, named: name, scope: scope, initializer: initializer))
  }

  /// Maps a key to an instance you built; every resolution returns it.
  ///
  /// The injector does not inject into the instance and does not call its hook.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - instance: The value to return.
  @inlinable
  public func map<T: Sendable>(_ type: T.Type, named name: String? = nil, to instance: T) {
    add(Mapping(Registration<T>.self, named: name, instance: instance))
  }

  /// Maps an ``Injectable`` type to itself, built with `init()`, transient unless a scope says
  /// otherwise.
  ///
  /// Unmapped `Injectable` types are already created on demand (transient); map one to make it
  /// a singleton, to give it a name, or to list it among the injector's mappings.
  ///
  /// ```swift
  /// injector.map(Garage.self, scope: .singleton)
  /// injector.map(ShoppingCart.self, scope: .resettable(SessionScope.self))
  /// final class OrderService: Injectable { … }   // not Sendable
  /// injector.map(OrderService.self)              // transient: a new one for each resolution
  /// ```
  ///
  /// Any `Injectable` type maps ``MappingScope/transient`` or ``MappingScope/graph``; the
  /// scopes that share one value between threads take only `Sendable` types.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives; transient by default.
  @inlinable
  public func map<T: Injectable & SendableMetatype>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient
  ) {
    add(Mapping(injectable: Registration<T>.self, named: name, scope: scope))
  }
}
