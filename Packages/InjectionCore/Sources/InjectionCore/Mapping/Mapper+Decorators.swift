extension Mapper {
  /// Adds a decorator: every new value of a key is passed through `decorate`, and what it
  /// returns is the value resolutions get, for logging, metrics or caching wrappers.
  ///
  /// ```swift
  /// injector.map((any Engine).self) { _ in V8() }
  /// injector.decorate((any Engine).self) { engine in LoggingEngine(wrapping: engine) }
  /// let engine = try injector.resolve((any Engine).self)  // a LoggingEngine around a V8
  /// ```
  ///
  /// A decorator runs once for each value the injector builds: for every resolution of a
  /// ``Scope/transient`` key, once for a cached one (``Scope/singleton``,
  /// ``Scope/eagerSingleton``, ``Scope/weak``: the cached value is the decorated one), once per
  /// graph for a ``Scope/graph`` key. It runs after the value's `@Injected` properties are
  /// resolved and its hook is called. Several decorators of one key apply in the order they
  /// were added, each to what the previous one returned; those of an ancestor apply before
  /// those of the injector that builds the value (see "Decorators" in `Concepts.md`).
  ///
  /// Made on an injector, it is a direct decorator (``Injector/removeDecorators(of:named:)``
  /// removes it); made in a module's `configure`, it is removed with the module. Adding or
  /// removing a decorator changes the values built afterwards, never a value already built.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  ///   - decorate: Returns the value to use instead of the new value it receives.
  @inlinable
  public func decorate<T>(
    _ type: T.Type, named name: String? = nil,
    _ decorate: @escaping @Sendable (T) throws -> T
  ) {
    add(Mapping(decorating: T.self, named: name) { value, _ in try decorate(value) })
  }

  /// Adds a decorator that resolves what it needs from the injector that built the value.
  ///
  /// ```swift
  /// injector.decorate((any Engine).self) { engine, injector in
  ///   LoggingEngine(wrapping: engine, log: try injector.resolve(EngineLog.self))
  /// }
  /// ```
  ///
  /// The injector is the one that builds the value: the one that was asked for a transient or
  /// graph value, the one that owns a cached value. A decorator that resolves the key it
  /// decorates resolves it as a factory would (a transient key is a cycle).
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  ///   - decorate: Returns the value to use instead of the new value it receives; it receives
  ///     the injector that built the value.
  @inlinable
  public func decorate<T>(
    _ type: T.Type, named name: String? = nil,
    _ decorate: @escaping @Sendable (T, Injector) throws -> T
  ) {
    add(Mapping(decorating: T.self, named: name, decorate))
  }
}
