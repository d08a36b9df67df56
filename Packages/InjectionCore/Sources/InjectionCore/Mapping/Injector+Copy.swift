extension Injector {
  /// Returns a new, independent injector with this injector's mappings, its modules and what it
  /// inherits from its ancestors, and none of their built values.
  ///
  /// The copy has no parent. For each key it holds this injector's stack of mappings (the
  /// active one, and those it shadows, with the modules that made them, so that removing a
  /// module from the copy restores what it shadowed), above the mapping the key had in the
  /// nearest ancestor, if this injector has no direct mapping of its own for it. Every mapping
  /// starts unbuilt in the copy: singletons are built again, by the copy, when first resolved.
  /// Instances mapped with `to:` are the app's own and are shared, and so are module instances:
  /// a module removed from both gets `unload(from:)` from each. Nothing done to either injector
  /// afterwards changes the other. The entries of a keyed collection that the copy holds win as
  /// they did in the chain; an entry the copy is given later (in `changes`, say) under a key it
  /// holds wins over the copied one, as a child's entry would, instead of being an error.
  ///
  /// Each injector of the chain is read at one moment: a module that another thread adds,
  /// replaces or removes meanwhile is in the copy whole (its mappings, contributions,
  /// decorators and aliases, and its record, so that removing it from the copy removes exactly
  /// them) or not at all.
  ///
  /// `changes` runs on the copy before its eager singletons are built, so that overrides and
  /// removals are in place first; then every eager singleton that is the active mapping of its
  /// key in the copy is built, as mapping it would have built it (one that a module shadows is
  /// built when it is resolved, after that module is removed). If several fail, the error of
  /// one of them is thrown.
  ///
  /// ```swift
  /// let test = try app.makeCopy(label: "checkout test") { copy in
  ///   copy.map((any PaymentGateway).self, scope: .eagerSingleton) { _ in FakeGateway() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - label: The copy's label; by default, `"copy of <label>"`.
  ///   - changes: Changes to make to the copy before its eager singletons are built.
  /// - Returns: The copy.
  /// - Throws: What `changes` throws, or the ``InjectionError`` of an eager singleton that
  ///   cannot be built.
  public func makeCopy(
    label: String? = nil, applying changes: (Injector) throws(InjectionError) -> Void = { _ in }
  ) throws(InjectionError) -> Injector {
    try makeCopy(label: label, keepingPreparedValues: false, applying: changes)
  }

  /// Returns a copy of this injector, as ``makeCopy(label:applying:)`` does, that shares the
  /// values this injector and its ancestors already built with an `async` or `@MainActor`
  /// factory.
  ///
  /// ```swift
  /// try await app.prepare()   // builds the async eager singletons
  /// let copy = try app.makeCopy(label: "check", keepingPreparedValues: true)
  /// _ = try copy.resolve(Database.self)   // the app's database, not built again
  /// ```
  ///
  /// Such a value cannot be built by a synchronous resolution of the copy; sharing it lets the
  /// copy resolve synchronously what the app already can (after ``prepare()``). A shared value
  /// is not built again and its hook does not run again: the copy hands it out as it hands out
  /// an instance mapped with `to:`, and the mapping keeps its recipe in the copy's
  /// ``snapshot()``. Every other mapping starts unbuilt, as in ``makeCopy(label:applying:)``;
  /// with `keepingPreparedValues` false this is that method.
  ///
  /// - Parameters:
  ///   - label: The copy's label; by default, `"copy of <label>"`.
  ///   - keepingPreparedValues: Whether the copy shares the values built by `async` and
  ///     `@MainActor` factories (of `.singleton` and `.eagerSingleton` mappings).
  ///   - fallingBackOnBuiltEagerSingletons: Whether an eager singleton that this injector (or
  ///     an ancestor) built, and that fails when the copy builds it again, takes the built
  ///     value instead of failing the copy: the copy is judged by the build the app made, with
  ///     the mappings of the moment it was mapped or its module added, not by one with
  ///     mappings made later. An eager singleton that the copy can build is built anew. The
  ///     copy's ``eagerSingletonsTakenFromOriginal`` lists those it took.
  ///   - changes: Changes to make to the copy before its eager singletons are built.
  /// - Returns: The copy.
  /// - Throws: What `changes` throws, or the ``InjectionError`` of an eager singleton that
  ///   cannot be built.
  public func makeCopy(
    label: String? = nil, keepingPreparedValues: Bool,
    fallingBackOnBuiltEagerSingletons: Bool = false,
    applying changes: (Injector) throws(InjectionError) -> Void = { _ in }
  ) throws(InjectionError) -> Injector {
    try fillCopy(
      Injector(label: label ?? "copy of \(self.label)"), flatteningAncestors: true,
      keepingPreparedValues: keepingPreparedValues,
      fallingBackOnBuiltEagerSingletons: fallingBackOnBuiltEagerSingletons, applying: changes)
  }

  /// Returns a copy of this injector's own mappings, modules, contributions and decorators,
  /// without its ancestors', as a new child of `parent`.
  ///
  /// To copy a chain of injectors as a chain, copy its root with
  /// ``makeCopy(label:keepingPreparedValues:fallingBackOnBuiltEagerSingletons:applying:)``,
  /// then each injector below it with this method, giving it the copy of its own parent:
  ///
  /// ```swift
  /// let appCopy = try app.makeCopy(label: "app check", keepingPreparedValues: false)
  /// let requestCopy = try request.makeCopy(
  ///   label: "request check", keepingPreparedValues: false, parent: appCopy)
  /// ```
  ///
  /// Unlike a copy without a parent, which holds its ancestors' mappings and decorators as its
  /// own, each copy of the chain then builds the cached values of the mappings it holds with its
  /// own mappings and decorators and its ancestors', as the original chain does: a singleton of
  /// `app` resolved through `requestCopy` is built by `appCopy`, never with `request`'s
  /// mappings, and never wrapped by `request`'s decorators.
  ///
  /// Every mapping starts unbuilt, as in ``makeCopy(label:applying:)`` (with
  /// `keepingPreparedValues`, the values this injector built with an `async` or `@MainActor`
  /// factory are shared, as
  /// ``makeCopy(label:keepingPreparedValues:fallingBackOnBuiltEagerSingletons:applying:)``
  /// shares them).
  /// `changes` runs on the copy before its eager singletons are built.
  ///
  /// - Parameters:
  ///   - label: The copy's label; by default, `"copy of <label>"`.
  ///   - keepingPreparedValues: Whether the copy shares the values built by `async` and
  ///     `@MainActor` factories (of `.singleton` and `.eagerSingleton` mappings).
  ///   - fallingBackOnBuiltEagerSingletons: Whether an eager singleton that this injector
  ///     built, and that fails when the copy builds it again, takes the built value instead of
  ///     failing the copy, as in
  ///     ``makeCopy(label:keepingPreparedValues:fallingBackOnBuiltEagerSingletons:applying:)``;
  ///     the copy's ``eagerSingletonsTakenFromOriginal`` lists those it took.
  ///   - parent: The copy's parent, such as a copy of this injector's parent.
  ///   - changes: Changes to make to the copy before its eager singletons are built.
  /// - Returns: The copy, a child of `parent`.
  /// - Throws: What `changes` throws, or the ``InjectionError`` of an eager singleton that
  ///   cannot be built.
  public func makeCopy(
    label: String? = nil, keepingPreparedValues: Bool,
    fallingBackOnBuiltEagerSingletons: Bool = false, parent: Injector,
    applying changes: (Injector) throws(InjectionError) -> Void = { _ in }
  ) throws(InjectionError) -> Injector {
    try fillCopy(
      parent.makeChild(label: label ?? "copy of \(self.label)"), flatteningAncestors: false,
      keepingPreparedValues: keepingPreparedValues,
      fallingBackOnBuiltEagerSingletons: fallingBackOnBuiltEagerSingletons, applying: changes)
  }

  /// The eager singletons that this injector, a copy made with
  /// `fallingBackOnBuiltEagerSingletons`, took from the injector it copies, because building
  /// them again failed: each key with the error of that build, in the order they were built.
  ///
  /// Empty for an injector that is no such copy, and for a copy whose eager singletons all
  /// built. A value taken this way is the original's: what it resolves later (a `Provider` or
  /// `Lazy` it holds) resolves from the original injector, not from the copy.
  ///
  /// ```swift
  /// let copy = try app.makeCopy(
  ///   label: "check", keepingPreparedValues: false, fallingBackOnBuiltEagerSingletons: true)
  /// for taken in copy.eagerSingletonsTakenFromOriginal { print(taken.key, taken.error) }
  /// ```
  public var eagerSingletonsTakenFromOriginal: [(key: InjectionKey, error: InjectionError)] {
    registry.withLock { $0.takenEagerSingletons }
  }

  /// Fills `copy`, a new injector, with this injector's mappings (and, when
  /// `flatteningAncestors`, what it inherits from its ancestors), applies `changes` and builds
  /// the copy's eager singletons.
  private func fillCopy(
    _ copy: Injector, flatteningAncestors: Bool, keepingPreparedValues: Bool,
    fallingBackOnBuiltEagerSingletons: Bool,
    applying changes: (Injector) throws(InjectionError) -> Void
  ) throws(InjectionError) -> Injector {
    // Each injector of the chain is read in one critical section: what a copy holds of an
    // injector is that injector's state at one moment, never a module's mappings without its
    // contributions or decorators, nor an owner without the module record that holds it.
    let own = registry.withLock { $0.copySource() }
    var ancestors: [Registry.CopySource] = []  // nearest first
    var next = flatteningAncestors ? parent : nil
    while let ancestor = next {
      ancestors.append(ancestor.registry.withLock { $0.copySource() })
      next = ancestor.parent
    }
    // The registrations are copied after the mutexes are unlocked; an ancestor's become the
    // copy's direct ones (no owner), this injector's keep their owners.
    // The built eager singletons of the originals, by their copies, to fall back on.
    var builtOriginals: [ObjectIdentifier: AnyRegistration] = [:]
    func unbuilt(_ layer: [Registry.CopySource.Owned], keepingOwners: Bool) -> [AnyRegistration] {
      layer.map {
        let copy = Self.unbuiltCopy(
          of: $0.registration, owner: keepingOwners ? $0.owner : nil,
          sharingPrepared: keepingPreparedValues)
        // An identity while held: `copy` is kept by the layer this map returns for the whole
        // of makeCopy, and `builtOriginals` is dropped when makeCopy returns.
        if fallingBackOnBuiltEagerSingletons, $0.registration.isBuiltEagerSingleton {
          builtOriginals[ObjectIdentifier(copy)] = $0.registration
        }
        return copy
      }
    }
    // A key takes the active mapping of the nearest ancestor that has one.
    var stacks: [Key: [AnyRegistration]] = [:]
    for ancestor in ancestors {
      for (key, stack) in ancestor.stacks where stacks[key] == nil {
        stacks[key] = unbuilt(stack.suffix(1), keepingOwners: false)
      }
    }
    for (key, stack) in own.stacks {
      // A direct mapping of this injector replaces the inherited one, as mapping it would.
      let inherited = stack.contains { $0.owner == nil } ? [] : (stacks[key] ?? [])
      stacks[key] = inherited + unbuilt(stack, keepingOwners: true)
    }
    // Contributions: this injector's own, in order, then each ancestor's, nearest first, as
    // `resolveAll` visits them. A keyed collection's entries go the other way, the root's
    // first and this injector's own last: in one injector the later entry of a key wins.
    var contributions = own.contributions.mapValues { unbuilt($0, keepingOwners: true) }
    for ancestor in ancestors {
      for (key, collection) in ancestor.contributions {
        let copied = unbuilt(collection, keepingOwners: false)
        if copied.first is KeyedEntry {
          contributions[key] = copied + (contributions[key] ?? [])
        } else {
          contributions[key, default: []] += copied
        }
      }
    }
    // Decorators: each ancestor's, the root's first, then this injector's own, in the order
    // they apply to what this injector builds.
    var decorators: [Key: [AnyRegistration]] = [:]
    for ancestor in ancestors.reversed() {
      for (key, layer) in ancestor.decorators {
        decorators[key, default: []] += unbuilt(layer, keepingOwners: false)
      }
    }
    for (key, layer) in own.decorators {
      decorators[key, default: []] += unbuilt(layer, keepingOwners: true)
    }
    copy.registry.withLock {
      // A keyed entry the copy makes later wins over the copied one of its key, as a child's
      // entry wins over its parent's, instead of being an error.
      for collection in contributions.values {
        for case let entry as KeyedEntry in collection { entry.isCopied = true }
      }
      $0.restore(stacks, modules: own.modules, contributions: contributions, decorators: decorators)
      $0.defersEagerSingletons = true
    }
    // The originals are released here, after every mutex is unlocked.
    withExtendedLifetime((own, ancestors)) {}
    do {
      try changes(copy)
    } catch {
      copy.registry.withLock { $0.defersEagerSingletons = false }
      throw error
    }
    let eager = copy.registry.withLock {
      $0.defersEagerSingletons = false
      return $0.activeEagerSingletons()
    }
    for registration in eager {
      do throws(InjectionError) {
        try registration.prepare(in: copy)
      } catch {
        // Built by the original with the mappings of its moment: the copy takes that value.
        guard let original = builtOriginals[ObjectIdentifier(registration)],
          copy.registry.withLock({ registry in
            guard registration.adoptBuiltValue(of: original) else { return false }
            registry.takenEagerSingletons.append((registration.key.publicKey, error))
            return true
          })
        else { throw error }
      }
    }
    return copy
  }

  /// A fresh registration with the recipe of `registration`, nothing built (but, with
  /// `sharingPrepared`, the value of an `async` or main-actor factory), taken by the copy.
  private static func unbuiltCopy(
    of registration: AnyRegistration, owner: ObjectIdentifier?, sharingPrepared: Bool
  ) -> AnyRegistration {
    let fresh =
      sharingPrepared ? registration.makeCopySharingPreparedValue() : registration.makeCopy()
    let copy = fresh.forAdding()
    copy.owner = owner
    return copy
  }
}
