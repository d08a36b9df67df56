public import Synchronization

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
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self, named name: String? = nil) throws(InjectionError)
    -> T
  {
    let key = Key(T.self, named: name)
    if let value: T = try resolveMapped(key) { return value }
    if let value: T = try resolveUnmapped(key) { return value }
    throw notMapped(key)
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
  @inlinable
  public func resolve<T: Injectable>(_ type: T.Type = T.self, named name: String? = nil)
    throws(InjectionError) -> T
  {
    let key = Key(T.self, named: name)
    if let value: T = try resolveMapped(key) { return value }
    guard name == nil else { throw notMapped(key) }
    return try build(
      key, identity: ObjectIdentifier(self), make: { _ in T() },
      complete: {
        $0.injectionDidComplete()
        return true
      })
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
  @inlinable
  public func resolve<Wrapped>(_ type: Wrapped?.Type = Wrapped?.self, named name: String? = nil)
    throws(InjectionError) -> Wrapped?
  {
    let key = Key(Wrapped.self, named: name)
    if let value: Wrapped = try resolveMapped(key) { return value }
    return try resolveUnmapped(key)
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
  @inlinable
  public func resolve<Wrapped: Injectable>(
    _ type: Wrapped?.Type = Wrapped?.self, named name: String? = nil
  ) throws(InjectionError) -> Wrapped? {
    guard name == nil else {
      // Not `resolve(Wrapped?.self, named:)`: overload resolution picks this method again.
      // A name always refers to a mapping: nothing mapped is `nil`.
      return try resolveMapped(Key(Wrapped.self, named: name))
    }
    return try resolve(Wrapped.self) as Wrapped
  }
}

// MARK: - Internals of resolution
//
// The paths of a cached and of a transient resolution are `@inlinable`, so that they are
// specialized for the resolved type in the caller's module: unspecialized generic code pays for
// run-time generic metadata lookups, which cost more than the whole resolution.

extension Injector {
  /// The value of the mapping of `key` in this injector or its ancestors, built or fetched as
  /// its scope says; `nil` if no injector maps the key.
  @inlinable
  func resolveMapped<T>(_ key: Key) throws(InjectionError) -> T? {
    switch lookUp(key) as Lookup<T> {
    case .value(let value, let hook):
      if hook != HookState.none.rawValue { Self.noteHandedOutIfHooked(value, hook: hook) }
      return value
    case .registration(let registration):
      return try produce(registration, owner: self)
    case .missing:
      return try resolveMappedInAncestors(key)
    case .staged:
      guard let found = registration(for: key) else { return try resolveMappedInAncestors(key) }
      return try value(of: unsafeDowncast(found, to: Registration<T>.self), owner: self)
    }
  }

  /// What this injector alone has for a key.
  ///
  /// `@unchecked Sendable`, to leave the registry mutex, under which it is read: a cached value
  /// is one that the mapping API required to be `Sendable`, and a registration is `Sendable`.
  @usableFromInline
  enum Lookup<T>: @unchecked Sendable {
    /// The cached value, and whether it has a hook (a ``HookState`` raw value).
    case value(T, hook: UInt8)
    /// The registration, whose value must be built.
    case registration(Registration<T>)
    case missing
    /// A module is being added: ask ``registration(for:)``.
    case staged

    /// The registration case, retained here rather than at the top of the lookup (which the
    /// optimizer does when the copy is made inline), so that the cached path retains nothing
    /// but the value.
    @usableFromInline
    @inline(never)
    static func retained(_ registration: Registration<T>) -> Self {
      .registration(registration)
    }
  }

  /// Looks `key` up in this injector only.
  ///
  /// The registration is borrowed from the table while the registry mutex is held, and only
  /// what is returned is retained (the cached value, or the registration when there is none):
  /// see `Documentation/DesignDecisions.md`, "Why every lookup takes the injector's mutex".
  @inlinable
  func lookUp<T>(_ key: Key) -> Lookup<T> {
    var result = Lookup<T>.missing
    registry.withLock { registry in
      guard registry.stagingCount == 0 else {
        result = .staged
        return
      }
      registry.active.withRegistration(for: key) { found in
        // Sound: a key for `T` only ever holds a `Registration<T>` (see `Mapper`).
        let registration = unsafeDowncast(found, to: Registration<T>.self)
        guard registration.isPublished.load(ordering: .acquiring) else {
          result = .retained(registration)
          return
        }
        result = .value(
          registration.cachedValue.unsafelyUnwrapped,
          hook: registration.cachedHook.load(ordering: .relaxed))
      }
    }
    return result
  }

  /// ``resolveMapped(_:)`` for a key that this injector does not map: the nearest ancestor's
  /// mapping.
  @inlinable
  func resolveMappedInAncestors<T>(_ key: Key) throws(InjectionError) -> T? {
    var next = parent
    while let owner = next {
      if let found = owner.registration(for: key) {
        return try value(of: unsafeDowncast(found, to: Registration<T>.self), owner: owner)
      }
      next = owner.parent
    }
    return nil
  }

  /// The value of a registration found in `owner`: its cached value, or a new one.
  ///
  /// The downcast before the call is sound: a key for `T` only ever holds a `Registration<T>`
  /// (see `Mapper`).
  @inlinable
  func value<T>(of registration: Registration<T>, owner: Injector) throws(InjectionError) -> T {
    if let value = registration.published {
      let hook = registration.cachedHook.load(ordering: .relaxed)
      if hook != HookState.none.rawValue { Self.noteHandedOutIfHooked(value, hook: hook) }
      return value
    }
    return try produce(registration, owner: owner)
  }

  /// The active registration of `key` in this injector only, or `nil`.
  ///
  /// Takes the registry mutex, and returns a strong reference read while it is held: the
  /// registration stays alive for the caller however the mappings change afterwards.
  @usableFromInline
  func registration(for key: Key) -> AnyRegistration? {
    let found = registry.withLock { registry -> AnyRegistration?? in
      registry.stagingCount > 0 ? .none : .some(registry.active.registration(for: key))
    }
    if let found { return found }
    return stagedOrActiveRegistration(for: key)
  }

  /// The slower lookup while a module is being added: the calling thread sees the mappings of
  /// the modules it is adding first.
  private func stagedOrActiveRegistration(for key: Key) -> AnyRegistration? {
    if let staged = ResolutionContext.existing?.stagedRegistration(for: key, in: self) {
      return staged
    }
    return registry.withLock { $0.active.registration(for: key) }
  }

  /// Records a cached value with a hook (or not known to have none) that is handed to a build
  /// on this thread, so that a factory returning it does not complete it again.
  ///
  /// - Parameter hook: The registration's ``HookState`` raw value for the value.
  @usableFromInline
  static func noteHandedOutIfHooked<T>(_ value: T, hook: UInt8) {
    guard let context = ResolutionContext.building else { return }
    var state = HookState(rawValue: hook) ?? .unknown
    if state == .unknown {
      state = value is any InjectionCompletable ? .present : .none
    }
    if state == .present { context.noteHandedOut(identity(of: value)) }
  }

  /// Records that a build on this thread was handed `value`, an object with a hook.
  @inlinable
  static func noteHandedOut<T>(_ value: T) {
    ResolutionContext.building?.noteHandedOut(identity(of: value))
  }

  /// The identity of `value` if it is an object; values have none.
  ///
  /// For a class type the check folds away when specialized; otherwise it asks the value's
  /// dynamic type.
  @inlinable
  static func identity<T>(of value: T) -> ObjectIdentifier? {
    if T.self is AnyObject.Type {
      return ObjectIdentifier(unsafeBitCast(value, to: AnyObject.self))
    }
    guard type(of: value as Any) is AnyObject.Type else { return nil }
    return ObjectIdentifier(value as AnyObject)
  }

  /// Builds or fetches the value of a mapping found in `owner`.
  @inlinable
  func produce<T>(_ registration: Registration<T>, owner: Injector) throws(InjectionError) -> T {
    guard registration.scope == .transient else {
      let value = try owner.resolveCached(registration)
      Self.noteHandedOut(value)
      return value
    }
    return try build(
      registration.key, identity: ObjectIdentifier(registration), make: registration.factory,
      complete: { registration.complete($0) })
  }

  /// What an unmapped key resolves to: this injector for ``Injector``, a new value for a type
  /// that is ``Injectable`` only at run time (resolved through an unconstrained generic), else
  /// `nil`.
  ///
  /// Never on the path of a mapped key.
  @usableFromInline
  func resolveUnmapped<T>(_ key: Key) throws(InjectionError) -> T? {
    if T.self == Injector.self { return (self as any Sendable) as? T }
    guard key.name == nil, let injectable = T.self as? any Injectable.Type else { return nil }
    return try build(
      key, identity: ObjectIdentifier(self),
      make: { _ in injectable.init() as! T },
      complete: {
        ($0 as? any InjectionCompletable)?.injectionDidComplete()
        return true
      })
  }

  @usableFromInline
  func notMapped(_ key: Key) -> InjectionError {
    .notMapped(
      key: key.publicKey, path: ResolutionContext.building?.path ?? [], searched: chainLabels)
  }

  /// Builds one value with this injector.
  ///
  /// Detects cycles, makes `@Injected` properties created during `make` resolve from this
  /// injector, resolves them, then calls the hook.
  ///
  /// - Parameter created: Called with the value as soon as `make` returned, before its
  ///   dependencies are resolved (singletons publish it to their own resolution there).
  /// - Parameter identity: What a cycle repeats: the registration, or this injector for a value
  ///   created without a mapping.
  @inlinable
  func build<T>(
    _ key: Key, identity: ObjectIdentifier, make: (Injector) throws -> T, complete: (T) -> Bool,
    created: (T) -> Void = { _ in }, isCached: Bool = false
  ) throws(InjectionError) -> T {
    let context = ResolutionContext.current.takeUnretainedValue()
    try context.enter(key, injector: self, identity: identity, isCached: isCached)
    let value: T
    let hasHook: Bool
    do throws(InjectionError) {
      do {
        value = try make(self)
      } catch {
        throw context.failure(of: key, error)
      }
      // A factory that returns what it resolved returns an object that is already complete:
      // its hook ran, or must never run (an instance the app mapped).
      let isComplete =
        context.innermostBuildWasHandedObjects && context.wasHandedOut(Self.identity(of: value))
      created(value)
      try context.resolvePendingCells()
      hasHook = isComplete || complete(value)
    } catch {
      context.leave()
      throw error
    }
    context.leave()
    if hasHook, context.isBuilding { context.noteHandedOut(Self.identity(of: value)) }
    return value
  }

}
