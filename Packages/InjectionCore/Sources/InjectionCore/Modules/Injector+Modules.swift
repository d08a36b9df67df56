import Synchronization

extension Injector {
  /// Adds a module: configures it, builds its eager singletons, then adds its mappings at once.
  ///
  /// The module's mappings shadow earlier mappings of the same keys until it is removed. Other
  /// threads see none of them until all are added: while the eager singletons are built, only
  /// the calling thread sees the module's mappings. If the add fails, nothing of the module is
  /// left in the injector, and its ``InjectionModule/unload(from:)`` is called once the values
  /// it built are released: every `configure` is followed by one `unload`.
  ///
  /// - Parameter module: The module to add.
  /// - Throws: ``InjectionError/moduleAlreadyAdded(module:injector:)`` if this injector already
  ///   holds this module instance (or another thread is adding it);
  ///   ``InjectionError/invalidMapping(key:reason:)`` if one of its mappings cannot work, or if
  ///   it contributes a key of a keyed collection that this injector (or the module itself)
  ///   holds already without `overriding: true`; any error of building an eager singleton.
  public func addModule(_ module: any InjectionModule) throws(InjectionError) {
    let id = ObjectIdentifier(module)
    let reserved = try registry.withLock { registry throws(InjectionError) in
      if registry.lifetimes.isShutDown { throw refusedModule(module) }
      return !registry.containsModule(id) && registry.modulesBeingAdded.insert(id).inserted
    }
    guard reserved else { throw alreadyAdded(module) }
    var registrations: ConfiguredModule
    do {
      registrations = try configuredRegistrations(of: module)
    } catch {
      registry.withLock { _ = $0.modulesBeingAdded.remove(id) }
      module.unload(from: self)
      throw error
    }
    // Only contributions can conflict; the module's name is made outside the lock.
    let owner = registrations.contributions.isEmpty ? nil : String(reflecting: type(of: module))
    let added = registry.withLock {
      registry -> (replaced: [AnyRegistration], [ReleasedValue], InjectionError?)? in
      registry.modulesBeingAdded.remove(id)
      // Shut down while the module was configured: its mappings would resolve nothing.
      guard !registry.lifetimes.isShutDown else { return nil }
      // Checked again where the entries are added: another thread may have contributed one of
      // their keys since `configuredRegistrations` checked.
      if let owner,
        let conflict = registry.keyedConflict(adding: registrations.contributions, owner: owner)
      {
        return ([], [], conflict)
      }
      let replaced = registry.addModule(
        module, registrations: registrations.mappings,
        contributions: registrations.contributions, decorators: registrations.decorators)
      return (replaced, registry.lifetimes.take(of: replaced), nil)
    }
    guard let (replaced, released, conflict) = added else {
      withExtendedLifetime(registrations) {}  // released here, after the mutex
      module.unload(from: self)
      throw refusedModule(module)
    }
    disposeReleased(released)
    withExtendedLifetime(replaced) {}  // released here, after the mutex
    guard let conflict else { return }
    registrations = ConfiguredModule()  // what the module built is released before its unload
    module.unload(from: self)
    throw conflict
  }

