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
  /// - Throws: ``InjectionError/notMapped(key:path:searched:mappedNames:)`` when nothing is mapped,
  ///   ``InjectionError/cycle(path:)`` for a dependency cycle without a singleton in it,
  ///   ``InjectionError/factoryFailed(key:path:underlying:)`` when a factory threw.
  public func resolve<T>(_ type: T.Type = T.self, named name: String? = nil) throws(InjectionError)
    -> T
  {
    let key = Key(T.self, named: name)
    guard !isObserved else {
      return try observedResolution(key) { () throws(InjectionError) in try resolveValue(key) }
    }
    return try resolveValue(key)
  }

  /// ``resolve(_:named:)-8za4a`` without telling observers.
  @inline(__always)
  func resolveValue<T>(_ key: Key) throws(InjectionError) -> T {
    do throws(MappedMiss) {
      return try resolveMapped(key)
    } catch {
      guard case .notMapped = error else { throw error.failure }
      return try resolveUnmappedOrThrow(key)
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
    guard !isObserved else {
      return try observedResolution(key) { () throws(InjectionError) in
        try resolveInjectable(key) as T
      }
    }
    return try resolveInjectable(key)
  }

  /// ``resolve(_:named:)-6sqqy`` without telling observers.
  @inline(__always)
  func resolveInjectable<T: Injectable>(_ key: Key) throws(InjectionError) -> T {
    do throws(MappedMiss) {
      return try resolveMapped(key)
    } catch {
      guard case .notMapped = error else { throw error.failure }
      guard key.name == nil else { throw notMapped(key) }
      return try build(
        key, identity: ObjectIdentifier(self), make: { _ in T() },
        complete: {
          $0.injectionDidComplete()
          return true
        })
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
    guard !isObserved else {
      return try observedResolution(key) { () throws(InjectionError) in
        try resolveOptional(key) as Wrapped?
      }
    }
    return try resolveOptional(key)
  }

  /// ``resolve(_:named:)-9z1jl`` without telling observers.
  @inline(__always)
  func resolveOptional<Wrapped>(_ key: Key) throws(InjectionError) -> Wrapped? {
    do throws(MappedMiss) {
      return try resolveMapped(key) as Wrapped
    } catch {
      guard case .notMapped = error else { throw error.failure }
      return try resolveUnmapped(key)
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
      // A name always refers to a mapping: nothing mapped is `nil`.
      let key = Key(Wrapped.self, named: name)
      guard !isObserved else {
        return try observedResolution(key) { () throws(InjectionError) in
          try resolveNamedOptional(key) as Wrapped?
        }
      }
      return try resolveNamedOptional(key)
    }
    return try resolve(Wrapped.self) as Wrapped
  }

  /// A named optional ``Injectable`` key: its mapping's value, or `nil`; without telling
  /// observers.
  func resolveNamedOptional<Wrapped>(_ key: Key) throws(InjectionError) -> Wrapped? {
    do throws(MappedMiss) {
      return try resolveMapped(key) as Wrapped
    } catch {
      guard case .notMapped = error else { throw error.failure }
      return nil
    }
  }
}

// MARK: - Internals of resolution

// Observation is decided once per resolution, where it enters the library: each public
// spelling (the four `resolve` methods, `resolve(_:named:arguments:)`, `resolveAsync`) checks
// `isObserved` once and either runs its resolution directly or hands it, as a closure, to
// `observedResolution`, the one funnel of observed resolutions. Nothing below decides again.
// The unobserved path is written out in each spelling rather than passed as a closure to a
// shared helper: such a closure is not inlined (it is also handed to `observedResolution`),
// and calling it cost a cached resolve about 70 instructions (W1, callgrind).

extension Injector {
  /// Why ``resolveMapped(_:)`` returned no value: nothing maps the key, or resolving it failed.
  enum MappedMiss: Error {
    case notMapped
    case failed(InjectionError)

    /// The error to throw, for ``failed(_:)``.
    var failure: InjectionError {
      guard case .failed(let error) = self else { preconditionFailure("not a failure") }
      return error
    }
  }

  /// The value of the mapping of `key` in this injector or its ancestors, built or fetched as
  /// its scope says.
  ///
  /// The path of a cached value is written out here, without closures or thrown control flow:
  /// it locks the registry mutex, borrows the registration from the table (the table's own
  /// reference keeps it alive while the mutex is held), copies the value out and unlocks; see
  /// `Documentation/DesignDecisions.md`, "Why every lookup takes the injector's mutex".
  /// Everything else (a value to build, a parent, a module being added) is out of line.
  ///
  /// - Throws: ``MappedMiss/notMapped`` if no injector maps the key.
  func resolveMapped<T>(_ key: Key) throws(MappedMiss) -> T {
    let lock = registry
    lock.mutex.lock()
    let isStaging = lock.state.stagingCount > 0
    guard !isStaging, let found = lock.state.active.unmanagedRegistration(for: key) else {
      lock.mutex.unlock()
      return try resolveMappedElsewhere(key, startingWithSelf: isStaging)
    }
    let typed = Self.registration(found, of: T.self)
    if typed._withUnsafeGuaranteedRef({ $0.isPublished.load(ordering: .acquiring) }) {
      let value = typed._withUnsafeGuaranteedRef { $0.publishedValue }
      let hook = typed._withUnsafeGuaranteedRef { $0.cachedHook.load(ordering: .relaxed) }
      lock.mutex.unlock()
      if hook != HookState.none.rawValue { Self.noteHandedOutIfHooked(value, hook: hook) }
      return value
    }
    // Retained while the mutex is held: the build outlives the critical section.
    let registration = typed.takeUnretainedValue()
    lock.mutex.unlock()
    do throws(InjectionError) {
      return try produce(registration, owner: self)
    } catch {
      throw .failed(error)
    }
  }

  /// ``resolveMapped(_:)`` when this injector's table has no usable entry: a module is being
  /// added, or the key is mapped in an ancestor, or nowhere.
  ///
  /// A transient found in an ancestor is still built by this injector, the one that was asked,
  /// so that its overrides reach the value's dependencies.
  ///
  /// - Parameter startingWithSelf: Whether to look in this injector again (a module is being
  ///   added to it), or to start with its parent.
  @inline(never)
  func resolveMappedElsewhere<T>(_ key: Key, startingWithSelf: Bool) throws(MappedMiss) -> T {
    guard var owner = startingWithSelf ? self : parent else { throw .notMapped }
    while true {
      if let found = owner.registration(for: key) {
        do throws(InjectionError) {
          return try value(of: Self.registration(found, of: T.self), owner: owner)
        } catch {
          throw .failed(error)
        }
      }
      guard let parent = owner.parent else { throw .notMapped }
      owner = parent
    }
  }

  /// The value of a registration found off the fast path: its cached value, or a new one.
  ///
  /// Out of line, to keep its callers small. It tests the published flag and reads the value
  /// rather than going through a `T?` (``Registration/published``): code that is not
  /// specialized for `T`, such as a factory's nested resolutions, would ask the runtime for the
  /// metadata of `Optional<T>` on every call, about 500 instructions each (a sixth of a W12
  /// request did that).
  @inline(never)
  func value<T>(of registration: Registration<T>, owner: Injector) throws(InjectionError) -> T {
    if registration.isPublished.load(ordering: .acquiring) {
      let value = registration.publishedValue
      let hook = registration.cachedHook.load(ordering: .relaxed)
      if hook != HookState.none.rawValue { Self.noteHandedOutIfHooked(value, hook: hook) }
      return value
    }
    return try produce(registration, owner: owner)
  }

  /// What an unmapped key resolves to (see ``resolveUnmapped(_:)``), or the not-mapped error.
  @inline(never)
  func resolveUnmappedOrThrow<T>(_ key: Key) throws(InjectionError) -> T {
    if let value: T = try resolveUnmapped(key) { return value }
    throw notMapped(key)
  }

  /// `found` as the registration of a key of type `T`.
  ///
  /// Sound: a key for `T` only ever holds a `Registration<T>` (see `Mapper`). Through
  /// `Unmanaged`, the cast needs no run-time metadata of `Registration<T>`.
  static func registration<T>(_ found: Unmanaged<AnyRegistration>, of type: T.Type)
    -> Unmanaged<Registration<T>>
  {
    Unmanaged<Registration<T>>.fromOpaque(found.toOpaque())
  }

  /// `found` as the registration of a key of type `T`, as the unmanaged form does.
  static func registration<T>(_ found: AnyRegistration, of type: T.Type) -> Registration<T> {
    registration(Unmanaged.passUnretained(found), of: type).takeUnretainedValue()
  }

  /// The registration that a resolution of `key` from this injector would use: its own, or
  /// the nearest ancestor's.
  func chainRegistration(for key: Key) -> AnyRegistration? {
    servingRegistration(for: key)?.registration
  }

  /// The registration that a resolution of `key` from this injector would use, and the
  /// injector that owns it.
  func servingRegistration(for key: Key) -> (registration: AnyRegistration, owner: Injector)? {
    var next: Injector? = self
    while let injector = next {
      if let registration = injector.registration(for: key) { return (registration, injector) }
      next = injector.parent
    }
    return nil
  }

  /// The active registration of `key` in this injector only, or `nil`.
  ///
  /// Takes the registry mutex, and returns a strong reference read while it is held: the
  /// registration stays alive for the caller however the mappings change afterwards.
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
  /// A value whose hook is not known is recorded without asking: a dynamic conformance check
  /// (`value is any InjectionCompletable`) searches the binary's conformance records the first
  /// time a type is seen (about 150 µs; W10's cold launch paid it for each factory-mapped type)
  /// and costs about 1,700 instructions every later time (W12), while a record is a retain and
  /// an append. Recording an object without a hook changes nothing a program can see: a factory
  /// that returns it is not completed, and completing it would have found no hook.
  ///
  /// - Parameter hook: The registration's ``HookState`` raw value for the value.
  static func noteHandedOutIfHooked<T>(_ value: T, hook: UInt8) {
    guard hook != HookState.none.rawValue, let context = ResolutionContext.building else { return }
    context.noteHandedOut(ObjectIdentity.of(value))
  }

  /// Records that a build on this thread was handed `value`, an object with a hook.
  static func noteHandedOut<T>(_ value: T) {
    ResolutionContext.building?.noteHandedOut(ObjectIdentity.of(value))
  }

  /// Builds or fetches the value of a mapping found in `owner`.
  func produce<T>(_ registration: Registration<T>, owner: Injector) throws(InjectionError) -> T {
    if registration.scope == .graph { return try produceInGraph(registration) }
    guard registration.scope == .transient else {
      let value = try owner.resolveCached(registration)
      Self.noteHandedOut(value)
      return value
    }
    return try build(
      registration.key, identity: ObjectIdentifier(registration), make: registration.factory,
      complete: { registration.complete($0) }, decorates: true)
  }

  /// The value of a ``Scope/graph`` registration in the graph this thread is building: the
  /// one built earlier in it, or a new one, kept from the moment it is made (so that values
  /// that meet through `@Injected` share it) until the outermost build ends.
  @inline(never)
  private func produceInGraph<T>(_ registration: Registration<T>) throws(InjectionError) -> T {
    let context = ResolutionContext.current.takeUnretainedValue()
    if let kept = context.graphValue(of: registration) {
      // Kept under this registration, which the graph holds and which makes only `T`s.
      let value = kept as! T
      Self.noteHandedOut(value)
      return value
    }
    let value = try build(
      registration.key, identity: ObjectIdentifier(registration), make: registration.factory,
      complete: { registration.complete($0) },
      created: .graphValue(of: registration), decorates: true)
    // The rest of the graph gets the decorated value.
    if decoratorsExist() { context.keepGraphValue(value, of: registration) }
    return value
  }

  /// What an unmapped key resolves to: this injector for ``Injector``, a new value for a type
  /// that is ``Injectable`` only at run time (resolved through an unconstrained generic), else
  /// `nil`.
  ///
  /// Never on the path of a mapped key.
  func resolveUnmapped<T>(_ key: Key) throws(InjectionError) -> T? {
    if T.self == Injector.self { return (self as any Sendable) as? T }
    if let refused = shutDownError(for: key) { throw refused }
    // A protocol key is never a provider or a lazy value: unmapped optional protocols, the
    // common case here, skip that conformance lookup.
    if !key.isExistential, let bound = T.self as? any BoundToInjector.Type {
      return bound.init(injector: self, name: key.name) as? T
    }
    guard key.name == nil, let injectable = T.self as? any Injectable.Type else { return nil }
    return try build(
      key, identity: ObjectIdentifier(self),
      make: { _ in injectable.init() as! T },
      complete: {
        ($0 as? any InjectionCompletable)?.injectionDidComplete()
        return true
      })
  }

  /// Resolves a key known only as a value, such as a key of a ``snapshot()``, and returns the
  /// value as `Any`.
  ///
  /// For tools that walk an injector's mappings (validation, graph export): it resolves the
  /// mapping of the key in this injector or its ancestors exactly as the generic
  /// ``resolve(_:named:)-8za4a`` of its type would, with the same observation, cycle detection
  /// and errors. A key without a mapping is not created automatically, since its type is not
  /// known here: it throws ``InjectionError/notMapped(key:path:searched:mappedNames:)``.
  ///
  /// - Parameter key: The key, from a snapshot, an error, a mapping or ``InjectionKey/init(_:named:)``;
  ///   a key made from a type name alone is looked up by that name.
  /// - Returns: The resolved value.
  /// - Throws: What resolving the key throws.
  public func resolve(_ key: InjectionKey) throws(InjectionError) -> Any {
    if let (registration, _) = servingRegistration(describedBy: key) {
      return try registration.resolveErased(from: self)
    }
    if let refused = shutDownError(for: key) { throw refused }
    throw .notMapped(
      key: key, path: ResolutionContext.building?.path ?? [], searched: chainLabels)
  }

  /// Resolves a key known only as a value, as ``resolve(_:)`` does, awaiting an `async`
  /// factory, or hopping to the main actor for a `@MainActor` one, as
  /// ``resolveAsync(_:named:)->T`` of its type would.
  ///
  /// ```swift
  /// for mapping in injector.snapshot().mappings where mapping.recipe == .asyncFactory {
  ///   _ = try await injector.resolveAsync(mapping.key)
  /// }
  /// ```
  ///
  /// - Parameter key: The key, from a snapshot, an error, a mapping or
  ///   ``InjectionKey/init(_:named:)``; a key without a mapping is not created automatically.
  /// - Returns: The resolved value.
  /// - Throws: What resolving the key with ``resolveAsync(_:named:)->T`` throws, and
  ///   ``InjectionError/notMapped(key:path:searched:mappedNames:)`` for a key without a mapping.
  public func resolveAsync(_ key: InjectionKey) async throws(InjectionError) -> Any {
    if let (registration, _) = servingRegistration(describedBy: key) {
      return try await registration.resolveErasedAsync(from: self)
    }
    if let refused = shutDownError(for: key) { throw refused }
    throw .notMapped(
      key: key, path: ResolutionContext.building?.path ?? [], searched: chainLabels)
  }

  /// ``servingRegistration(for:)`` for a key known as an ``InjectionKey``: each injector of
  /// the chain looks it up as ``key(describedBy:)`` says.
  func servingRegistration(describedBy described: InjectionKey)
    -> (registration: AnyRegistration, owner: Injector)?
  {
    var next: Injector? = self
    while let injector = next {
      if let key = injector.key(describedBy: described),
        let registration = injector.registration(for: key)
      {
        return (registration, injector)
      }
      next = injector.parent
    }
    return nil
  }

  /// The key that an ``InjectionKey`` describes: from its type when it carries one, else the
  /// key of this injector's active mapping whose type has its module-qualified name.
  func key(describedBy described: InjectionKey) -> Key? {
    if let type = described.type { return Key(type: type, named: described.name) }
    return registry.withLock { registry in
      var found: Key?
      registry.active.forEachRegistration { registration in
        if found == nil, registration.key.name == described.name,
          TypeNames.name(of: registration.key.type) == described.typeName
        {
          found = registration.key
        }
      }
      return found
    }
  }

  func notMapped(_ key: Key) -> InjectionError {
    if let refused = shutDownError(for: key) { return refused }
    return .notMapped(
      key: key.publicKey, path: ResolutionContext.building?.path ?? [], searched: chainLabels,
      mappedNames: names(mappedFor: key))
  }

  /// The names that `key`'s type is mapped with in this injector and its ancestors, as
  /// ``InjectionError/MappedNames`` sorts them when read.
  ///
  /// One lookup and one reference per injector of the chain, with its mutex held: the table
  /// keeps each type's names as mappings change, so a miss costs the same however many
  /// mappings there are.
  private func names(mappedFor key: Key) -> InjectionError.MappedNames {
    var hasUnnamed = false
    var named: [Set<String>] = []
    var next: Injector? = self
    while let injector = next {
      let found = injector.registry.withLock { $0.active.mappedNames(of: key) }
      hasUnnamed = hasUnnamed || found.hasUnnamed
      if !found.named.isEmpty { named.append(found.named) }
      next = injector.parent
    }
    return InjectionError.MappedNames(hasUnnamed: hasUnnamed, named: named, searched: self)
  }

  /// Builds one value with this injector.
  ///
  /// Detects cycles, makes `@Injected` properties created during `make` resolve from this
  /// injector, resolves them, then calls the hook.
  ///
  /// - Parameter created: Who gets the value as soon as `make` returned, before its
  ///   dependencies are resolved: a singleton's ticket publishes it to its own resolution, a
  ///   graph keeps it. A value (not a closure, whose default would be a context allocated on
  ///   every transient build, capturing `T`).
  /// - Parameter identity: What a cycle repeats: the registration, or this injector for a value
  ///   created without a mapping.
  func build<T>(
    _ key: Key, identity: ObjectIdentifier, make: (Injector) throws -> T, complete: (T) -> Bool,
    created: EarlyValue = .dropped, isCached: Bool = false, decorates: Bool = false
  ) throws(InjectionError) -> T {
    if shutDownFlag.load(ordering: .relaxed) {
      throw .shutDown(injector: label, key: key.publicKey)
    }
    let context = ResolutionContext.current.takeUnretainedValue()
    try context.enter(key, injector: self, identity: identity, isCached: isCached)
    var value: T
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
        context.innermostBuildWasHandedObjects && context.wasHandedOut(ObjectIdentity.of(value))
      switch created {
      case .dropped: break
      case .partialValue(let ticket): ticket.setPartialValue(value)
      case .graphValue(let registration): context.keepGraphValue(value, of: registration)
      }
      try context.resolvePendingCells()
      hasHook = isComplete || complete(value)
      // Inside the value's frame: what a decorator resolves is the value's dependency.
      if decorates, decoratorsExist() {
        do {
          value = try decorated(value, key: key)
        } catch {
          throw context.failure(of: key, error)
        }
      }
    } catch {
      context.leave()
      throw error
    }
    context.leave()
    if hasHook, context.isBuilding { context.noteHandedOut(ObjectIdentity.of(value)) }
    return value
  }

}

