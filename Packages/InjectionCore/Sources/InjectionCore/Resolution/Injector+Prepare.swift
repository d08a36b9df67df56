extension Injector {
  /// Builds every eager singleton of this injector that is not built yet: those with an
  /// `async` factory, and those with a main-actor factory that were mapped off the main actor.
  ///
  /// ```swift
  /// injector.map(Database.self, scope: .eagerSingleton) { _ in try await Database.connect() }
  /// try await injector.prepare()
  /// let database = try injector.resolve(Database.self)  // built: synchronous from now on
  /// ```
  ///
  /// Call it at start-up, and again after adding a module that maps such singletons. The
  /// builds run concurrently; a value that needs another waits for it. Eager singletons that
  /// a parent injector owns are its own to prepare.
  ///
  /// - Throws: The first ``InjectionError`` of a build that failed (the others still finish;
  ///   a failed one is built again by the next resolution or `prepare()`).
  public func prepare() async throws(InjectionError) {
    let pending = registry.withLock { registry in
      var pending: [AnyRegistration] = []
      registry.active.forEachRegistration { if $0.needsPreparing { pending.append($0) } }
      return pending
    }
    try await Self.prepare(pending.map { ($0, self) }, force: false)
  }

  /// Builds the cached values of the listed keys now, awaiting `async` factories, so that
  /// synchronous resolutions and `@Injected` reads find them built.
  ///
  /// ```swift
  /// try await injector.prepare(InjectionKey(Database.self), InjectionKey(Settings.self))
  /// ```
  ///
  /// - Parameter keys: Keys of `.singleton`, `.eagerSingleton` or `.weak` mappings, in this
  ///   injector or its ancestors (each is built by the injector that owns it).
  /// - Throws: ``InjectionError/notMapped(key:path:searched:mappedNames:)`` for a key that
  ///   nothing maps, ``InjectionError/invalidMapping(key:reason:)`` for one whose values are
  ///   not cached, and the first error of a failed build.
  public func prepare(_ keys: InjectionKey...) async throws(InjectionError) {
    var pending: [(AnyRegistration, Injector)] = []
    for described in keys {
      guard let found = servingRegistration(describedBy: described) else {
        throw .notMapped(key: described, path: [], searched: chainLabels)
      }
      pending.append(found)
    }
    try await Self.prepare(pending, force: true)
  }

  /// Prepares each registration in the injector that owns it, concurrently.
  private static func prepare(_ registrations: [(AnyRegistration, Injector)], force: Bool)
    async throws(InjectionError)
  {
    let failure = await withTaskGroup(of: InjectionError?.self) { group in
      for (registration, owner) in registrations {
        group.addTask { await prepareCatching(registration, in: owner, force: force) }
      }
      var first: InjectionError?
      for await case let error? in group where first == nil { first = error }
      return first
    }
    if let failure { throw failure }
  }

  /// Prepares one registration; its error, if it failed.
  private static func prepareCatching(
    _ registration: AnyRegistration, in owner: Injector, force: Bool
  ) async -> InjectionError? {
    do throws(InjectionError) {
      try await registration.prepareAsync(in: owner, force: force)
      return nil
    } catch {
      return error
    }
  }
}
