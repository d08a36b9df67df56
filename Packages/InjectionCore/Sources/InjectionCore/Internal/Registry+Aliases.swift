extension Registry {
  /// Removes the aliases (``Mapper/alias(_:named:to:targetNamed:_:)``) of those of `targets` that
  /// have no mapping left here, from every layer of every key; then the aliases of the keys
  /// that this leaves without a mapping, and so on.
  ///
  /// One pass over the mappings per round: removing mappings is rare, and a resolution never
  /// looks at what this reads (an alias is an ordinary registration of its own key).
  ///
  /// - Returns: The removed registrations, to be released after the lock is dropped.
  mutating func removeAliases(of targets: some Sequence<Key>) -> [AnyRegistration] {
    var orphaned = Set(targets.filter { active.registration(for: $0) == nil })
    var removed: [AnyRegistration] = []
    func isAlias(of keys: Set<Key>) -> (AnyRegistration) -> Bool {
      { registration in registration.aliasTarget.map(keys.contains) ?? false }
    }
    while !orphaned.isEmpty {
      let isOrphaned = isAlias(of: orphaned)
      var aliasKeys: [Key] = []
      active.forEachRegistration { registration in
        let key = registration.key
        if isOrphaned(registration) || shadowed[key]?.contains(where: isOrphaned) == true {
          aliasKeys.append(key)
        }
      }
      orphaned = []
      for key in aliasKeys {
        var layers = shadowed.removeValue(forKey: key) ?? []
        if let current = active.registration(for: key) { layers.append(current) }
        removed += layers.filter(isOrphaned)
        layers.removeAll(where: isOrphaned)
        active.set(layers.popLast(), for: key)
        if !layers.isEmpty { shadowed[key] = layers }
        if active.registration(for: key) == nil { orphaned.insert(key) }
      }
    }
    return removed
  }
}
