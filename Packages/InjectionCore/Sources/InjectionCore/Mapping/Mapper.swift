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
  /// Maps a key to a factory in the given scope.
  ///
  /// ```swift
  /// injector.map(Engine.self, scope: .singleton) { _ in HybridEngine() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The key's type. Values that an injector keeps must be `Sendable`.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives. An ``Scope/eagerSingleton`` is built at once when
  ///     mapped on an ``Injector``, or when its module is added; if that fails, mapping it
  ///     directly stops the program with the diagnostic (``Injector/addModule(_:)`` throws it).
  ///   - factory: Builds the value; it receives the injector that owns a cached value, or the
  ///     injector that was asked for a transient one.
  @inlinable
  public func map<T: Sendable>(
    _ type: T.Type, named name: String? = nil, scope: Scope,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(Registration<T>.self, named: name, scope: scope, factory: factory))
  }

  /// Maps a key to a factory, for any type, `Sendable` or not: a new value for every resolution
  /// (transient), or one per top-level resolution (``UnsharedScope/graph``).
  ///
  /// ```swift
  /// injector.map(Car.self) { injector in Car(engine: try injector.resolve()) }
  /// injector.map((any Engine).self, scope: .graph) { _ in HybridEngine() }
  /// ```
  ///
  /// A scope that shares one value between threads (``Scope/singleton``,
  /// ``Scope/eagerSingleton``, ``Scope/weak``) picks ``Mapper/map(_:named:scope:_:)-1pda4``,
  /// which takes only `Sendable` types; for a `Sendable` type, `scope: .transient` picks it too,
  /// and both make the same mapping.
  ///
  /// - Parameters:
  ///   - type: The key's type; what the factory returns must convert to it.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: ``UnsharedScope/transient`` (the default) or ``UnsharedScope/graph``.
  ///   - factory: Builds the value. It receives the injector that was asked, so that the
  ///     overrides of a child injector reach the dependencies it resolves.
  @inlinable
  public func map<T>(
    _ type: T.Type, named name: String? = nil, scope: UnsharedScope = .transient,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(Registration<T>.self, named: name, scope: scope.scope, factory: factory))
  }

  /// Maps a key to an initializer or function without parameters, in the given scope.
  ///
  /// ```swift
  /// injector.map(Engine.self, scope: .singleton, with: HybridEngine.init)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The key's type. Values that an injector keeps must be `Sendable`.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives.
  ///   - initializer: Builds the value.
  @inlinable
  public func map<T: Sendable>(
    _ type: T.Type, named name: String? = nil, scope: Scope,
    with initializer: @escaping @Sendable () throws -> T
  ) {
    add(Mapping(Registration<T>.self, named: name, scope: scope, initializer: initializer))
  }

  /// Maps a key to an initializer or function without parameters, for any type, `Sendable` or
  /// not: a new value each time, or one per top-level resolution (``UnsharedScope/graph``).
  ///
  /// The compiler checks that the initializer's result converts to the key's type:
  ///
  /// ```swift
  /// injector.map((any Engine).self, with: HybridEngine.init)
  /// ```
  ///
  /// A shared scope picks ``Mapper/map(_:named:scope:with:)-2qqp0`` instead (`Sendable` types
  /// only); for a `Sendable` type, `scope: .transient` picks it too, and both make the same
  /// mapping.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: ``UnsharedScope/transient`` (the default) or ``UnsharedScope/graph``.
  ///   - initializer: Builds the value.
  @inlinable
  public func map<T>(
    _ type: T.Type, named name: String? = nil, scope: UnsharedScope = .transient,
    with initializer: @escaping @Sendable () throws -> T
  ) {
    add(
      Mapping(Registration<T>.self, named: name, scope: scope.scope, initializer: initializer))
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

  /// Maps an ``Injectable`` type to itself, built with `init()`, in the given scope.
  ///
  /// Unmapped `Injectable` types are already created on demand (transient); map one to make it
  /// a singleton, or to give it a name.
  ///
  /// ```swift
  /// injector.map(Garage.self, scope: .singleton)
  /// ```
  ///
  /// The type must be `Sendable`, since this form takes any ``Scope``; a type that is not maps
  /// as a transient with ``map(_:named:)``.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives.
  @inlinable
  public func map<T: Injectable & Sendable>(
    _ type: T.Type, named name: String? = nil, scope: Scope = .transient
  ) {
    add(Mapping(injectable: Registration<T>.self, named: name, scope: scope))
  }

  /// Maps an ``Injectable`` type to itself, built with `init()`, for a new value each time; for
  /// any `Injectable` type, `Sendable` or not.
  ///
  /// ```swift
  /// final class OrderService: Injectable {   // not Sendable
  ///   @Injected var database: any Database
  ///   init() {}
  /// }
  /// injector.map(OrderService.self)           // transient: a new one for each resolution
  /// ```
  ///
  /// The mapping is transient, as auto-creation is; map one to give it a name, or to list it
  /// among the injector's mappings. A transient value is never shared between threads, so the
  /// type need not be `Sendable`. For another scope, see
  /// ``map(_:named:scope:)``: a `Sendable` type maps in any scope, and a type
  /// that is not maps in ``UnsharedScope/graph`` with a factory,
  /// `map(OrderService.self, scope: .graph) { _ in OrderService() }`.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - name: A name, to keep several mappings for one type apart.
  @inlinable
  public func map<T: Injectable & SendableMetatype>(_ type: T.Type, named name: String? = nil) {
    add(Mapping(injectable: Registration<T>.self, named: name, scope: .transient))
  }
}
