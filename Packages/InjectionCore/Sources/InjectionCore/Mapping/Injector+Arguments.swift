import Synchronization

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
  /// ``InjectionError/invalidMapping(key:reason:)``; to cache one value per distinct argument
  /// value, map `Hashable` arguments with `scope: .perArgument` (see
  /// ``PerArgumentScope``). The arguments reach only this factory,
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

extension Mapper {
  /// Maps a key to a factory that takes `Hashable` arguments, whose values are cached per
  /// distinct argument value: resolving the key with equal arguments returns the same value.
  ///
  /// ```swift
  /// injector.map(UserProfile.self, taking: UserID.self, scope: .perArgument) { injector, id in
  ///   UserProfile(id: id, store: try injector.resolve())
  /// }
  /// let profile = try injector.resolve(UserProfile.self, arguments: userID)  // built once per id
  /// ```
  ///
  /// Each distinct argument value (all arguments together, compared with `==`) gets one value,
  /// built once by the injector that owns the mapping, also when many threads ask for it at
  /// once; threads that ask for other arguments do not wait for it. Children share the values,
  /// as they share a singleton. The cache has no bound of its own: with
  /// ``PerArgumentScope/perArgument`` the values live as long as the mapping (unmapping it,
  /// mapping the key again, removing its module or releasing the injector drops them all); with
  /// ``PerArgumentScope/perArgument(in:)`` ``Injector/reset(_:)`` drops them too. The
  /// arguments' `hash(into:)` and `==` run while the mapping's cache is locked: they must not
  /// resolve from an injector.
  ///
  /// As with the transient form, the arguments reach only this factory; resolving the key
  /// without arguments, or with others, throws
  /// ``InjectionError/argumentMismatch(key:expected:given:)``.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - first: The type of the first argument.
  ///   - rest: The types of the other arguments, in order.
  ///   - scope: ``PerArgumentScope/perArgument``, or ``PerArgumentScope/perArgument(in:)`` a
  ///     resettable scope.
  ///   - factory: Builds the value of one argument value from the injector and the arguments.
  public func map<T: Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
    _ type: T.Type, named name: String? = nil, taking first: First.Type,
    _ rest: repeat (each Rest).Type, scope: PerArgumentScope,
    _ factory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T
  ) {
    add(Mapping(T.self, named: name, perArgument: scope, staticHook: nil, factory: factory))
  }

  /// Maps a key whose type has an injection-complete hook to a factory that takes `Hashable`
  /// arguments, whose values are cached per distinct argument value.
  ///
  /// As the overload without the constraint does; the hook of each value runs once, after the
  /// `@Injected` properties the value declares are resolved.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - first: The type of the first argument.
  ///   - rest: The types of the other arguments, in order.
  ///   - scope: ``PerArgumentScope/perArgument``, or ``PerArgumentScope/perArgument(in:)`` a
  ///     resettable scope.
  ///   - factory: Builds the value of one argument value from the injector and the arguments.
  public func map<
    T: InjectionCompletable & Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable
  >(
    _ type: T.Type, named name: String? = nil, taking first: First.Type,
    _ rest: repeat (each Rest).Type, scope: PerArgumentScope,
    _ factory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T
  ) {
    add(
      Mapping(
        T.self, named: name, perArgument: scope, staticHook: { $0.injectionDidComplete() },
        factory: factory))
  }
}

extension Mapping {
  /// A mapping of `T` to a factory that takes arguments, whose values are cached per distinct
  /// argument value in an ``ArgumentCache``.
  ///
  /// Its plain factory, for a resolution without arguments, throws the mismatch, as a
  /// transient's does; its scope is ``Scope/singleton``, as a snapshot reports it.
  init<T: Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
    _ type: T.Type, named name: String?, perArgument scope: PerArgumentScope,
    staticHook: (@Sendable (T) -> Void)?,
    factory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T
  ) {
    let key = Key(T.self, named: name)
    let expected: @Sendable () -> [String] = {
      ArgumentList.typeNames(of: First.self, repeat (each Rest).self)
    }
    let typed:
      @Sendable (ArgumentList) throws(InjectionError) -> Arguments<First, repeat each Rest> = {
        given throws(InjectionError) in
        guard let arguments = given as? Arguments<First, repeat each Rest> else {
          throw .argumentMismatch(key: key.publicKey, expected: expected(), given: given.typeNames)
        }
        return arguments
      }
    let cache = ArgumentCache<T>(
      key: key, staticHook: staticHook, resettableScope: scope.resettableScope
    ) { given throws(InjectionError) in
      let arguments = try typed(given)
      let first = arguments.first
      let rest = arguments.rest
      var values = [AnyHashable(first)]
      for value in repeat each rest { values.append(AnyHashable(value)) }
      return ArgumentEntryRecipe(
        values: ArgumentValues(values: values),
        make: { injector in try factory(injector, first, repeat each rest) })
    }
    let recipe = ArgumentRecipe<T>(
      make: { injector, given in
        let arguments = try typed(given)
        return try factory(injector, arguments.first, repeat each arguments.rest)
      }, cache: cache)
    self.init(
      registration: Registration<T>(
        key: key, scope: .singleton,
        factory: { _ in
          throw InjectionError.argumentMismatch(
            key: key.publicKey, expected: expected(), given: [])
        }, staticHook: staticHook, recipe: .factoryWithArguments, argumentRecipe: recipe,
        resettableScope: scope.resettableScope))
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
    if let cache = recipe.cache {
      return try resolvePerArgument(key, cache: cache, arguments: arguments, owner: served.owner)
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

  /// The value of a mapping cached per argument for these arguments, from the cache of the
  /// injector that owns the mapping: cached, or built once as a singleton is.
  @inline(never)
  private func resolvePerArgument<T>(
    _ key: Key, cache: ArgumentCache<T>, arguments: ArgumentList, owner: Injector
  ) throws(InjectionError) -> T {
    guard isObserved else {
      return try value(of: cache.entry(for: arguments), owner: owner)
    }
    // Looked up before the events, so that they say whether this argument's value was cached;
    // arguments of other types fail inside the observed resolution.
    let entry = try? cache.entry(for: arguments)
    let wasCached = entry.map { entry in
      owner.registry.withLock { _ in
        entry.isPublished.load(ordering: .acquiring) || entry.hasResettableValue
      }
    }
    return try observedResolution(key, wasCached: wasCached ?? false) {
      () throws(InjectionError) -> T in
      guard let entry else { return try self.value(of: cache.entry(for: arguments), owner: owner) }
      return try self.value(of: entry, owner: owner)
    }
  }
}
