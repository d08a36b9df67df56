import Synchronization

extension Injector {
  /// Returns the value mapped for a key, awaiting an `async` factory, or hopping to the main
  /// actor for a `@MainActor` one.
  ///
  /// ```swift
  /// injector.map(Database.self, scope: .singleton) { _ in try await Database.connect() }
  /// let database = try await injector.resolveAsync(Database.self)
  /// ```
  ///
  /// Any key resolves this way: a mapping with a synchronous factory is resolved as
  /// ``resolve(_:named:)-8za4a`` does. An `async` singleton is built once however many tasks
  /// ask for it at once; they wait without blocking a thread, and a waiting task that is
  /// cancelled stops waiting (``InjectionError/cancelled(key:)``) without cancelling the build
  /// the others wait for. If the build fails, every waiter gets the error, and a later
  /// resolution builds again.
  ///
  /// - Parameters:
  ///   - type: The key's type; inferred from the context when omitted.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The value, built and injected as its mapping's scope says.
  /// - Throws: What ``resolve(_:named:)-8za4a`` throws, ``InjectionError/cycle(path:)`` for an
  ///   `async` build that needs itself, and ``InjectionError/cancelled(key:)`` when the task was
  ///   cancelled while it waited for another task's build.
  public func resolveAsync<T>(_ type: T.Type = T.self, named name: String? = nil)
    async throws(InjectionError) -> T
  {
    guard let served = servingRegistration(for: Key(T.self, named: name)) else {
      return try resolve(T.self, named: name)  // not mapped: what the synchronous path does
    }
    return try await resolveAsync(served.registration, of: T.self, owner: served.owner)
  }

  /// ``resolveAsync(_:named:)->T`` once the registration that serves the key is found.
  ///
  /// Inlined into both public spellings: as a call of its own, an `async` frame cost the cached
  /// path 160 ns (W9).
  @inline(__always)
  private func resolveAsync<T>(_ found: AnyRegistration, of type: T.Type, owner: Injector)
    async throws(InjectionError) -> T
  {
    let registration = Self.registration(found, of: T.self)
    let key = registration.key
    let name = key.name
    if registration.asyncRecipe != nil {
      // The cached path: one acquiring load, no task-local read.
      if let value = registration.published, !isObserved { return value }
      guard !isObserved else {
        return try await observedResolution(key) { () async throws(InjectionError) -> T in
          try await resolveAsync(registration, owner: owner)
        }
      }
      return try await resolveAsync(registration, owner: owner)
    }
    if registration.recipe == .mainActorFactory, registration.published == nil, !isOnMainActor() {
      return try await resolveOnMainActor(T.self, named: name)
    }
    return try resolve(T.self, named: name)
  }

  /// Returns the value mapped for a key with `await`, or `nil` when nothing is mapped for it;
  /// the optional spelling of ``resolveAsync(_:named:)->T``.
  ///
  /// - Parameters:
  ///   - type: The optional type, such as `Database?.self`; inferred when omitted.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The value, or `nil`.
  /// - Throws: ``InjectionError`` for every failure except an unmapped key.
  public func resolveAsync<Wrapped>(
    _ type: Wrapped?.Type = Wrapped?.self, named name: String? = nil
  ) async throws(InjectionError) -> Wrapped? {
    guard let served = servingRegistration(for: Key(Wrapped.self, named: name)) else {
      return try resolve(Wrapped?.self, named: name)
    }
    return try await resolveAsync(served.registration, of: Wrapped.self, owner: served.owner)
  }

  /// Whether resolving `key` from this injector needs `await`: its mapping has an `async`
  /// factory or one isolated to the main actor.
  func needsAwait(_ key: Key) -> Bool {
    guard let registration = chainRegistration(for: key) else { return false }
    return registration.recipe == .asyncFactory || registration.recipe == .mainActorFactory
  }

  /// Builds (or fetches) the value of a registration this injector owns, with `await`: for
  /// ``prepare()``.
  func resolveOwnAsync<T>(_ registration: Registration<T>) async throws(InjectionError) -> T {
    guard registration.asyncRecipe != nil else {
      if registration.recipe == .mainActorFactory, !isOnMainActor() {
        return try await resolveOnMainActor(T.self, named: registration.key.name)
      }
      return try value(of: registration, owner: self)
    }
    return try await resolveAsync(registration, owner: self)
  }

  /// Resolves a key on the main actor, for a `@MainActor` mapping resolved from elsewhere.
  private func resolveOnMainActor<T>(_ type: T.Type, named name: String?)
    async throws(InjectionError) -> T
  {
    // The mapping was made by a `map` method that requires `T: Sendable` for a main-actor
    // factory: the value may cross from the main actor to this task.
    let delivery = await MainActor.run { () -> Delivery<T> in
      do throws(InjectionError) {
        return Delivery(result: .success(try self.resolve(T.self, named: name)))
      } catch {
        return Delivery(result: .failure(error))
      }
    }
    return try delivery.result.get()
  }

