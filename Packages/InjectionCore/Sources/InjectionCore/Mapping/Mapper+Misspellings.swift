// Spellings that are close to a real one but wrong, each with a compiler message that names the
// right one. The compiler only reaches for an unavailable declaration when nothing else fits
// (it skips them while a call type-checks), so they cost a correct call nothing: see
// "Why `map` has the overloads it has" in Documentation/DesignDecisions.md for the measurement.

extension Mapper {
  /// Not a spelling: an instance is given with `to:`, on every verb.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - instance: The value to return.
  @available(*, unavailable, message: "an instance is given with 'to:': use map(_:named:to:)")
  public func map<T: Sendable>(_ type: T.Type, named name: String? = nil, instance: T) {
    // Never called: unavailable.
  }

  /// Not a spelling: an instance the app built is returned as it is, so it takes no scope.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: Not taken.
  ///   - instance: The value to return.
  @available(
    *, unavailable,
    message: "an instance is returned as it is and takes no scope: use map(_:named:to:)"
  )
  public func map<T: Sendable>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T>, to instance: T
  ) {
    // Never called: unavailable.
  }

  /// Not a spelling: an initializer given with `with:` takes no injector; a factory that does
  /// is a trailing closure.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives.
  ///   - factory: A factory that takes the injector.
  @available(
    *, unavailable,
    message:
      "'with:' takes an initializer without parameters; a factory that takes the injector has no label: map(_:named:scope:_:), as a trailing closure { injector in … }"
  )
  public func map<T>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient,
    with factory: @escaping @Sendable (Injector) throws -> T
  ) {
    // Never called: unavailable.
  }

  /// Not a spelling: an alias maps its key to another key, so `to:` takes the target's type; an
  /// instance is mapped with `map(_:named:to:)`.
  ///
  /// - Parameters:
  ///   - type: The alias's key type.
  ///   - name: A name for the alias's key.
  ///   - instance: Not taken.
  @available(
    *, unavailable,
    message:
      "an alias takes the target key's type, alias(_:to: Target.self) { $0 }; map an instance with map(_:named:to:)"
  )
  public func alias<Alias, Target>(
    _ type: Alias.Type, named name: String? = nil, to instance: Target
  ) {
    // Never called: unavailable.
  }
}
