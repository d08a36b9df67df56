import Synchronization

extension Injector {
  /// Adds a mapping made by one of the `map` methods, replacing this injector's earlier direct
  /// mapping of the same key.
  ///
  /// The new mapping also shadows the mappings of the key that modules made; removing such a
  /// module later leaves this one in place. The replaced mapping's value, if it was built and
  /// can be disposed, is disposed as ``unmap(_:named:)`` does. On an injector that was shut
  /// down, the mapping is ignored. An ``Scope/eagerSingleton`` is built now. If that fails, or
  /// the mapping cannot work (a ``Scope/weak`` scope for a value type, a keyed contribution
  /// under a key this injector holds already), the program stops with the diagnostic; add the
  /// mapping through a module to handle the error instead.
  ///
  /// - Parameter mapping: The mapping to add.
  public func add(_ mapping: Mapping) {
    let registration = mapping.registration.forAdding()
    if let problem = mapping.problem(of: registration) {
      Self.stop(problem)
    }
    let defersEager: Bool
    if mapping.isContribution {
      defersEager = addContribution(registration)
    } else {
      let (replaced, released, defers) = registry.withLock {
        registry -> (AnyRegistration?, [ReleasedValue], Bool) in
        // A shut-down injector takes no mapping: it would resolve nothing anyway.
        if registry.lifetimes.isShutDown { return (registration, [], true) }
        if mapping.isDecorator {
          registry.decorate(registration, owner: nil)
          return (nil, [], true)
        }
        let replaced = registry.push(registration, owner: nil)
        let released = replaced.map { registry.lifetimes.take(of: [$0]) } ?? []
        return (replaced, released, registry.defersEagerSingletons)
      }
      disposeReleased(released)
      withExtendedLifetime(replaced) {}  // released here, after the mutex
      defersEager = defers
    }
    guard !defersEager else { return }
    do {
      try registration.prepare(in: self)
    } catch {
      fatalError("InjectionCore: \(error)")
    }
  }

  /// Adds a direct contribution, or stops the program when it is an entry of a keyed
  /// collection whose key this injector holds already (and it does not override it).
  ///
  /// The key is checked in the same locked step that adds the entry, so that two threads
  /// cannot both add one.
  ///
  /// - Returns: Whether an eager singleton's build waits (``Registry/defersEagerSingletons``).
  private func addContribution(_ registration: AnyRegistration) -> Bool {
    let (replaced, released, defersEager, conflict) = registry.withLock {
      registry -> ([AnyRegistration], [ReleasedValue], Bool, InjectionError?) in
      // A shut-down injector takes no contribution: it would resolve nothing anyway.
      if registry.lifetimes.isShutDown { return ([registration], [], true, nil) }
      if let conflict = registry.keyedConflict(adding: [registration], owner: nil) {
        return ([], [], true, conflict)
      }
      let replaced = registry.contribute(registration, owner: nil)
      return (replaced, registry.lifetimes.take(of: replaced), registry.defersEagerSingletons, nil)
    }
    disposeReleased(released)
    withExtendedLifetime(replaced) {}  // released here, after the mutex
    if let conflict { Self.stop(conflict) }
    return defersEager
  }

  /// Stops the program with the diagnostic of a mapping that cannot work, made directly.
  private static func stop(_ problem: InjectionError) -> Never {
    fatalError("InjectionCore: \(problem)")
  }

  /// Removes every mapping of a key from this injector (direct ones and those of modules), and
  /// the aliases of the key that this injector holds.
  ///
  /// The aliases go also when this injector does not map the key itself (an alias of a key its
  /// parent maps), and so do the aliases of those aliases. The parent's mappings and aliases are
  /// not touched. Singletons of the removed mappings are released, and those that are
  /// ``InjectionDisposable`` disposed first, latest first (an ``AsyncInjectionDisposable`` one
  /// is kept for ``disposeReleasedValues(timeout:)``).
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  public func unmap<T>(_ type: T.Type, named name: String? = nil) {
    let (removed, released) = registry.withLock { registry in
      let removed = registry.removeAll(Key(T.self, named: name))
      return (removed, registry.lifetimes.take(of: removed))
    }
    disposeReleased(released)
    withExtendedLifetime(removed) {}  // released here, after the mutex
  }

  /// Removes every mapping of a key described by an ``InjectionKey`` from this injector, as
  /// ``unmap(_:named:)`` does; for code that knows keys only as values, such as the keys of a
  /// ``snapshot()``.
  ///
  /// A key made with ``InjectionKey/init(_:named:)`` or taken from a snapshot, an error or a
  /// mapping finds its mapping by type; a key made with ``InjectionKey/init(typeName:name:)``
  /// is looked up by its module-qualified type name.
  ///
  /// - Parameter key: The key to remove.
  /// - Returns: Whether a mapping of the key, or an alias of it, was removed.
  @discardableResult
  public func unmap(_ key: InjectionKey) -> Bool {
    guard let own = self.key(describedBy: key) else { return false }
    let (removed, released) = registry.withLock { registry in
      let removed = registry.removeAll(own)
      return (removed, registry.lifetimes.take(of: removed))
    }
    disposeReleased(released)
    defer { withExtendedLifetime(removed) {} }  // released here, after the mutex
    return !removed.isEmpty
  }

  /// Whether a key is mapped in this injector or one of its ancestors.
  ///
  /// Types that are only created automatically (``Injectable``) are not mapped.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: `true` if resolving the key would use a mapping.
  public func isMapped<T>(_ type: T.Type, named name: String? = nil) -> Bool {
    chainRegistration(for: Key(T.self, named: name)) != nil
  }
}
