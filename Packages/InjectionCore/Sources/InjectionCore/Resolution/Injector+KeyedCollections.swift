extension Injector {
  /// Returns every entry of a keyed collection as a dictionary: one value per key contributed
  /// with ``Mapper/contribute(_:forKey:named:scope:overriding:_:)``.
  ///
  /// ```swift
  /// injector.contribute((any Parser).self, forKey: "json") { _ in JSONParser() }
  /// injector.contribute((any Parser).self, forKey: "csv") { _ in CSVParser() }
  /// let parsers = try injector.resolveAll((any Parser).self, keyedBy: String.self)
  /// // ["json": JSONParser, "csv": CSVParser]
  /// ```
  ///
  /// The dictionary holds this injector's entries and its ancestors': a child's entry wins
  /// over its parent's of the same key, and within one injector an entry made with
  /// `overriding: true` wins over the earlier one. Each entry in force is built or fetched as
  /// its scope says, as ``resolveAll(_:named:)`` builds the contributions of an unkeyed
  /// collection; an entry that another overrides is not built. A keyed collection without
  /// entries is an empty dictionary, never an error. The element type, the key type and the
  /// name together name the collection: `[String: any Parser]` is apart from `[any Parser]`
  /// and from `[FileKind: any Parser]`.
  ///
  /// Observers see one resolution of the collection's key, `[EntryKey: Element]` with the
  /// name; the entries' own dependencies are nested in it.
  ///
  /// - Parameters:
  ///   - type: The element type; inferred from the context when omitted.
  ///   - keyType: The type of the keys the entries were contributed under.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  /// - Returns: The entries in force; empty when nothing was contributed.
  /// - Throws: The first error of building an entry, as ``resolve(_:named:)-8za4a`` throws it
  ///   (a missing dependency, a cycle, a failing factory).
  public func resolveAll<EntryKey: Hashable & Sendable, Element>(
    _ type: Element.Type = Element.self, keyedBy keyType: EntryKey.Type,
    named name: String? = nil
  ) throws(InjectionError) -> [EntryKey: Element] {
    let key = Key([EntryKey: Element].self, named: name)
    guard !isObserved else {
      return try observedResolution(key) { () throws(InjectionError) in
        try keyedValues(key, only: nil) as [EntryKey: Element]
      }
    }
    return try keyedValues(key, only: nil)
  }

  /// Returns the entry of a keyed collection under one key, building only that entry; `nil`
  /// when no entry has the key.
  ///
  /// ```swift
  /// guard let parser = try injector.resolve((any Parser).self, forKey: fileExtension) else {
  ///   throw UnsupportedFormat(fileExtension)
  /// }
  /// ```
  ///
  /// The entry is the one ``resolveAll(_:keyedBy:named:)`` would hold under the key: this
  /// injector's, else the nearest ancestor's; built or fetched as its scope says. Observers
  /// see one resolution of the collection's key, `[EntryKey: Element]` with the name.
  ///
  /// - Parameters:
  ///   - type: The element type; inferred from the context when omitted.
  ///   - entryKey: The key the entry was contributed under.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  /// - Returns: The entry's value, or `nil` when nothing was contributed under `entryKey`.
  /// - Throws: The error of building the entry, as ``resolve(_:named:)-8za4a`` throws it.
  public func resolve<EntryKey: Hashable & Sendable, Element>(
    _ type: Element.Type = Element.self, forKey entryKey: EntryKey, named name: String? = nil
  ) throws(InjectionError) -> Element? {
    let key = Key([EntryKey: Element].self, named: name)
    guard !isObserved else {
      return try observedResolution(key) { () throws(InjectionError) in
        try (keyedValues(key, only: AnyHashable(entryKey)) as [EntryKey: Element])[entryKey]
      }
    }
    return try (keyedValues(key, only: AnyHashable(entryKey)) as [EntryKey: Element])[entryKey]
  }

  /// Removes every entry of a keyed collection from this injector: direct ones and those of
  /// modules.
  ///
  /// The parent's entries are not touched. Singletons of the removed entries are released;
  /// those that can be disposed are disposed first, as ``unmap(_:named:)`` does.
  ///
  /// ```swift
  /// injector.removeContributions(to: (any Parser).self, keyedBy: String.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The element type.
  ///   - keyType: The type of the keys the entries were contributed under.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  /// - Returns: How many entries were removed.
  @discardableResult
  public func removeContributions<EntryKey: Hashable & Sendable, Element>(
    to type: Element.Type, keyedBy keyType: EntryKey.Type, named name: String? = nil
  ) -> Int {
    removeContributions(Key([EntryKey: Element].self, named: name))
  }

  /// The entries in force of the keyed collection `key`, without telling observers: of every
  /// key, or only of `wanted`.
  ///
  /// Each injector's entries are copied out with its mutex held (strong references, so that
  /// they outlive a module removed meanwhile) and built after it is unlocked; the later of
  /// one injector's entries of a key wins, and an injector's entries win over its ancestors'.
  private func keyedValues<EntryKey: Hashable, Element>(_ key: Key, only wanted: AnyHashable?)
    throws(InjectionError) -> [EntryKey: Element]
  {
    var values: [EntryKey: Element] = [:]
    var next: Injector? = self
    while let injector = next {
      let (entries, isShutDown) = injector.registry.withLock {
        ($0.contributions[key] ?? [], $0.lifetimes.isShutDown)
      }
      if isShutDown { throw .shutDown(injector: injector.label, key: key.publicKey) }
      for found in entries.reversed() {
        // Sound: the keyed collection `[EntryKey: Element]` only ever holds `KeyedEntry`s of
        // `Registration<Element>`s under `EntryKey`s (see `Mapping.init(contributing:forKey:…)`).
        let entry = Self.keyedEntry(found)
        if let wanted, entry.entryKey != wanted { continue }
        guard let entryKey = entry.entryKey.base as? EntryKey, values.index(forKey: entryKey) == nil
        else {
          continue
        }
        let registration = Self.registration(entry.contribution, of: Element.self)
        values[entryKey] = try value(of: registration, owner: injector)
        if wanted != nil { return values }
      }
      next = injector.parent
    }
    return values
  }

  /// `found`, a contribution to a keyed collection, as the ``KeyedEntry`` it is.
  static func keyedEntry(_ found: AnyRegistration) -> KeyedEntry {
    Unmanaged<KeyedEntry>.fromOpaque(Unmanaged.passUnretained(found).toOpaque())
      .takeUnretainedValue()
  }

  /// The contributions of one injector that are in force: all of an unkeyed collection's, in
  /// order; of a keyed collection's, the latest entry of each key that no nearer injector's
  /// entry (in `seen`) overrides, latest first.
  static func inForce(_ contributions: [AnyRegistration], seen: inout Set<AnyHashable>)
    -> [AnyRegistration]
  {
    guard contributions.first is KeyedEntry else { return contributions }
    return contributions.reversed().filter { seen.insert(keyedEntry($0).entryKey).inserted }
  }
}
