// The spellings that `MappingScope` replaced, kept as unavailable declarations so that code
// written against `main` before 0.2.0 (resettable scopes were never in a release with `in:`)
// fails with a message that names the new spelling. Unavailable, not
// deprecated: the solver skips an unavailable declaration while a call type-checks, but weighs a
// deprecated one at every `map` call (a deprecated forward cost W7's file 1,000 more constraint
// scopes: see "Why `map` has the overloads it has" in Documentation/DesignDecisions.md).

extension Mapper {
  /// Maps a key to a factory cached in a ``ResettableScope``: the spelling `main` had before 0.2.0,
  /// unavailable; write `map(_:named:scope: .resettable(S.self)) { … }`.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: The resettable scope the value is cached in.
  ///   - factory: Builds the value; it receives the injector that owns the mapping.
  @available(*, unavailable, message: "write map(_:named:scope: .resettable(S.self)) { … }")
  @inlinable
  public func map<T: Sendable, S: ResettableScope>(
    _ type: T.Type, named name: String? = nil, in scope: S.Type,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    map(type, named: name, scope: .resettable(scope), factory)
  }

  /// Maps a key whose type has an injection-complete hook to a factory cached in a
  /// ``ResettableScope``: the spelling `main` had before 0.2.0, unavailable; write
  /// `map(_:named:scope: .resettable(S.self)) { … }`.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: The resettable scope the value is cached in.
  ///   - factory: Builds the value; it receives the injector that owns the mapping.
  @available(*, unavailable, message: "write map(_:named:scope: .resettable(S.self)) { … }")
  @inlinable
  public func map<T: InjectionCompletable & Sendable, S: ResettableScope>(
    _ type: T.Type, named name: String? = nil, in scope: S.Type,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    map(type, named: name, scope: .resettable(scope), factory)
  }

  /// Maps an ``Injectable`` type to itself, cached in a ``ResettableScope``: the spelling
  /// `main` had before 0.2.0, unavailable; write `map(_:named:scope: .resettable(S.self))`.
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: The resettable scope the value is cached in.
  @available(*, unavailable, message: "write map(_:named:scope: .resettable(S.self))")
  @inlinable
  public func map<T: Injectable & Sendable, S: ResettableScope>(
    _ type: T.Type, named name: String? = nil, in scope: S.Type
  ) {
    map(type, named: name, scope: .resettable(scope))
  }
}
