extension Injector {
  /// Returns what this injector holds now: its mappings, what it inherits from its ancestors,
  /// and its modules.
  ///
  /// Each injector of the chain is locked once, only to copy out plain records; the snapshot's
  /// strings are built afterwards, and it holds no built value, so taking one never blocks
  /// resolutions for long and keeping one keeps nothing alive. Meant for tests, tools and
  /// diagnostics, not for hot paths: deciding ``MappingSnapshot/Hook/missed`` asks the runtime
  /// whether a type conforms to ``InjectionCompletable``.
  ///
  /// ```swift
  /// let snapshot = injector.snapshot()
  /// #expect(snapshot.mapping(for: InjectionKey(PaymentGateway.self))?.owner == .direct)
  /// print(snapshot)  // one line per mapping, grouped by injector, then the modules
  /// ```
  ///
  /// - Returns: A snapshot of this injector and its ancestors.
  public func snapshot() -> InjectorSnapshot {
    let own = registry.withLock { $0.inspectionRecords() }
    var seen = Set(own.mappings.map(\.record.key))
    var inherited: [InjectorSnapshot.Inherited] = []
    var next = parent
    while let ancestor = next {
      let records = ancestor.registry.withLock { $0.inspectionRecords() }
      let visible = records.mappings.filter { !seen.contains($0.record.key) }
      seen.formUnion(visible.map(\.record.key))
      inherited.append(
        InjectorSnapshot.Inherited(
          injector: ancestor.label,
          mappings: Self.mappingSnapshots(visible, modules: records.modules),
          contributions: Self.contributionSnapshots(records),
          decorators: Self.decoratorSnapshots(records)))
      next = ancestor.parent
    }
    return InjectorSnapshot(
      label: label, mappings: Self.mappingSnapshots(own.mappings, modules: own.modules),
      inherited: inherited,
      modules: own.modules.map {
        ModuleSnapshot(
          name: String(reflecting: $0.type), keys: $0.keys.map(\.publicKey),
          contributionKeys: $0.contributionKeys.map(\.publicKey))
      },
      contributions: Self.contributionSnapshots(own), decorators: Self.decoratorSnapshots(own))
  }

  /// The decorators of one injector as snapshots: grouped by key, ordered by key, each key's
  /// in the order they apply.
  private static func decoratorSnapshots(_ records: RegistryRecords) -> [DecoratorSnapshot] {
    func owner(_ id: ObjectIdentifier?) -> MappingSnapshot.Owner {
      guard let id else { return .direct }
      let module = records.modules.first { $0.id == id }
      return .module(module.map { String(reflecting: $0.type) } ?? "a module being removed")
    }
    let groups = records.decorators.filter { !$0.isEmpty }
      .map { $0.map { DecoratorSnapshot(key: $0.key.publicKey, owner: owner($0.owner)) } }
    return groups.sorted { first, second in
      first[0].key.typeName != second[0].key.typeName
        ? first[0].key.typeName < second[0].key.typeName
        : (first[0].key.name ?? "") < (second[0].key.name ?? "")
    }
    .flatMap { $0 }
  }

  /// The contributions of one injector as snapshots: grouped by collection key, ordered by
  /// key, each collection in the order its contributions were made.
  private static func contributionSnapshots(_ records: RegistryRecords) -> [MappingSnapshot] {
    let collections = records.contributions.map { collection in
      mappingSnapshots(collection.map { ($0, []) }, modules: records.modules, sorted: false)
    }
    .filter { !$0.isEmpty }
    let typeNames = collections.map { $0[0].key.typeName }
    return collections.indices.sorted { first, second in
      typeNames[first] != typeNames[second]
        ? typeNames[first] < typeNames[second]
        : (collections[first][0].key.name ?? "") < (collections[second][0].key.name ?? "")
    }
    .flatMap { collections[$0] }
  }

  /// The records of one injector as snapshots, ordered by key.
  private static func mappingSnapshots(
    _ mappings: [(record: InspectionRecord, shadowed: [ObjectIdentifier?])],
    modules: [(type: Any.Type, id: ObjectIdentifier, keys: [Key], contributionKeys: [Key])],
    sorted: Bool = true
  ) -> [MappingSnapshot] {
    func owner(_ id: ObjectIdentifier?) -> MappingSnapshot.Owner {
      guard let id else { return .direct }
      let module = modules.first { $0.id == id }
      return .module(module.map { String(reflecting: $0.type) } ?? "a module being removed")
    }
    // A public key writes out no type name: `InjectionKey.typeName` does, once per type.
    func publicKey(_ key: Key) -> InjectionKey { key.publicKey }
    let snapshots = mappings.map { record, shadowed in
      MappingSnapshot(
        key: publicKey(record.key), scope: record.scope, recipe: record.recipe,
        owner: owner(record.owner), shadowed: shadowed.map(owner),
        isBuilt: record.isPublished || record.hasResettableValue
          || (record.scope == .weak && record.weakObject.object != nil)
          || (record.argumentValueCount ?? 0) > 0,
        hook: hook(of: record), aliasTarget: record.aliasTarget.map(publicKey),
        resettableScope: record.resettableScope.map(nameOfResettableScope),
        entryKey: record.entryKey.map { String(reflecting: $0.base) },
        argumentValueCount: record.argumentValueCount, disposal: disposal(of: record))
    }
    guard sorted else { return snapshots }
    // Sorted by index: moving the snapshots themselves retained and released their strings at
    // every step.
    // Each type name is read once (a lookup per read), not at every comparison.
    let typeNames = snapshots.map(\.key.typeName)
    return snapshots.indices.sorted { first, second in
      typeNames[first] != typeNames[second]
        ? typeNames[first] < typeNames[second]
        : (snapshots[first].key.name ?? "") < (snapshots[second].key.name ?? "")
    }
    .map { snapshots[$0] }
  }

  /// Whether the injector disposes a mapping's values: owned by their scope and recipe, then
  /// disposed as the value built now, or else the key's type, says.
  private static func disposal(of record: InspectionRecord) -> MappingSnapshot.Disposal {
    guard record.scope == .singleton || record.scope == .eagerSingleton,
      record.recipe != .instance, record.aliasTarget == nil
    else { return .notOwned }
    if record.ownsDisposableValue { return .disposed }
    // A contribution's key is its collection's: its values are of the element's type.
    let valueKey = record.valueKey ?? record.key
    let type = valueKey.type
    let conforms = type is any InjectionDisposable.Type || type is any AsyncInjectionDisposable.Type
    if record.isPublished || record.hasResettableValue {
      // Built and not listed: a value of a type that does not conform, or one this injector
      // shares without owning (a copy's prepared value).
      return conforms ? .notOwned : .notDisposed
    }
    if conforms { return .disposed }
    return valueKey.isExistential || type is AnyObject.Type ? .disposedIfConforming : .notDisposed
  }

  /// Whether the hook runs for a mapping's values, and whether it was missed.
  private static func hook(of record: InspectionRecord) -> MappingSnapshot.Hook {
    if record.hasStaticHook { return .called }
    if record.checksHookDynamically { return .checkedForEachType }
    // A mapped instance is never completed by the injector, by design.
    // Nor is the value of an alias: its target's mapping completes it.
    guard record.recipe != .instance, record.aliasTarget == nil else { return .notCalled }
    return record.key.type is any InjectionCompletable.Type ? .missed : .notCalled
  }
}
