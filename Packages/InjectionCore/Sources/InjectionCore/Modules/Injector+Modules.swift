import Synchronization

extension Injector {
  /// Adds a module: configures it, adds its mappings at once, then builds its eager singletons.
  ///
  /// The module's mappings shadow earlier mappings of the same keys until it is removed.
  ///
  /// - Parameter module: The module to add.
  /// - Throws: ``InjectionError/moduleAlreadyAdded(module:injector:)`` if this injector already
  ///   holds this module instance; ``InjectionError/invalidMapping(key:reason:)`` if one of its
  ///   mappings cannot work (nothing is added then); any error of building an eager singleton,
  ///   in which case the module is removed again (without its `unload`).
  public func addModule(_ module: any InjectionModule) throws(InjectionError) {
    let id = ObjectIdentifier(module)
    let reserved = registry.withLock { registry in
      !registry.containsModule(id) && registry.modulesBeingAdded.insert(id).inserted
    }
    guard reserved else { throw alreadyAdded(module) }
    let mappings = ModuleMappings()
    module.configure(mappings)
    let recorded = mappings.mappings
    if let problem = recorded.lazy.compactMap(\.registration.mappingProblem).first {
      registry.withLock { _ = $0.modulesBeingAdded.remove(id) }
      throw problem
    }
    registry.withLock { registry in
      registry.modulesBeingAdded.remove(id)
      registry.addModule(module, mappings: recorded)
    }
    do {
      for mapping in recorded {
        try mapping.registration.prepare(in: self)
      }
    } catch {
      let removed = registry.withLock { $0.removeModule(id) }
      release(removed?.removed ?? [])
      throw error
    }
  }

  /// Removes a module: exactly its mappings, restoring what they shadowed, releasing its
  /// singletons, then calling its ``InjectionModule/unload(from:)``.
  ///
  /// - Parameter module: The module instance to remove.
  /// - Returns: `true` if the module was added to this injector and is now removed.
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
    for module in candidates.reversed() {
      guard
        let (removedModule, registrations) = registry.withLock({
          $0.removeModule(ObjectIdentifier(module))
        })
      else { continue }
      release(registrations)  // the module's singletons are released here
      removedModule.unload(from: self)
      count += 1
    }
    return count
  }

  private func alreadyAdded(_ module: any InjectionModule) -> InjectionError {
    .moduleAlreadyAdded(module: String(reflecting: Swift.type(of: module)), injector: label)
  }
}
