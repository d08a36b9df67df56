/// An injector's mappings: the active one per key, the stack of mappings it shadows, and the
/// modules that were added.
///
/// Lives inside the injector's mutex.
@usableFromInline
struct Registry {
  /// A mapping and who made it: `nil` for a direct `map`, else the module's identity.
  struct Layer {
    let owner: ObjectIdentifier?
    let registration: AnyRegistration
  }

  /// A module that was added, and the keys it mapped.
  struct ModuleRecord {
    let module: any InjectionModule
    let keys: [Key]

    var id: ObjectIdentifier { ObjectIdentifier(module) }
  }

  /// The mapping each key resolves to: the top of its stack.
  @usableFromInline let active = RegistrationTable()
  /// Every mapping of each key, oldest first; the last one is active.
  private var stacks: [Key: [Layer]] = [:]
  private(set) var modules: [ModuleRecord] = []
  /// Modules being configured by `addModule` right now, so that one instance added from two
  /// threads at once is configured once.
  var modulesBeingAdded: Set<ObjectIdentifier> = []

  /// Pushes `registration` for its key.
  ///
  /// A mapping from the same owner is replaced.
  ///
  /// - Returns: The replaced registration, to be released after the lock is dropped.
  mutating func push(_ registration: AnyRegistration, owner: ObjectIdentifier?) -> AnyRegistration?
  {
    let key = registration.key
    var stack = stacks.removeValue(forKey: key) ?? []
    var replaced: AnyRegistration?
    if let index = stack.firstIndex(where: { $0.owner == owner }) {
      replaced = stack.remove(at: index).registration
    }
    stack.append(Layer(owner: owner, registration: registration))
    stacks[key] = stack
    active.set(registration, for: key)
    return replaced
  }

  /// Removes every mapping of `key`.
  ///
  /// - Returns: The removed registrations, to be released after the lock is dropped.
  mutating func removeAll(_ key: Key) -> [AnyRegistration] {
    active.set(nil, for: key)
    return (stacks.removeValue(forKey: key) ?? []).map(\.registration)
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
      guard var stack = stacks.removeValue(forKey: key) else { continue }
      removed += stack.filter { $0.owner == id }.map(\.registration)
      stack.removeAll { $0.owner == id }
      if let top = stack.last {
        stacks[key] = stack
        active.set(top.registration, for: key)
      } else {
        active.set(nil, for: key)
      }
    }
    return (record.module, removed)
  }
}
