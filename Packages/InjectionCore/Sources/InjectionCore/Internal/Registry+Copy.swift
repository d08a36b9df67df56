extension Registry {
  /// Everything ``Injector/makeCopy(label:applying:)`` takes of one registry, read in one
  /// critical section: the mappings, the module records, the contributions and the decorators
  /// agree with each other, so a module added or removed on another thread meanwhile is in the
  /// copy whole or not at all, and every owner is the id of a module whose record is here.
  ///
  /// Holds the registrations themselves, with the owner each had when read (an owner is read
  /// with the mutex held); the copy makes its unbuilt registrations from them after the mutex is
  /// unlocked.
  struct CopySource {
    /// A registration and the owner it had: `nil` for a direct one, else its module's id.
    typealias Owned = (registration: AnyRegistration, owner: ObjectIdentifier?)

    /// Each key's stack of mappings, oldest first (the active one last).
    let stacks: [Key: [Owned]]
    /// The records of the modules added, which hold the modules.
    let modules: [ModuleRecord]
    /// Each collection key's contributions, in order.
    let contributions: [Key: [Owned]]
    /// Each key's decorators, in the order they apply.
    let decorators: [Key: [Owned]]
  }

  /// Reads what a copy takes of this registry; call it with the mutex held.
  func copySource() -> CopySource {
    func owned(_ registrations: [AnyRegistration]) -> [CopySource.Owned] {
      registrations.map { ($0, $0.owner) }
    }
    return CopySource(
      stacks: layers().stacks.mapValues(owned), modules: modules,
      contributions: contributions.mapValues(owned), decorators: decorators.mapValues(owned))
  }

  /// Each key's stack of registrations, oldest first (the active one last), with the
  /// module records; read with the mutex held.
  func layers() -> (stacks: [Key: [AnyRegistration]], modules: [ModuleRecord]) {
    var stacks: [Key: [AnyRegistration]] = [:]
    active.forEachRegistration { registration in
      stacks[registration.key] = (shadowed[registration.key] ?? []) + [registration]
    }
    return (stacks, modules)
  }

  /// Fills an empty registry with a copy's state: `stacks` (oldest first), `contributions` and
  /// `decorators`, each registration already owned by this registry with its `owner` set, and
  /// `modules`, which must hold the module of every owner.
  mutating func restore(
    _ stacks: [Key: [AnyRegistration]], modules: [ModuleRecord],
    contributions: [Key: [AnyRegistration]], decorators: [Key: [AnyRegistration]]
  ) {
    for (key, stack) in stacks {
      guard let top = stack.last else { continue }
      active.set(top, for: key)
      if stack.count > 1 { shadowed[key] = Array(stack.dropLast()) }
    }
    self.modules = modules
    self.contributions = contributions
    self.decorators = decorators
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
