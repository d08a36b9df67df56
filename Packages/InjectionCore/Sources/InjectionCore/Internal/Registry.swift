/// An injector's mappings: the active one per key, the stack of mappings it shadows, and the
/// modules that were added.
///
/// Lives inside the injector's mutex, and holds every reference the injector has to its
/// registrations: whatever it unlinks it hands back to the caller, to be released after the
/// mutex is unlocked (a registration's last release can run any `deinit`).
struct Registry {
  /// A module that was added, and the keys it mapped.
  struct ModuleRecord {
    let module: any InjectionModule
    let keys: [Key]
    /// The collection keys the module contributed to, once per contribution, in order.
    var contributionKeys: [Key] = []
    /// The keys the module decorated, once per decorator, in order.
    var decoratorKeys: [Key] = []

    var id: ObjectIdentifier { ObjectIdentifier(module) }
  }

  /// The mapping each key resolves to: the top of its stack.
  var active = RegistrationTable()
  /// The mappings that the active one of a key shadows, oldest first.
  ///
  /// Only keys mapped more than once have an entry, so mapping a new key touches nothing but the table.
  var shadowed: [Key: [AnyRegistration]] = [:]
  var modules: [ModuleRecord] = []
  /// The contributions to each collection key (``Mapper/contribute(_:named:_:)``), in the
  /// order they were made, direct ones and modules' alike.
  ///
  /// Apart from ``active`` on purpose: a cached resolve of an ordinary key never looks here,
  /// and a collection key never takes a slot of the table. A key whose last contribution is
  /// removed has no entry.
  var contributions: [Key: [AnyRegistration]] = [:]
  /// The decorators of each key (``Mapper/decorate(_:named:_:)-(_,_,(T)->T)``), in the order
  /// they were added, direct ones and modules' alike.
  ///
  /// Apart from ``active``, like ``contributions``: a cached resolve never looks here, and a
  /// build looks here only while some decorator exists (``decoratorsExist()``). A key whose
  /// last decorator is removed has no entry.
  var decorators: [Key: [AnyRegistration]] = [:]
  /// Modules being configured by `addModule` right now, so that one instance added from two
  /// threads at once is configured once.
  var modulesBeingAdded: Set<ObjectIdentifier> = []
  /// Modules whose `unload(from:)` runs right now, before their mappings are removed, so that
  /// one module removed from two threads at once is unloaded and removed once.
  ///
  /// A module in this set is still added (its record and mappings are in place).
  /// Guarded by the registry's mutex, like the rest of `Registry`. An id here names a held
  /// object: it is inserted only while the module's record (which holds the module) is in
  /// `modules`, and `finishRemoval(of:)` removes it in the same locked step that drops the record.
  var modulesBeingRemoved: Set<ObjectIdentifier> = []
  /// How many modules are building their eager singletons right now.
  ///
  /// Their mappings are not in `active` yet: only the thread that adds such a module sees them, through its
  /// ``ResolutionContext``, so lookups take a slower path while this is not zero.
  var stagingCount = 0
  /// Whether mapping an eager singleton leaves it unbuilt: while the changes of
  /// ``Injector/makeCopy(label:applying:)`` run, which builds them all afterwards.
  var defersEagerSingletons = false
  /// The eager singletons that this injector, a copy, took from the injector it copies because
  /// building them again failed, with that error (``Injector/eagerSingletonsTakenFromOriginal``).
  var takenEagerSingletons: [(key: InjectionKey, error: InjectionError)] = []
  /// How many times each ``ResettableScope`` was reset in this injector, by the scope's
  /// metatype (type metadata is never freed); a scope never reset has no entry.
  var resetGenerations: [ObjectIdentifier: UInt64] = [:]
  /// The owned values that can be disposed, in order of creation, and what is left to report.
  var lifetimes = Lifetimes()

  init() {}