/// Who gets a value that ``Injector/build(_:identity:make:complete:created:isCached:decorates:)``
/// made, before its dependencies are resolved.
enum EarlyValue {
  /// Nobody: a transient's value goes only to its resolution.
  case dropped
  /// The ticket of the singleton being built, for its own resolution (circular singletons).
  case partialValue(of: BuildTicket)
  /// The graph being built on this thread, for a ``Scope/graph`` mapping.
  case graphValue(of: AnyRegistration)
}

extension Injector {
  /// The unnamed key, mapped here or in an ancestor, of a type that code calls `name` (the
  /// name of a declaration's type as `#function` gives it, `Car` for `Garage.Car` too).
  ///
  /// For the diagnostic of a failed `@Injected` read only: one pass over the mappings.
  func mappedKey(ofTypeNamed name: String) -> InjectionKey? {
    var next: Injector? = self
    while let injector = next {
      let keys = injector.registry.withLock { registry in
        var keys: [Key] = []
        registry.active.forEachRegistration { if $0.key.name == nil { keys.append($0.key) } }
        return keys
      }
      for key in keys.map(\.publicKey) {
        let written = key.unqualifiedTypeName
        let base = written.prefix { $0 != "<" }
        if base == name || base.hasSuffix(".\(name)") { return key }
      }
      next = injector.parent
    }
    return nil
  }
}
