extension Mapper {
  /// Maps a key whose type has an injection-complete hook to a factory.
  ///
  /// The same as ``Mapper/map(_:named:scope:_:)-8b3tr``; the compiler knows that `T` conforms to
  /// ``InjectionCompletable``, so the injector calls the hook of each value it builds without
  /// any run-time conformance check.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives; transient by default (see ``MappingScope``).
  ///   - factory: Builds the value.
  @inlinable
  public func map<T: InjectionCompletable>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(hooked: Registration<T>.self, named: name, scope: scope, factory: factory))
  }

  /// Maps a key whose type has an injection-complete hook to an initializer.
  ///
  /// The same as ``Mapper/map(_:named:scope:with:)-4tul2``, with the hook known to the compiler.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives; transient by default (see ``MappingScope``).
  ///   - initializer: Builds the value.
  @inlinable
  public func map<T: InjectionCompletable>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient,
    with initializer: @escaping @Sendable () throws -> T
  ) {
    add(
      Mapping(hooked: Registration<T>.self, named: name, scope: scope, initializer: initializer))
  }
}