  /// The value of an `async` mapping, found in `owner`, built or fetched as its scope says.
  private func resolveAsync<T>(_ registration: Registration<T>, owner: Injector)
    async throws(InjectionError) -> T
  {
    let parent = AsyncResolutionFrame.ofCurrentTask
    if let cycle = parent?.cycle(building: registration.key, registration: registration) {
      throw .cycle(path: cycle)
    }
    switch registration.scope {
    case .transient:
      return try await buildAsync(registration, parent: parent).value
    case .graph:
      // Kept under this registration, which the graph holds and which makes only `T`s.
      if let kept = parent?.graph.value(of: registration) { return kept as! T }
      let frame = AsyncResolutionFrame(
        key: registration.key, registration: registration, parent: parent)
      let value = try await buildAsync(registration, parent: parent, frame: frame).value
      return frame.graph.keep(value, of: registration) as! T
    case .singleton, .eagerSingleton, .weak:
      return try await owner.awaitCached(registration, parent: parent)
    }
  }

  /// Builds one value of an `async` mapping with this injector: runs the factory with this
  /// injector as ``Injector/current`` and the build on the task's path, resolves the value's
  /// `@Injected` properties from this injector, then calls its hook.
  ///
  /// - Returns: The value, and whether it has a hook (it ran).
  private func buildAsync<T>(
    _ registration: Registration<T>, parent: AsyncResolutionFrame?,
    frame: AsyncResolutionFrame? = nil
  ) async throws(InjectionError) -> (value: T, hasHook: Bool) {
    guard let recipe = registration.asyncRecipe else { preconditionFailure("not async") }
    if shutDownFlag.load(ordering: .relaxed) {
      throw .shutDown(injector: label, key: registration.key.publicKey)
    }
    let frame =
      frame
      ?? AsyncResolutionFrame(key: registration.key, registration: registration, parent: parent)
    defer { frame.finish() }
    let value: T
    do {
      value = try await AsyncResolutionFrame.$current.withValue(frame) {
        try await Injector.$current.withValue(self) { try await recipe.factory(self) }
      }
    } catch let error as InjectionError {
      throw error
    } catch {
      throw .factoryFailed(
        key: registration.key.publicKey, path: parent?.path ?? [], underlying: error)
    }
    try registration.checkWeakValue(value)
    try await bindInjectedProperties(of: value, frame: frame)
    let hasHook = registration.complete(value)
    guard decoratorsExist() else { return (value, hasHook) }
    let decorated: T
    do {
      decorated = try self.decorated(value, key: registration.key)
    } catch let error as InjectionError {
      throw error
    } catch {
      throw .factoryFailed(key: registration.key.publicKey, path: frame.path, underlying: error)
    }
    try registration.checkWeakValue(decorated)
    return (decorated, hasHook)
  }

