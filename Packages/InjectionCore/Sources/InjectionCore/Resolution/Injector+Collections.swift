extension Injector {
  /// Returns every value contributed to a collection, in a defined order: this injector's
  /// contributions in the order they were made, then its parent's, and so on up the chain.
  ///
  /// ```swift
  /// injector.contribute((any LogDestination).self) { _ in ConsoleLog() }
  /// injector.contribute((any LogDestination).self, scope: .singleton) { _ in FileLog() }
  /// let destinations = try injector.resolveAll((any LogDestination).self)
  /// // [ConsoleLog, FileLog]
  /// ```
  ///
  /// Each contribution is built or fetched as its scope says, exactly as a mapping of that
  /// scope would be: a singleton contribution is built once by the injector that holds it, a
  /// transient one is built anew by this injector, so a child's overrides reach its
  /// dependencies. A collection without contributions is an empty array, never an error.
  /// Collections are apart from ordinary mappings: `map(T.self)` does not contribute to the
  /// collection of `T`, and a contribution does not map `T`. A name keeps several collections
  /// of one type apart: `resolveAll(Middleware.self, named: "admin")` returns only what was
  /// contributed with that name.
  ///
  /// Observers see one resolution of the collection's key, `[Element]` with the name; the
  /// contributions' own dependencies are nested in it.
  ///
  /// - Parameters:
  ///   - type: The element type; inferred from the context when omitted.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  /// - Returns: The contributed values; empty when nothing was contributed.
  /// - Throws: The first error of building a contribution, as ``resolve(_:named:)-8za4a``
  ///   throws it (a missing dependency, a cycle, a failing factory);
  ///   ``InjectionError/shutDown(injector:key:)`` when this injector or an ancestor was shut
  ///   down.
  public func resolveAll<Element>(_ type: Element.Type = Element.self, named name: String? = nil)
    throws(InjectionError) -> [Element]
  {
    let key = Key([Element].self, named: name)
    guard !isObserved else {
      return try observedResolution(key) { () throws(InjectionError) in
        try contributedValues(key) as [Element]
      }
    }
    return try contributedValues(key)
  }

  /// Returns every value contributed to a collection known only as a value, such as a key of
  /// a ``InjectorSnapshot/contributions`` entry, as ``resolveAll(_:named:)`` does.
  ///
  /// For tools that walk an injector's collections (validation, graph export). For a keyed
  /// collection (``resolveAll(_:keyedBy:named:)``) it returns the values of the entries in
  /// force, without their keys, in no defined order.
  ///
  /// - Parameter key: The collection's key, whose type is the array `[Element]` (or the
  ///   dictionary `[EntryKey: Element]`): the ``Mapping/key`` of a contribution, or
  ///   `InjectionKey([Element].self, named:)`.
  /// - Returns: The contributed values, in order; empty when nothing was contributed.
  /// - Throws: The first error of building a contribution;
  ///   ``InjectionError/shutDown(injector:key:)`` when this injector or an ancestor was shut
  ///   down.
  public func resolveAll(_ key: InjectionKey) throws(InjectionError) -> [Any] {
    var collected: [(registration: AnyRegistration, owner: Injector)] = []
    var entryKeys: Set<AnyHashable> = []  // of a keyed collection: the keys met so far
    var next: Injector? = self
    while let injector = next {
      if let own = injector.key(describedBy: key) {
        let (contributions, isShutDown) = injector.registry.withLock {
          ($0.contributions[own] ?? [], $0.lifetimes.isShutDown)
        }
        if isShutDown { throw .shutDown(injector: injector.label, key: key) }
        collected += Self.inForce(contributions, seen: &entryKeys).map { ($0, injector) }
      } else if injector.isShutDown {
        throw .shutDown(injector: injector.label, key: key)
      }
      next = injector.parent
    }
    let resolve = { () throws(InjectionError) -> [Any] in
      var values: [Any] = []
      values.reserveCapacity(collected.count)
      for (registration, owner) in collected {
        values.append(try registration.contributedValue(asked: self, owner: owner))
      }
      return values
    }
    guard isObserved, let type = key.type else { return try resolve() }
    return try observedResolution(Key(type: type, named: key.name), resolve)
  }

  /// The values of the contributions to `key` in this injector and its ancestors, in order,
  /// without telling observers.
  ///
  /// Each injector's contributions are copied out with its mutex held (strong references, so
  /// that they outlive a module removed meanwhile) and built after it is unlocked. An injector
  /// of the chain that was shut down (its contributions taken out in the same locked step)
  /// makes the resolution throw ``InjectionError/shutDown(injector:key:)``, not return fewer
  /// values.
  private func contributedValues<Element>(_ key: Key) throws(InjectionError) -> [Element] {
    var values: [Element] = []
    var next: Injector? = self
    while let injector = next {
      let (contributions, isShutDown) = injector.registry.withLock {
        ($0.contributions[key] ?? [], $0.lifetimes.isShutDown)
      }
      if isShutDown { throw .shutDown(injector: injector.label, key: key.publicKey) }
      for found in contributions {
        // Sound: the collection `[Element]` only ever holds `Registration<Element>`s (see
        // `Mapping.init(contributing:…)`).
        let registration = Self.registration(found, of: Element.self)
        values.append(try value(of: registration, owner: injector))
      }
      next = injector.parent
    }
    return values
  }

  /// Removes every contribution to a collection from this injector: direct ones and those of
  /// modules.
  ///
  /// The parent's contributions are not touched. Singletons of the removed contributions are
  /// released. To replace a collection, remove its contributions, then contribute again.
  ///
  /// ```swift
  /// injector.removeContributions(to: (any LogDestination).self)
  /// injector.contribute((any LogDestination).self) { _ in MemoryLog() }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The element type.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  /// - Returns: How many contributions were removed.
  @discardableResult
  public func removeContributions<Element>(
    to type: Element.Type, named name: String? = nil
  ) -> Int {
    removeContributions(Key([Element].self, named: name))
  }

  /// Removes every contribution to a collection known only as a value from this injector, as
  /// ``removeContributions(to:named:)`` does.
  ///
  /// - Parameter key: The collection's key, whose type is the array `[Element]`.
  /// - Returns: How many contributions were removed.
  @discardableResult
  public func removeContributions(to key: InjectionKey) -> Int {
    guard let own = self.key(describedBy: key) else { return 0 }
    return removeContributions(own)
  }

  /// Removes this injector's contributions to the collection `key` (keyed or not), disposes
  /// what they owned and releases them after the mutex is unlocked.
  ///
  /// - Returns: How many contributions were removed.
  func removeContributions(_ key: Key) -> Int {
    let (removed, released) = registry.withLock { registry in
      let removed = registry.removeContributions(key)
      return (removed, registry.lifetimes.take(of: removed))
    }
    disposeReleased(released)
    defer { withExtendedLifetime(removed) {} }  // released here, after the mutex
    return removed.count
  }
}
