extension Mapper {
  /// Maps a key to a factory that takes arguments besides the injector, given at each
  /// resolution: a value built from run-time data, such as a handler for a request id.
  ///
  /// ```swift
  /// injector.map(LookupHandler.self, taking: Int.self) { injector, requestID in
  ///   LookupHandler(id: requestID, store: try injector.resolve())
  /// }
  /// let handler = try injector.resolve(LookupHandler.self, arguments: 42)
  /// ```
  ///
  /// Any number of arguments, of any types. Each resolution builds a new value from its own
  /// arguments, so the mapping is transient: a cached scope would build once from the first
  /// resolution's arguments and hand that value to every later one, so it is rejected with
  /// ``InjectionError/invalidMapping(key:reason:)``. The arguments reach only this factory,
  /// never the dependencies it resolves. Resolving the key without arguments (with
  /// `resolve(_:named:)`, or through an `@Injected` property) or with other argument types
  /// throws ``InjectionError/argumentMismatch(key:expected:given:)``; inject a ``Provider``
  /// to build such values where the arguments are known.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - first: The type of the first argument.
  ///   - rest: The types of the other arguments, in order.
  ///   - scope: Only ``MappingScope/transient`` works; see above (a resettable scope is
  ///     rejected as a singleton is).
  ///   - factory: Builds the value from the injector and the arguments.
  @inlinable
  public func map<T, First, each Rest>(
    _ type: T.Type, named name: String? = nil, taking first: First.Type,
    _ rest: repeat (each Rest).Type, scope: MappingScope<T> = .transient,
    _ factory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T
  ) {
    add(Mapping(Registration<T>.self, named: name, scope: scope.scope, argumentFactory: factory))
  }

  /// Maps a key whose type has an injection-complete hook to a factory that takes arguments.
  ///
  /// As the overload without the constraint does; the hook of each value runs once, after the
  /// `@Injected` properties the value declares are resolved.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - first: The type of the first argument.
  ///   - rest: The types of the other arguments, in order.
  ///   - scope: Only ``MappingScope/transient`` works.
  ///   - factory: Builds the value from the injector and the arguments.
  @inlinable
  public func map<T: InjectionCompletable, First, each Rest>(
    _ type: T.Type, named name: String? = nil, taking first: First.Type,
    _ rest: repeat (each Rest).Type, scope: MappingScope<T> = .transient,
    _ factory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T
  ) {
    add(
      Mapping(
        hooked: Registration<T>.self, named: name, scope: scope.scope, argumentFactory: factory))
  }
}

extension Injector {
  /// Resolves a key whose mapping takes arguments, with these arguments.
  ///
  /// ```swift
  /// let handler = try injector.resolve(LookupHandler.self, arguments: 42)
  /// let painted = try injector.resolve(Car.self, arguments: Color.red, "GT")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The key's type; inferred from the context when omitted.
  ///   - name: The key's name, or `nil` for the unnamed key.
  ///   - first: The first argument.
  ///   - rest: The other arguments, in the order the mapping takes them.
  /// - Returns: A new value, built from these arguments.
  /// - Throws: ``InjectionError/argumentMismatch(key:expected:given:)`` when the mapping takes
  ///   no arguments or others; otherwise what ``resolve(_:named:)-8za4a`` throws.
  public func resolve<T, First, each Rest>(
    _ type: T.Type = T.self, named name: String? = nil, arguments first: First,
    _ rest: repeat each Rest
  ) throws(InjectionError) -> T {
    let key = Key(T.self, named: name)
    let arguments = Arguments(first, repeat each rest)
    guard let served = servingRegistration(for: key) else {
      throw notMapped(key)
    }
    let registration = Self.registration(served.registration, of: T.self)
    guard let recipe = registration.argumentRecipe else {
      throw .argumentMismatch(key: key.publicKey, expected: [], given: arguments.typeNames)
    }
    // The arguments go to this build only, as a parameter: a transient, built by the injector
    // that was asked, as any transient is.
    let resolve = { () throws(InjectionError) -> T in
      try self.build(
        key, identity: ObjectIdentifier(registration),
        make: { try recipe.make($0, arguments) }, complete: { registration.complete($0) },
        decorates: true)
    }
    guard !isObserved else { return try observedResolution(key, resolve) }
    return try resolve()
  }
}
