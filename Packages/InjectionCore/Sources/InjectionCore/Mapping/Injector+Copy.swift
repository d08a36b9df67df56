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
  /// afterwards changes the other.
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
    let copy = Injector(label: label ?? "copy of \(self.label)")
    var stacks: [Key: [AnyRegistration]] = [:]
    var next = parent
    // Nearest ancestor first: a key takes the mapping of the first ancestor that has one.
    while let ancestor = next {
      let inherited = ancestor.registry.withLock { $0.layers().stacks.compactMapValues(\.last) }
      for (key, active) in inherited where stacks[key] == nil {
        stacks[key] = [Self.unbuiltCopy(of: active, owner: nil)]
      }
      next = ancestor.parent
    }
    // The owners are read with the mutex held, like every registration's owner.
    let (own, modules) = registry.withLock { registry in
      let layers = registry.layers()
      return (layers.stacks.mapValues { $0.map { ($0, $0.owner) } }, layers.modules)
    }
    for (key, stack) in own {
      let layers = stack.map { Self.unbuiltCopy(of: $0.0, owner: $0.1) }
      // A direct mapping of this injector replaces the inherited one, as mapping it would.
      let inherited = stack.contains { $0.1 == nil } ? [] : (stacks[key] ?? [])
      stacks[key] = inherited + layers
    }
    // Contributions: this injector's own, in order, then each ancestor's, nearest first, as
    // `resolveAll` visits them; the ancestors' become the copy's direct ones.
    var contributions = registry.withLock { registry in
      registry.contributions.mapValues { $0.map { Self.unbuiltCopy(of: $0, owner: $0.owner) } }
    }
    next = parent
    while let ancestor = next {
      let inherited = ancestor.registry.withLock { $0.contributions }
      for (key, collection) in inherited {
        contributions[key, default: []] += collection.map { Self.unbuiltCopy(of: $0, owner: nil) }
      }
      next = ancestor.parent
    }
    // Decorators: each ancestor's, the root's first, as the copy's direct ones, then this
    // injector's own, in the order they apply to what this injector builds.
    var decoratorLayers = [
      registry.withLock { registry in
        registry.decorators.mapValues { $0.map { Self.unbuiltCopy(of: $0, owner: $0.owner) } }
      }
    ]
    next = parent
    while let ancestor = next {
      let inherited = ancestor.registry.withLock { $0.decorators }
      decoratorLayers.append(
        inherited.mapValues { $0.map { Self.unbuiltCopy(of: $0, owner: nil) } })
      next = ancestor.parent
    }
    let decorators = decoratorLayers.reversed().reduce(into: [Key: [AnyRegistration]]()) {
      for (key, layer) in $1 { $0[key, default: []] += layer }
    }
    copy.registry.withLock {
      $0.restore(stacks, modules: modules)
      $0.contributions = contributions
      $0.decorators = decorators
      $0.defersEagerSingletons = true
    }
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
      try registration.prepare(in: copy)
    }
    return copy
  }

  /// A fresh registration with the recipe of `registration`, nothing built, taken by the copy.
  private static func unbuiltCopy(of registration: AnyRegistration, owner: ObjectIdentifier?)
    -> AnyRegistration
  {
    let copy = registration.makeCopy().forAdding()
    copy.owner = owner
    return copy
  }
}
