extension Registry {
  /// Each key's stack of registrations, oldest first (the active one last), with the
  /// module records; read with the mutex held, for ``Injector/makeCopy(label:applying:)``.
  func layers() -> (stacks: [Key: [AnyRegistration]], modules: [ModuleRecord]) {
    var stacks: [Key: [AnyRegistration]] = [:]
    active.forEachRegistration { registration in
      stacks[registration.key] = (shadowed[registration.key] ?? []) + [registration]
    }
    return (stacks, modules)
  }

  /// Fills an empty registry with `stacks` (oldest first, each registration already owned by
  /// this registry, with its `owner` set) and `modules`.
  mutating func restore(_ stacks: [Key: [AnyRegistration]], modules: [ModuleRecord]) {
    for (key, stack) in stacks {
      guard let top = stack.last else { continue }
      active.set(top, for: key)
      if stack.count > 1 { shadowed[key] = Array(stack.dropLast()) }
    }
    self.modules = modules
  }

  /// The registrations of eager singletons that are active now, contributions included.
  func activeEagerSingletons() -> [AnyRegistration] {
    var eager: [AnyRegistration] = []
    active.forEachRegistration { if $0.scope == .eagerSingleton { eager.append($0) } }
    for collection in contributions.values {
      eager += collection.filter { $0.scope == .eagerSingleton }
    }
    return eager
  }
}
