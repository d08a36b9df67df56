/// A contribution to a keyed collection (``Mapper/contribute(_:forKey:named:scope:overriding:_:)``):
/// the registration that makes the value, and the key of the dictionary entry it fills.
///
/// Kept with an injector's contributions (``Registry/contributions``), under the collection's
/// key, `Key([EntryKey: Element].self, …)`, so that it is taken, copied, owned (directly or by a
/// module) and removed as the contributions of an unkeyed collection are. Within one injector's
/// list, the later of two entries of one entry key wins; ``Registry/keyedConflict(with:in:)``
/// makes that an error unless the later one overrides, so a list holds several entries of one
/// entry key only when the later ones were made with `overriding: true` or the earlier ones
/// were copied (``isCopied``).
///
/// `@unchecked Sendable`: `contribution`, `entryKey` and `overrides` are immutable
/// (`contribution` is itself `Sendable`, and `entryKey` wraps a `Hashable & Sendable` value);
/// `isCopied` is guarded by the owning injector's `registry` mutex; the rest is
/// ``AnyRegistration``'s.
final class KeyedEntry: AnyRegistration, @unchecked Sendable {
  /// The `Registration<Element>` that makes the entry's value; never added to a registry
  /// itself: this entry stands for it there.
  let contribution: AnyRegistration
  /// The dictionary key the value is stored under.
  let entryKey: AnyHashable
  /// Whether the entry replaces an earlier entry of its entry key in the same injector instead
  /// of being an error (`overriding: true`).
  let overrides: Bool
  /// Whether the entry was copied into the injector by ``Injector/makeCopy(label:applying:)``:
  /// a later entry of its entry key in the copy wins over it, as a child's entry would.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var isCopied = false

  init(contribution: AnyRegistration, entryKey: AnyHashable, overrides: Bool) {
    self.contribution = contribution
    self.entryKey = entryKey
    self.overrides = overrides
    super.init(
      key: contribution.key, scope: contribution.scope, recipe: contribution.recipe,
      resettableScope: contribution.resettableScope)
  }

  /// The entry key as the app wrote it, for messages: `"json"`, `FileKind.json`.
  var entryKeyDescription: String { String(reflecting: entryKey.base) }

  override func makeCopy() -> AnyRegistration {
    KeyedEntry(contribution: contribution.makeCopy(), entryKey: entryKey, overrides: overrides)
  }

  override func makeCopySharingPreparedValue() -> AnyRegistration {
    KeyedEntry(
      contribution: contribution.makeCopySharingPreparedValue(), entryKey: entryKey,
      overrides: overrides)
  }

  override var isBuiltEagerSingleton: Bool { contribution.isBuiltEagerSingleton }

  override func adoptBuiltValue(of original: AnyRegistration) -> Bool {
    guard let original = original as? KeyedEntry else { return false }
    return contribution.adoptBuiltValue(of: original.contribution)
  }

  override func prepare(in owner: Injector) throws(InjectionError) {
    try contribution.prepare(in: owner)
  }

  override func prepareAsync(in owner: Injector, force: Bool) async throws(InjectionError) {
    try await contribution.prepareAsync(in: owner, force: force)
  }

  override var needsPreparing: Bool { contribution.needsPreparing }

  override func inspectionRecord() -> InspectionRecord {
    var record = contribution.inspectionRecord()
    record.owner = owner
    record.entryKey = entryKey
    return record
  }

  override func contributedValue(asked injector: Injector, owner: Injector)
    throws(InjectionError) -> Any
  {
    try contribution.contributedValue(asked: injector, owner: owner)
  }

  override func dropResettableValue() -> [Any] { contribution.dropResettableValue() }
  override func ownedRegistrations() -> [AnyRegistration] {
    contribution.ownedRegistrations()
  }
  override func retire() -> [AnyRegistration] { contribution.retire() }
}