  /// Configures `module` and builds its eager singletons, with its mappings visible to the
  /// calling thread only.
  ///
  /// On failure, everything it made is released before it returns.
  ///
  /// - Parameter replaced: A module that is removed in the same step as `module` is added
  ///   (``replaceModule(_:with:)``), whose keyed entries do not conflict with `module`'s.
  private func configuredRegistrations(
    of module: any InjectionModule, replacing replaced: (any InjectionModule)? = nil
  ) throws(InjectionError) -> ConfiguredModule {
    let mappings = ModuleMappings()
    module.configure(mappings)
    var configured = ConfiguredModule()
    for mapping in mappings.mappings {
      let registration = mapping.registration.forAdding()
      if let problem = mapping.problem(of: registration) { throw problem }
      if mapping.isDecorator {
        configured.decorators.append(registration)
      } else if mapping.isContribution {
        configured.contributions.append(registration)
      } else {
        configured.mappings.append(registration)
      }
    }
    if !configured.contributions.isEmpty {
      let owner = String(reflecting: type(of: module))
      // An identity while held: `replaced` is the caller's module, alive for this whole call,
      // and the identity is compared only inside the lock below.
      let ignored = replaced.map(ObjectIdentifier.init)
      // Before any eager singleton is built: a key contributed twice fails the add at once.
      let conflict = registry.withLock {
        $0.keyedConflict(adding: configured.contributions, owner: owner, ignoring: ignored)
      }
      if let conflict { throw conflict }
    }
    let registrations = configured.mappings
    let eager = (registrations + configured.contributions).filter {
      $0.scope == .eagerSingleton
    }
    guard !eager.isEmpty, !registry.withLock({ $0.defersEagerSingletons }) else {
      return configured
    }
    // The later of two mappings of one key wins, as when they are added.
    let staged = Dictionary(registrations.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
    let context = ResolutionContext.current.takeUnretainedValue()
    context.stage(staged, for: self)
    registry.withLock { $0.stagingCount += 1 }
    defer {
      registry.withLock { $0.stagingCount -= 1 }
      context.unstage()
    }
    do {
      for registration in eager {
        try registration.prepare(in: self)
      }
    } catch {
      // The module's values end with its failed add: those built are disposed.
      let built = registrations + configured.contributions
      disposeReleased(registry.withLock { $0.lifetimes.take(of: built) })
      throw error
    }
    return configured
  }

  /// A configured module's registrations, taken by this injector: its mappings, and its
  /// contributions to collections in the order it made them.
  private struct ConfiguredModule {
    var mappings: [AnyRegistration] = []
    var contributions: [AnyRegistration] = []
    var decorators: [AnyRegistration] = []
  }

  /// Replaces a module with another at once: no resolution on any thread sees neither of them,
  /// or both.
  ///
  /// `new` is configured and its eager singletons are built first, while `old`'s mappings are
  /// still in place; then `old`'s ``InjectionModule/unload(from:)`` is called, still with its
  /// mappings in place and `new`'s not yet visible; then, in one step, `old`'s mappings are
  /// removed (restoring what they shadowed) and `new`'s are added, and `old`'s singletons are
  /// released before this method returns. Use it to reload a configuration, such as a newer
  /// services file, while the app runs.
  ///
  /// ```swift
  /// try injector.replaceModule(currentServices, with: reloadedServices)
  /// ```
  ///
  /// - Parameters:
  ///   - old: The module to remove; if this injector does not hold it (or another call is
  ///     removing it right now), `new` is just added.
  ///   - new: The module to add.
  /// - Returns: Whether `old` was held and is now removed.
  /// - Throws: What ``addModule(_:)`` throws for `new`; `old` then stays in place (unless
  ///   another thread contributed a key of one of `new`'s keyed entries while `old` was
  ///   unloaded: `old` is removed then, and `new` is not added).
  @discardableResult
  public func replaceModule(_ old: any InjectionModule, with new: any InjectionModule)
    throws(InjectionError) -> Bool
  {
    let id = ObjectIdentifier(new)
    let reserved = try registry.withLock { registry throws(InjectionError) in
      if registry.lifetimes.isShutDown { throw refusedModule(new) }
      return !registry.containsModule(id) && registry.modulesBeingAdded.insert(id).inserted
    }
    guard reserved else { throw alreadyAdded(new) }
    var registrations: ConfiguredModule
    do {
      registrations = try configuredRegistrations(of: new, replacing: old)
    } catch {
      registry.withLock { _ = $0.modulesBeingAdded.remove(id) }
      new.unload(from: self)
      throw error
    }
    let wasHeld = claimRemoval(of: old)
    if wasHeld { old.unload(from: self) }
    switch swapModules(removing: wasHeld ? old : nil, adding: new, registrations: registrations)
    {
    case .swapped:
      return wasHeld
    case .shutDown:
      new.unload(from: self)
      throw refusedModule(new)
    case .conflict(let conflict):
      registrations = ConfiguredModule()  // what the module built is released before its unload
      new.unload(from: self)
      throw conflict
    }
  }

  /// Removes `old`'s mappings (a module this call claimed with ``claimRemoval(of:)``) and adds
  /// `new`'s under one lock, then releases what was removed or replaced before it returns,
  /// after the mutex is unlocked.
  ///
  /// - Returns: ``SwapOutcome/shutDown`` if the injector was shut down meanwhile: nothing was
  ///   added (nor removed); ``SwapOutcome/conflict(_:)`` with the error of a keyed entry of
  ///   `new` whose key another thread contributed since `configuredRegistrations` checked:
  ///   `old` is removed then (its `unload` ran), and `new` is not added.
  private func swapModules(
    removing old: (any InjectionModule)?, adding new: any InjectionModule,
    registrations: ConfiguredModule
  ) -> SwapOutcome {
    let owner = registrations.contributions.isEmpty ? nil : String(reflecting: type(of: new))
    let swapped = registry.withLock { registry -> SwappedModules? in
      registry.modulesBeingAdded.remove(ObjectIdentifier(new))
      guard !registry.lifetimes.isShutDown else { return nil }
      let oldKeys = old.map { registry.moduleKeys(ObjectIdentifier($0)) } ?? []
      let removed = old.flatMap {
        registry.finishRemoval(of: ObjectIdentifier($0), removingAliases: false)
      }
      if let owner,
        let conflict = registry.keyedConflict(adding: registrations.contributions, owner: owner)
      {
        return SwappedModules(
          removed: removed, replaced: registry.removeAliases(of: oldKeys),
          released: registry.lifetimes.take(of: removed?.removed ?? []), conflict: conflict)
      }
      let replaced = registry.addModule(
        new, registrations: registrations.mappings, contributions: registrations.contributions,
        decorators: registrations.decorators)
      let released = registry.lifetimes.take(of: (removed?.removed ?? []) + replaced)
      // The aliases of what the old module mapped and the new one does not go with it.
      return SwappedModules(
        removed: removed, replaced: replaced + registry.removeAliases(of: oldKeys),
        released: released, conflict: nil)
    }
    guard let swapped else { return .shutDown }
    disposeReleased(swapped.released)
    withExtendedLifetime(swapped) {}  // released here, after the mutex
    return swapped.conflict.map(SwapOutcome.conflict) ?? .swapped
  }

  /// How ``swapModules(removing:adding:registrations:)`` ended.
  private enum SwapOutcome {
    /// `old` was removed and `new` added.
    case swapped
    /// The injector was shut down meanwhile: nothing changed.
    case shutDown
    /// A keyed entry of `new` conflicts with one another thread contributed: `old` was removed,
    /// `new` not added.
    case conflict(InjectionError)
  }

  /// What ``swapModules(removing:adding:registrations:)`` takes out under the lock, to be
  /// disposed and released after it.
  private struct SwappedModules {
    let removed: (module: any InjectionModule, removed: [AnyRegistration])?
    let replaced: [AnyRegistration]
    let released: [ReleasedValue]
    let conflict: InjectionError?
  }

  /// Removes a module: calls its ``InjectionModule/unload(from:)`` while its mappings are still
  /// in place, then removes exactly its mappings, restoring what they shadowed, and releases its
  /// singletons.
  ///
  /// `unload` runs without any lock held and can resolve the module's own mappings: a singleton
  /// of the module that was built is the same instance, so a module can close what it opened.
  /// While `unload` runs, the module is still added for every thread (``hasModule(_:)-(InjectionModule)`` is
  /// `true`, adding it again throws ``InjectionError/moduleAlreadyAdded(module:injector:)``),
  /// and another call that removes it returns `false` at once. Then its mappings are removed in
  /// one step, so a resolution on another thread sees either all of them or none, and its
  /// singletons are released before this method returns (unless something else holds them).
  ///
  /// - Parameter module: The module instance to remove.
  /// - Returns: `true` if the module was added to this injector and is now removed; `false` if it
  ///   was not added, or another call is removing it.
  @discardableResult
  public func removeModule(_ module: any InjectionModule) -> Bool {
    removeModules { $0 === module } > 0
  }

  /// Removes every module of exactly the given type (not of its subclasses), as
  /// ``removeModule(_:)->Bool`` does for one instance.
  ///
  /// - Parameter type: The module type.
  /// - Returns: How many modules were removed.
  @discardableResult
  public func removeModule<M: InjectionModule>(_ type: M.Type) -> Int {
    removeModules { Swift.type(of: $0) == type }
  }

  /// Whether this injector holds the given module instance.
  ///
  /// - Parameter module: The module instance.
  /// - Returns: `true` if it was added and not removed since.
  public func hasModule(_ module: any InjectionModule) -> Bool {
    registry.withLock { $0.containsModule(ObjectIdentifier(module)) }
  }

  /// Whether this injector holds a module of exactly the given type.
  ///
  /// - Parameter type: The module type.
  /// - Returns: `true` if a module of that type was added and not removed since.
  public func hasModule<M: InjectionModule>(_ type: M.Type) -> Bool {
    registry.withLock { $0.modules.contains { Swift.type(of: $0.module) == type } }
  }

  private func removeModules(where matches: (any InjectionModule) -> Bool) -> Int {
    let candidates = registry.withLock { $0.modules.map(\.module) }.filter(matches)
    var count = 0
    for module in candidates.reversed() where claimRemoval(of: module) {
      module.unload(from: self)
      let (removed, released) = registry.withLock { registry in
        let removed = registry.finishRemoval(of: ObjectIdentifier(module))
        return (removed, registry.lifetimes.take(of: removed?.removed ?? []))
      }
      disposeReleased(released)
      withExtendedLifetime(removed) {}  // its singletons are released here, after the mutex
      count += 1
    }
    return count
  }

  /// Claims `module` for removal by this call: afterwards only this call unloads and removes it.
  ///
  /// - Returns: Whether the module is added and no other call is removing it.
  private func claimRemoval(of module: any InjectionModule) -> Bool {
    let id = ObjectIdentifier(module)
    return registry.withLock { registry in
      registry.containsModule(id) && registry.modulesBeingRemoved.insert(id).inserted
    }
  }

  /// The error of adding a module to an injector that was shut down.
  private func refusedModule(_ module: any InjectionModule) -> InjectionError {
    .shutDown(
      injector: label, key: InjectionKey(typeName: String(reflecting: Swift.type(of: module))))
  }

  private func alreadyAdded(_ module: any InjectionModule) -> InjectionError {
    .moduleAlreadyAdded(module: String(reflecting: Swift.type(of: module)), injector: label)
  }
}
