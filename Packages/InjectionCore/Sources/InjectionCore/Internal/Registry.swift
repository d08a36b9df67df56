/// An injector's mappings: the active one per key, the stack of mappings it shadows, and the
/// modules that were added.
///
/// Lives inside the injector's mutex.
@usableFromInline
struct Registry {
  /// A module that was added, and the keys it mapped.
  struct ModuleRecord {
    let module: any InjectionModule
    let keys: [Key]

    var id: ObjectIdentifier { ObjectIdentifier(module) }
  }

  /// The mapping each key resolves to: the top of its stack.
  ///
  /// Readers search it without the lock (the injector holds it too); writers change it only with the lock held.
  let active: RegistrationTable
  /// The mappings that the active one of a key shadows, oldest first.
  ///
  /// Only keys mapped more than once have an entry, so mapping a new key touches nothing but the table.
  private var shadowed: [Key: [AnyRegistration]] = [:]
  private(set) var modules: [ModuleRecord] = []
  /// Modules being configured by `addModule` right now, so that one instance added from two
  /// threads at once is configured once.
  var modulesBeingAdded: Set<ObjectIdentifier> = []

  init(active: RegistrationTable) {
    self.active = active
  }

  /// Makes `registration` the active mapping of its key.
  ///
  /// A mapping of the key made by the same owner (directly, or by the same module) is replaced;
  /// the others are shadowed until `registration` is removed.
  ///
  /// - Parameter owner: `nil` for a direct `map`, else the module's identity.
  /// - Returns: The replaced registration, to be released after the lock is dropped.
  mutating func push(_ registration: AnyRegistration, owner: ObjectIdentifier?) -> AnyRegistration?
  {
    let key = registration.key
    registration.owner = owner
    guard let current = active.registration(for: key)?.takeUnretainedValue() else {
      active.set(registration, for: key)
      return nil
    }
    var replaced: AnyRegistration?
    if current.owner == owner {
      replaced = current
    } else {
      var layers = shadowed.removeValue(forKey: key) ?? []
      if let index = layers.firstIndex(where: { $0.owner == owner }) {
        replaced = layers.remove(at: index)
      }
      layers.append(current)
      shadowed[key] = layers
    }
    active.set(registration, for: key)
    return replaced
  }

  /// Removes every mapping of `key`.
  ///
  /// - Returns: The removed registrations, to be released after the lock is dropped.
  mutating func removeAll(_ key: Key) -> [AnyRegistration] {
    guard let current = active.registration(for: key)?.takeUnretainedValue() else { return [] }
    active.set(nil, for: key)
    return (shadowed.removeValue(forKey: key) ?? []) + [current]
  }

  func containsModule(_ id: ObjectIdentifier) -> Bool {
    modules.contains { $0.id == id }
  }

  mutating func addModule(_ module: any InjectionModule, mappings: [Mapping]) {
    let id = ObjectIdentifier(module)
    for mapping in mappings {
      // Two mappings of one key in one module: the later one wins, as with direct mapping.
      _ = push(mapping.registration, owner: id)
    }
    modules.append(ModuleRecord(module: module, keys: mappings.map(\.registration.key)))
  }

  /// Removes a module's record and exactly its mappings, restoring what they shadowed.
  ///
  /// - Returns: The module and its removed registrations, or `nil` if it was not added.
  mutating func removeModule(_ id: ObjectIdentifier) -> (
    module: any InjectionModule, removed: [AnyRegistration]
  )? {
    guard let index = modules.firstIndex(where: { $0.id == id }) else { return nil }
    let record = modules.remove(at: index)
    var removed: [AnyRegistration] = []
    for key in Set(record.keys) {
      var layers = shadowed.removeValue(forKey: key) ?? []
      if let current = active.registration(for: key)?.takeUnretainedValue() {
        layers.append(current)
      }
      removed += layers.filter { $0.owner == id }
      layers.removeAll { $0.owner == id }
      active.set(layers.popLast(), for: key)
      if !layers.isEmpty { shadowed[key] = layers }
    }
    return (record.module, removed)
  }
}
