extension Registry {
  /// Why adding `added` (contributions in the order they are made, by one owner) to this
  /// registry is an error: an entry of a keyed collection whose entry key this registry, or an
  /// earlier one of `added`, holds already, when it does not say `overriding: true`.
  ///
  /// An entry copied by ``Injector/makeCopy(label:applying:)`` (``KeyedEntry/isCopied``) is
  /// overridden without an error, as a parent's entry is.
  ///
  /// - Parameters:
  ///   - added: The contributions to add; all but the ``KeyedEntry``s are skipped.
  ///   - owner: Who makes them: `nil` for a direct contribution, else the module's type name.
  ///   - ignored: A module whose entries do not count, because it is removed in the same
  ///     locked step (``Injector/replaceModule(_:with:)``).
  /// - Returns: An ``InjectionError/invalidMapping(key:reason:)`` naming both contributions,
  ///   or `nil`.
  func keyedConflict(
    adding added: [AnyRegistration], owner: String?, ignoring ignored: ObjectIdentifier? = nil
  ) -> InjectionError? {
    var earlierAdded: [KeyedEntry] = []
    for case let entry as KeyedEntry in added {
      defer { earlierAdded.append(entry) }
      guard !entry.overrides else { continue }
      let sameKey = { (earlier: KeyedEntry) in
        earlier.key == entry.key && earlier.entryKey == entry.entryKey
      }
      if earlierAdded.contains(where: sameKey) {
        return duplicate(entry, first: contributionName(owner), second: contributionName(owner))
      }
      for case let earlier as KeyedEntry in contributions[entry.key] ?? []
      where sameKey(earlier) && !earlier.isCopied
        && (ignored == nil || earlier.owner != ignored)
      {
        return duplicate(
          entry, first: contributionName(earlier.owner), second: contributionName(owner))
      }
    }
    return nil
  }

  /// The error of `entry` contributed a second time.
  private func duplicate(_ entry: KeyedEntry, first: String, second: String) -> InjectionError {
    .invalidMapping(
      key: entry.key.publicKey,
      reason: """
        the key \(entry.entryKeyDescription) is contributed twice in one injector: by \(first), \
        then by \(second). An injector holds one entry per key. Remove one of them, or pass \
        overriding: true to the later one to make it win (a child injector's entry wins over \
        its parent's without it).
        """)
  }

  /// How a message names a contribution of `owner`, a module's identity in this registry.
  private func contributionName(_ owner: ObjectIdentifier?) -> String {
    guard let owner else { return contributionName(String?.none) }
    let module = modules.first { $0.id == owner }.map { String(reflecting: type(of: $0.module)) }
    return contributionName(module ?? "a module being removed")
  }

  /// How a message names a contribution of the module named `owner`, or a direct one.
  private func contributionName(_ owner: String?) -> String {
    owner.map { "module \($0)" } ?? "a direct contribution"
  }
}
