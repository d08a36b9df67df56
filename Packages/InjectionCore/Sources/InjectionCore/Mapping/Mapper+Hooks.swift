extension Mapper {
  /// Maps a key whose type has an injection-complete hook to a factory in the given scope.
  ///
  /// The same as ``Mapper/map(_:named:scope:_:)-1pda4``, with the hook known to the compiler.
  ///
  /// - Parameters:
  ///   - type: The key's type. Values that an injector keeps must be `Sendable`.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives.
  ///   - factory: Builds the value.
  @inlinable
  public func map<T: InjectionCompletable & Sendable>(
    _ type: T.Type, named name: String? = nil, scope: Scope,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(hooked: Registration<T>.self, named: name, scope: scope, factory: factory))
  }

  /// Maps a key whose type has an injection-complete hook to an initializer in the given scope.
  ///
  /// The same as ``Mapper/map(_:named:scope:with:)-2qqp0``, with the hook known to the compiler.
  ///
  /// - Parameters:
  ///   - type: The key's type. Values that an injector keeps must be `Sendable`.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives.
  ///   - initializer: Builds the value.
  @inlinable
  public func map<T: InjectionCompletable & Sendable>(
    _ type: T.Type, named name: String? = nil, scope: Scope,
    with initializer: @escaping @Sendable () throws -> T
  ) {
    add(
      Mapping(hooked: Registration<T>.self, named: name, scope: scope, initializer: initializer))
  }

  /// Maps a key whose type has an injection-complete hook to a factory, in a scope that never
  /// shares a value between threads (transient by default), for any such type, `Sendable` or not.
  ///
  /// The same as ``Mapper/map(_:named:scope:_:)-flsp``; the compiler knows that `T` conforms
  /// to ``InjectionCompletable``, so the injector calls the hook of each value it builds without
  /// any run-time conformance check.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: ``UnsharedScope/transient`` (the default) or ``UnsharedScope/graph``.
  ///   - factory: Builds the value; it receives the injector that was asked.
  @inlinable
  public func map<T: InjectionCompletable>(
    _ type: T.Type, named name: String? = nil, scope: UnsharedScope = .transient,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(hooked: Registration<T>.self, named: name, scope: scope.scope, factory: factory))
  }

  /// Maps a key whose type has an injection-complete hook to an initializer, in a scope that
  /// never shares a value between threads (transient by default), for any such type, `Sendable`
  /// or not.
  ///
  /// The same as ``Mapper/map(_:named:scope:with:)-9tsd6``, with the hook known to the compiler.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: ``UnsharedScope/transient`` (the default) or ``UnsharedScope/graph``.
  ///   - initializer: Builds the value.
  @inlinable
  public func map<T: InjectionCompletable>(
    _ type: T.Type, named name: String? = nil, scope: UnsharedScope = .transient,
    with initializer: @escaping @Sendable () throws -> T
  ) {
    add(
      Mapping(
        hooked: Registration<T>.self, named: name, scope: scope.scope, initializer: initializer))
  }
}
