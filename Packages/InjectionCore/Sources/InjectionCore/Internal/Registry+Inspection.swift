extension Registry {
  /// What a snapshot needs of this registry, read with its mutex held: a record per active
  /// mapping, the owners it shadows, and the modules.
  ///
  /// No built value is kept (an owned value is read only to ask whether it can be disposed,
  /// while its mapping still holds it, so no `deinit` runs under the mutex), and no string is
  /// built: ``Injector/snapshot()`` turns the records into ``MappingSnapshot`` values after the
  /// mutex is unlocked.
  func inspectionRecords() -> RegistryRecords {
    let (stacks, records) = layers()
    // The mappings whose cached value will be disposed; one set, so a snapshot stays linear.
    // Whether an owned value can be disposed is asked here (a dynamic cast, no user code), not
    // when it was built: see `Lifetimes`. Identities while held: each comes from an entry of
    // `lifetimes.owned`, which holds its registration, and the set is used and dropped inside
    // this call, under the same registry mutex.
    let disposable = Set(
      lifetimes.owned.values.compactMap { entry in
        entry.registration.ownedValue().flatMap(Disposer.init).map { _ in
          ObjectIdentifier(entry.registration)
        }
      })
    func record(of registration: AnyRegistration) -> InspectionRecord {
      var record = registration.inspectionRecord()
      // A keyed entry's value is its contribution's; a mapping cached per argument's values
      // are its entries'.
      record.ownsDisposableValue =
        !disposable.isEmpty
        && (disposable.contains(ObjectIdentifier(registration))
          || ((registration is KeyedEntry || registration.cachesPerArgument)
            && registration.ownedRegistrations().contains {
              disposable.contains(ObjectIdentifier($0))
            }))
      return record
    }
    // Each stack ends with the active registration; the rest it shadows, oldest first.
    let mappings = stacks.values.compactMap { stack in
      stack.last.map { (record(of: $0), stack.dropLast().reversed().map(\.owner)) }
    }
    let modules = records.map {
      (
        type: type(of: $0.module) as Any.Type, id: $0.id, keys: $0.keys,
        contributionKeys: $0.contributionKeys
      )
    }
    let contributions = self.contributions.values.map { $0.map(record(of:)) }
    let decorators = self.decorators.values.map { $0.map { ($0.key, $0.owner) } }
    return RegistryRecords(
      mappings: mappings, modules: modules, contributions: contributions, decorators: decorators)
  }
}

/// A registry's mappings and modules as ``Registry/inspectionRecords()`` read them.
struct RegistryRecords {
  let mappings: [(record: InspectionRecord, shadowed: [ObjectIdentifier?])]
  let modules: [(type: Any.Type, id: ObjectIdentifier, keys: [Key], contributionKeys: [Key])]
  /// The records of each collection's contributions, in order.
  let contributions: [[InspectionRecord]]
  /// The key and owner of each key's decorators, in order.
  let decorators: [[(key: Key, owner: ObjectIdentifier?)]]
}
