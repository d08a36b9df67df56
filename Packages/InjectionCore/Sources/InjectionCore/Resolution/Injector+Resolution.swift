import Synchronization

extension Injector {
  /// Returns the value mapped for a key in this injector or its ancestors.
  ///
  /// ```swift
  /// let engine = try injector.resolve(Engine.self)
  /// let primary: Engine = try injector.resolve(named: "primary")
  /// ```
  ///
  /// Resolving ``Injector`` itself returns the injector that resolves it. An unmapped type that
  /// conforms to ``Injectable`` is created automatically.
  ///
  /// - Parameters:
  ///   - type: The key's type; inferred from the context when omitted.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The value, built and injected as its mapping's scope says.
  /// - Throws: ``InjectionError/notMapped(key:path:searched:)`` when nothing is mapped,
  ///   ``InjectionError/cycle(path:)`` for a dependency cycle without a singleton in it,
  ///   ``InjectionError/factoryFailed(key:path:underlying:)`` when a factory threw.
  public func resolve<T>(_ type: T.Type = T.self, named name: String? = nil) throws(InjectionError)
    -> T
  {
    let key = Key(T.self, named: name)
    switch find(key) as Found<T> {
    case .value(let value): return value
    case .registration(let registration, let owner): return try produce(registration, owner: owner)
    case .missing:
      if let value: T = try resolveUnmapped(key) { return value }
      throw notMapped(key)
    }
  }

  /// Returns the value mapped for an ``Injectable`` type, or creates one when it is not mapped.
  ///
  /// The created value is transient: built by this injector, its `@Injected` properties resolved,
  /// then its hook called. Only unnamed keys are created automatically.
  ///
  /// - Parameters:
  ///   - type: The type; inferred from the context when omitted.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The mapped value, or a new one.
  /// - Throws: ``InjectionError`` as ``resolve(_:named:)-8za4a`` does.
  public func resolve<T: Injectable>(_ type: T.Type = T.self, named name: String? = nil)
    throws(InjectionError) -> T
  {
    let key = Key(T.self, named: name)
    switch find(key) as Found<T> {
    case .value(let value): return value
    case .registration(let registration, let owner): return try produce(registration, owner: owner)
    case .missing:
      guard name == nil else { throw notMapped(key) }
      return try build(key, make: { _ in T() }, complete: { $0.injectionDidComplete() })
    }
  }

  /// Returns the value mapped for a key, or `nil` when nothing is mapped for it.
  ///
  /// Errors other than the key itself being unmapped (a cycle, a missing dependency of the
  /// value, a failing factory) are still thrown.
  ///
  /// - Parameters:
  ///   - type: The optional type, such as `Engine?.self`; inferred from the context when omitted.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The value, or `nil`.
  /// - Throws: ``InjectionError`` for every failure except an unmapped key.
  public func resolve<Wrapped>(_ type: Wrapped?.Type = Wrapped?.self, named name: String? = nil)
    throws(InjectionError) -> Wrapped?
  {
    let key = Key(Wrapped.self, named: name)
    switch find(key) as Found<Wrapped> {
    case .value(let value): return value
    case .registration(let registration, let owner): return try produce(registration, owner: owner)
    case .missing: return try resolveUnmapped(key)
    }
  }

  /// Returns the value mapped for an ``Injectable`` type or a new one; the optional spelling of
  /// ``resolve(_:named:)-6sqqy`` for ``Injectable`` types, which is never `nil` for an
  /// unnamed key.
  ///
  /// - Parameters:
  ///   - type: The optional type; inferred from the context when omitted.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The value, or `nil` for an unmapped named key.
  /// - Throws: ``InjectionError`` for every failure except an unmapped named key.
  public func resolve<Wrapped: Injectable>(
    _ type: Wrapped?.Type = Wrapped?.self, named name: String? = nil
  ) throws(InjectionError) -> Wrapped? {
    guard name == nil else {
      // Not `resolve(Wrapped?.self, named:)`: overload resolution picks this method again.
      switch find(Key(Wrapped.self, named: name)) as Found<Wrapped> {
      case .value(let value): return value
      case .registration(let registration, let owner):
        return try produce(registration, owner: owner)
      case .missing: return nil  // a name always refers to a mapping
      }
    }
    return try resolve(Wrapped.self) as Wrapped
  }
}