  /// Resolves the `@Injected` properties that an `async` factory's value still lacks, from this
  /// injector, awaiting the `async` mappings among them first.
  ///
  /// The factory ran across suspension points, so its value's properties could not be found as
  /// a synchronous build finds them; they are found with `Mirror`, once per build.
  private func bindInjectedProperties<T>(of value: T, frame: AsyncResolutionFrame)
    async throws(InjectionError)
  {
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
      for child in current.children {
        guard let point = child.value as? any InjectionPoint, !point.isResolved else { continue }
        if let key = key(describedBy: point.key), let registration = chainRegistration(for: key),
          registration.recipe == .asyncFactory || registration.recipe == .mainActorFactory
        {
          do {
            _ = try await AsyncResolutionFrame.$current.withValue(frame) {
              try await registration.resolveErasedAsync(from: self)
            }
          } catch {
            throw error as! InjectionError  // the operation throws only `InjectionError`
          }
        }
        try point.bind(to: self)
      }
      mirror = current.superclassMirror
    }
  }

  /// The cached value of an `async` mapping this injector owns, building it exactly once.
  ///
  /// The first task to find it missing starts the build in a task of its own (which inherits
  /// its task-locals: the path and ``Injector/current``); every task, the first included,
  /// waits for it as a continuation. A build that would wait for a build that waits (through
  /// others) for it throws a cycle instead (``AsyncWaitGraph``).
  private func awaitCached<T>(_ registration: Registration<T>, parent: AsyncResolutionFrame?)
    async throws(InjectionError) -> T
  {
    guard let recipe = registration.asyncRecipe else { preconditionFailure("not async") }
    if shutDownFlag.load(ordering: .relaxed) {
      throw .shutDown(injector: label, key: registration.key.publicKey)
    }
    while true {
      if let value = registration.published { return value }
      let step = registry.withLock { registry -> AsyncStep<T> in
        if let value = registration.published ?? registration.resettableValue {
          return .ready(value)
        }
        if registration.scope == .weak, let object = registration.weakObject.object {
          return .ready(object as! T)
        }
        let generation = registry.resetGeneration(of: registration)
        // A build that a reset overtook is not joined: its value is not the scope's any more.
        if let build = recipe.build, build.generation == generation { return .join(build) }
        let build = AsyncBuild<T>(generation: generation)
        recipe.build = build
        return .start(build)
      }
      let build: AsyncBuild<T>
      switch step {
      case .ready(let value):
        return value
      case .join(let running):
        build = running
      case .start(let started):
        build = started
        Task { await self.runBuild(registration, started, parent: parent) }
      }
      if let delivery = try await wait(for: build, of: registration, parent: parent) {
        return try delivery.result.get()
      }
    }
  }

  /// Waits for `build` as a continuation; `nil` if it was over before the wait began (look
  /// again).
  private func wait<T>(
    for build: AsyncBuild<T>, of registration: Registration<T>, parent: AsyncResolutionFrame?
  ) async throws(InjectionError) -> Delivery<T>? {
    let waiting = parent?.owningBuild
    if let waiting {
      guard AsyncWaitGraph.beginWaiting(waiting.build, for: build) else {
        throw .cycle(
          path: waiting.pathFromHere + [registration.key.publicKey, waiting.key.publicKey])
      }
    }
    defer {
      if let waiting { AsyncWaitGraph.endWaiting(waiting.build, for: build) }
    }
    guard let recipe = registration.asyncRecipe else { preconditionFailure("not async") }
    if shutDownFlag.load(ordering: .relaxed) {
      throw .shutDown(injector: label, key: registration.key.publicKey)
    }
    let key = registration.key.publicKey
    let id = AsyncBuild<T>.nextWaiterID()
    let wake = AsyncWake()
    // Set inside the continuation's body, by this task, before it suspends.
    var handover: AsyncHandover<T>?
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let waiter = AsyncWaiter(continuation: continuation, wake: wake)
        let early = registry.withLock { _ -> AsyncWake.Reason? in
          // The build may be over: then look again.
          guard recipe.build === build else { return .lookAgain }
          // Checked under the mutex that the cancellation handler takes: a task cancelled
          // before its waiter is added is never left waiting.
          if Task.isCancelled { return .cancelled }
          build.add(waiter, id: id)
          handover = build.handover
          return nil
        }
        if let early { waiter.resume(early) }
      }
    } onCancel: {
      // From this build, which a reset may have replaced as the recipe's build.
      let waiter = registry.withLock { _ in build.remove(id: id) }
      waiter?.resume(.cancelled)
    }
    // Through the wake and the handover, not the continuation: an edge ThreadSanitizer sees
    // (`AsyncWaiter`).
    return wake.outcome(from: handover, key: key).map(Delivery.init(result:))
  }

  /// Runs the build of a cached `async` value, publishes it, and resumes its waiters.
  ///
  /// Runs in a task of its own, whose frame is made here (this task runs it), with the
  /// requester's path as its parent: the requester waits for this build.
  private func runBuild<T>(
    _ registration: Registration<T>, _ build: AsyncBuild<T>, parent: AsyncResolutionFrame?
  ) async {
    let frame = AsyncResolutionFrame(
      key: registration.key, registration: registration, parent: parent, build: build)
    var result: Result<T, InjectionError>
    var hasHook = false
    do throws(InjectionError) {
      let built = try await buildAsync(registration, parent: parent, frame: frame)
      hasHook = built.hasHook
      result = .success(built.value)
    } catch {
      result = .failure(error)
    }
    let (waiters, handover, refused) = registry.withLock { registry in
      // A reset since the build started may have put a new build in its place.
      if registration.asyncRecipe?.build === build { registration.asyncRecipe?.build = nil }
      let refused = registry.lifetimes.isShutDown
      // A value whose scope was reset since the build started goes only to the resolutions
      // that waited for it (see `reset(_:)`): neither kept nor owned.
      let isCurrent = registry.resetGeneration(of: registration) == build.generation
      if case .success(let value) = result, !refused, !registration.isRetired, isCurrent {
        registration.publishBuilt(value, hasHook: hasHook)
        if registration.scope != .weak { registry.lifetimes.own(registration) }
      }
      defer { build.handover = nil }
      return (build.takeWaiters(), build.handover, refused)
    }
    if refused, case .success(let value) = result {
      let owned: Any? = registration.scope == .weak ? nil : value
      result = .failure(refuseLateBuild(of: registration, value: owned))
    }
    // Before any wake is set: a waiter reads the outcome only after it saw its wake.
    handover?.outcome = result
    for waiter in waiters { waiter.resume(.over) }
  }
}

/// What a task that wants an `async` mapping's cached value does next.
///
/// `@unchecked Sendable`, to leave the registry mutex: `.ready` carries a cached value, which
/// the mapping API requires to be `Sendable`; a build is `Sendable`.
private enum AsyncStep<T>: @unchecked Sendable {
  case ready(T)
  case join(AsyncBuild<T>)
  case start(AsyncBuild<T>)
}

extension Registration {
  /// Publishes the value an `async` build made, as a cached value or the object of a `.weak`
  /// mapping.
  ///
  /// With the registry mutex held. Only the one `async` build publishes (the synchronous
  /// factory of an `async` mapping always throws), so nothing was published before.
  func publishBuilt(_ value: T, hasHook: Bool) {
    if scope == .weak {
      weakObject = WeakObject(object: value as AnyObject)
    } else {
      publishCached(value, hook: hasHook ? .present : (checksHookDynamically ? .none : .unknown))
    }
  }
}