  /// Takes the table out, leaving an empty one: the injector releases it when it is
  /// deinitialized, after the mutex is unlocked (the registrations' values may run any `deinit`).
  mutating func takeTable() -> RegistrationTable {
    defer { active = RegistrationTable() }
    return active
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
    guard let current = active.registration(for: key) else {
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

  /// Removes every mapping of `key`, and the aliases of it that this registry holds, also when
  /// it does not map `key` itself (an alias of a key its parent maps).
  ///
  /// - Returns: The removed registrations, to be released after the lock is dropped.
  mutating func removeAll(_ key: Key) -> [AnyRegistration] {
    var removed: [AnyRegistration] = []
    if let current = active.registration(for: key) {
      active.set(nil, for: key)
      removed = (shadowed.removeValue(forKey: key) ?? []) + [current]
    }
    return removed + removeAliases(of: [key])
  }

  /// Appends a contribution to the collection of its key.
  ///
  /// An overriding entry of a keyed collection (``KeyedEntry/overrides``) replaces the entries
  /// of its entry key that the same owner made (they could never be in force again); the
  /// others' stay, shadowed, until it is removed. Call ``keyedConflict(adding:owner:ignoring:)``
  /// first: this appends whatever it is given.
  ///
  /// - Parameter owner: `nil` for a direct `contribute`, else the module's identity.
  /// - Returns: The entries replaced, to be released after the lock is dropped.
  @discardableResult
  mutating func contribute(_ registration: AnyRegistration, owner: ObjectIdentifier?)
    -> [AnyRegistration]
  {
    registration.owner = owner
    var replaced: [AnyRegistration] = []
    if let entry = registration as? KeyedEntry, entry.overrides,
      var collection = contributions.removeValue(forKey: entry.key)
    {
      let isReplaced = { (earlier: AnyRegistration) in
        earlier.owner == owner && (earlier as? KeyedEntry)?.entryKey == entry.entryKey
      }
      replaced = collection.filter(isReplaced)
      collection.removeAll(where: isReplaced)
      if !collection.isEmpty { contributions[entry.key] = collection }
    }
    contributions[registration.key, default: []].append(registration)
    return replaced
  }

  /// Removes every contribution to the collection `key` (direct ones and those of modules).
  ///
  /// - Returns: The removed registrations, to be released after the lock is dropped.
  mutating func removeContributions(_ key: Key) -> [AnyRegistration] {
    contributions.removeValue(forKey: key) ?? []
  }

  /// Appends a decorator to those of its key.
  ///
  /// - Parameter owner: `nil` for a direct `decorate`, else the module's identity.
  mutating func decorate(_ decorator: AnyRegistration, owner: ObjectIdentifier?) {
    decorator.owner = owner
    decorators[decorator.key, default: []].append(decorator)
  }

  /// Removes every decorator of `key` (direct ones and those of modules).
  ///
  /// - Returns: The removed decorators, to be released after the lock is dropped.
  mutating func removeDecorators(_ key: Key) -> [AnyRegistration] {
    decorators.removeValue(forKey: key) ?? []
  }

  func containsModule(_ id: ObjectIdentifier) -> Bool {
    modules.contains { $0.id == id }
  }

  /// Records a module and makes its registrations active.
  ///
  /// - Returns: The registrations replaced (a module mapping one key twice: the later one wins,
  ///   as with direct mapping; a keyed entry the module overrode itself), to be released after
  ///   the lock is dropped.
  mutating func addModule(
    _ module: any InjectionModule, registrations: [AnyRegistration],
    contributions contributed: [AnyRegistration] = [],
    decorators added: [AnyRegistration] = []
  ) -> [AnyRegistration] {
    let id = ObjectIdentifier(module)
    var replaced = registrations.compactMap { push($0, owner: id) }
    for registration in contributed { replaced += contribute(registration, owner: id) }
    for decorator in added { decorate(decorator, owner: id) }
    modules.append(
      ModuleRecord(
        module: module, keys: registrations.map(\.key),
        contributionKeys: contributed.map(\.key), decoratorKeys: added.map(\.key)))
    return replaced
  }

  /// Ends the removal of a module that ``modulesBeingRemoved`` holds, after its `unload`:
  /// removes its record and exactly its mappings, restoring what they shadowed, and the aliases
  /// of the keys it leaves without a mapping.
  ///
  /// - Parameter removingAliases: `false` when another module is added in the same locked
  ///   step (``Injector/replaceModule(_:with:)``), which then removes the aliases of the keys
  ///   that neither maps, with ``removeAliases(of:)``.
  /// - Returns: The module and its removed registrations, to be released after the lock is
  ///   dropped.
  mutating func finishRemoval(of id: ObjectIdentifier, removingAliases: Bool = true) -> (
    module: any InjectionModule, removed: [AnyRegistration]
  )? {
    modulesBeingRemoved.remove(id)
    let keys = moduleKeys(id)
    guard let (module, removed) = removeModule(id) else { return nil }
    return (module, removingAliases ? removed + removeAliases(of: keys) : removed)
  }

  /// The keys a module that was added mapped, once each; empty for a module not added.
  func moduleKeys(_ id: ObjectIdentifier) -> Set<Key> {
    Set(modules.first { $0.id == id }?.keys ?? [])
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
      if let current = active.registration(for: key) {
        layers.append(current)
      }
      removed += layers.filter { $0.owner == id }
      layers.removeAll { $0.owner == id }
      active.set(layers.popLast(), for: key)
      if !layers.isEmpty { shadowed[key] = layers }
    }
    for key in Set(record.contributionKeys) {
      guard var collection = contributions.removeValue(forKey: key) else { continue }
      removed += collection.filter { $0.owner == id }
      collection.removeAll { $0.owner == id }
      if !collection.isEmpty { contributions[key] = collection }
    }
    for key in Set(record.decoratorKeys) {
      guard var layers = decorators.removeValue(forKey: key) else { continue }
      removed += layers.filter { $0.owner == id }
      layers.removeAll { $0.owner == id }
      if !layers.isEmpty { decorators[key] = layers }
    }
    return (record.module, removed)
  }
}