// MARK: - Internals of resolution

extension Injector {
  /// Where a key's mapping was found.
  ///
  /// `@unchecked Sendable` so that it can leave the registry mutex: a registration is Sendable,
  /// and `.value` only ever carries the cached value of a singleton, eager singleton, weak or
  /// instance mapping, which the mapping API requires to be `Sendable`.
  enum Found<T>: @unchecked Sendable {
    case value(T)
    case registration(Registration<T>, owner: Injector)
    case missing
  }

  /// Finds a key in this injector, then in its ancestors.
  ///
  /// A cached value is read in the same critical section as the lookup.
  func find<T>(_ key: Key) -> Found<T> {
    var injector = self
    while true {
      let found: Found<T>? = injector.registry.withLock { registry in
        guard let registration = registry.active[key] else { return nil }
        // Sound: a key for `T` only ever holds a `Registration<T>` (see `Mapper`).
        let typed = unsafeDowncast(registration, to: Registration<T>.self)
        if case .built(let value) = typed.state { return .value(value) }
        return .registration(typed, owner: injector)
      }
      if let found {
        if case .value(let value) = found, let context = ResolutionContext.building {
          context.noteHandedOut(value)  // so that a factory returning it does not complete it
        }
        return found
      }
      guard let parent = injector.parent else { return .missing }
      injector = parent
    }
  }

  /// Builds or fetches the value of a mapping found in `owner`.
  func produce<T>(_ registration: Registration<T>, owner: Injector) throws(InjectionError) -> T {
    guard registration.scope == .transient, let factory = registration.factory else {
      let value = try owner.resolveCached(registration)
      ResolutionContext.building?.noteHandedOut(value)
      return value
    }
    return try build(registration.key, make: factory, complete: registration.complete)
  }

  /// What an unmapped key resolves to: this injector for ``Injector``, a new value for a type
  /// that is ``Injectable`` only at run time (resolved through an unconstrained generic), else
  /// `nil`.
  ///
  /// Never on the path of a mapped key.
  func resolveUnmapped<T>(_ key: Key) throws(InjectionError) -> T? {
    if T.self == Injector.self { return (self as any Sendable) as? T }
    guard key.name == nil, let injectable = T.self as? any Injectable.Type else { return nil }
    return try build(
      key,
      make: { _ in injectable.init() as! T },
      complete: { ($0 as? any InjectionCompletable)?.injectionDidComplete() })
  }

  func notMapped(_ key: Key) -> InjectionError {
    .notMapped(
      key: key.publicKey, path: ResolutionContext.building?.path ?? [], searched: chainLabels)
  }

  /// Builds one value with this injector: detects cycles, makes `@Injected` properties created
  /// during `make` resolve from this injector, resolves them, then calls the hook.
  ///
  /// - Parameter created: Called with the value as soon as `make` returned, before its
  ///   dependencies are resolved (singletons publish it to their own resolution there).
  func build<T>(
    _ key: Key, make: (Injector) throws -> T, complete: (T) -> Void,
    created: (T) -> Void = { _ in }, isCached: Bool = false
  ) throws(InjectionError) -> T {
    let context = ResolutionContext.current
    try context.enter(key, injector: self, isCached: isCached)
    defer { context.leave() }
    let value: T
    do {
      value = try make(self)
    } catch let error as InjectionError {
      throw error
    } catch {
      throw .factoryFailed(
        key: key.publicKey, path: Array(context.path.dropLast()), underlying: error)
    }
    // A factory that returns what it resolved (a singleton, an instance, another mapping's
    // value) returns an object that is already complete: its hook ran, or must never run.
    let isComplete = context.finishMaking(value)
    created(value)
    for cell in context.takeCells() {
      try cell.resolveEagerly()
    }
    if !isComplete { complete(value) }
    context.noteHandedOut(value, depth: 1)
    return value
  }
}
