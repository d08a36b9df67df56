/// The active registration of each key: an open-addressing hash table keyed by the type's
/// identity, probed linearly.
///
/// The standard `Dictionary` hashes with SipHash, which costs more than the whole budget of a
/// cached resolve. Here the hash is one multiplication of the type's metadata address (Fibonacci
/// hashing), and the name (read from the registration, so that a slot is two words) is compared
/// only when the type matches. Removing a mapping leaves a tombstone (the type's identity
/// without a registration), which probes pass over and a later insertion reuses; the table
/// doubles when live slots and tombstones fill three quarters of it, dropping the tombstones
/// (amortized growth).
///
/// A plain value with strong references: it lives inside the injector's registry mutex, and is
/// read and written only while that mutex is held (see `Documentation/DesignDecisions.md`, "Why
/// every lookup takes the injector's mutex").
struct RegistrationTable {
  private struct Slot {
    /// The key type's identity as a number, with its lowest bit set for a named key
    /// (``slotID(of:)``); 0 marks a slot that was never used.
    var id: UInt = 0
    /// The table's `+1` on the registration; `nil` in a never-used slot or a tombstone.
    ///
    /// Retained by ``set(_:for:)`` when stored, released by it when replaced, and by
    /// ``releaseAll()`` when the registry goes away. Unmanaged so that a lookup reads it without
    /// touching its reference count.
    var registration: Unmanaged<AnyRegistration>?
  }

  private var slots: ContiguousArray<Slot> = []
  /// The names of the active named keys of each type that has any, by the type's identity.
  ///
  /// What a not-mapped error reports, taken without a scan. The identity is a metatype's,
  /// which lives as long as the process. Unnamed keys are not listed; a lookup tells whether
  /// one is active.
  private(set) var namesByType: [ObjectIdentifier: Set<String>] = [:]
  private var shift: UInt = 63
  /// Slots that are not empty: live ones and tombstones.
  private var used = 0

  /// The active registration of `key`, unretained, or `nil`.
  ///
  /// Valid while the registry mutex is held: only ``set(_:for:)``, under that mutex, drops the
  /// table's reference.
  func unmanagedRegistration(for key: Key) -> Unmanaged<AnyRegistration>? {
    guard let index = index(of: key) else { return nil }
    return slots[index].registration
  }

  /// The active registration of `key`, or `nil`.
  func registration(for key: Key) -> AnyRegistration? {
    guard let index = index(of: key) else { return nil }
    return slots[index].registration?.takeUnretainedValue()
  }

  /// Makes `registration` the active one of `key`, or clears it when `nil`.
  ///
  /// The table's reference to the registration it replaces is dropped here; callers keep their
  /// own reference to it, so that it is released after the registry mutex is unlocked.
  mutating func set(_ registration: AnyRegistration?, for key: Key) {
    let retained = registration.map { Unmanaged.passRetained($0) }
    if let index = index(of: key) {
      // Not the last reference: the caller holds the one it unlinks. Clearing the slot leaves
      // a tombstone: its identity stays, so probes for other keys go on past it.
      slots[index].registration?.release()
      slots[index].registration = retained
      if retained == nil, let name = key.name { forget(name, of: key.id) }
      return
    }
    guard let retained else { return }
    if let name = key.name { namesByType[key.id, default: []].insert(name) }
    if slots.isEmpty || (used + 1) * 4 > slots.count * 3 {
      grow()
    }
    if insert(retained, id: Self.slotID(of: key), probe: key.probe) { used += 1 }
  }

  /// Removes `name` from the names of its type.
  private mutating func forget(_ name: String, of type: ObjectIdentifier) {
    guard var names = namesByType.removeValue(forKey: type) else { return }
    names.remove(name)
    if !names.isEmpty { namesByType[type] = names }
  }

  /// The names `key`'s type is mapped with here: whether its unnamed key is active, and its
  /// active names.
  func mappedNames(of key: Key) -> (hasUnnamed: Bool, named: Set<String>) {
    let unnamed = Key(type: key.type, named: nil)
    return (index(of: unnamed) != nil, namesByType[key.id] ?? [])
  }

  /// Calls `body` with each active registration, in table order.
  func forEachRegistration(_ body: (AnyRegistration) -> Void) {
    for slot in slots {
      guard let registration = slot.registration else { continue }
      registration._withUnsafeGuaranteedRef(body)
    }
  }

  /// Releases the table's references; only when the registry itself goes away, after every
  /// lookup (an injector is released only once nobody uses it).
  func releaseAll() {
    for slot in slots {
      slot.registration?.release()
    }
  }

  /// What a slot stores for `key`: its type's identity, with the lowest bit set when it has a
  /// name.
  ///
  /// The identity is the address of the type's metadata, which is at least 8-byte aligned, so
  /// the lowest bit is free. An unnamed key is then found by comparing one word, without reading
  /// the registration's name; a named key still compares its name.
  @inline(__always)
  private static func slotID(of key: Key) -> UInt {
    UInt(bitPattern: key.id) | (key.name == nil ? 0 : 1)
  }

  /// Whether `registration` is the mapping of `name`: out of line, so that the probe loop of
  /// an unnamed key keeps its few registers.
  @inline(never)
  private static func isNamed(_ name: String?, _ registration: Unmanaged<AnyRegistration>) -> Bool {
    registration._withUnsafeGuaranteedRef { $0.key.name == name }
  }

  @inline(__always)
  private func index(of key: Key) -> Int? {
    slots.withUnsafeBufferPointer { slots -> Int? in
      guard !slots.isEmpty else { return nil }
      let id = Self.slotID(of: key)
      let mask = slots.count - 1
      var index = slot(of: key.probe)
      while true {
        // In bounds: `index` is masked to the table's size, a power of two.
        let slot = slots[index]
        if slot.id == 0 { return nil }
        if slot.id == id, let registration = slot.registration {
          if id & 1 == 0 || Self.isNamed(key.name, registration) { return index }
        }
        index = (index + 1) & mask
      }
    }
  }

  /// Stores `registration` in the first free slot of its probe sequence: a tombstone or a slot
  /// never used.
  ///
  /// - Returns: Whether it took a never-used slot (and so adds to ``used``).
  private mutating func insert(
    _ registration: Unmanaged<AnyRegistration>, id: UInt, probe: UInt
  ) -> Bool {
    let mask = slots.count - 1
    var index = slot(of: probe)
    while slots[index].registration != nil { index = (index + 1) & mask }
    let wasNeverUsed = slots[index].id == 0
    slots[index] = Slot(id: id, registration: registration)
    return wasNeverUsed
  }

  /// Rebuilds the table without its tombstones, twice as large if the live slots need it.
  private mutating func grow() {
    let old = slots
    let live = old.lazy.filter { $0.registration != nil }.count
    let capacity = (live + 1) * 4 > old.count * 3 ? max(16, old.count * 2) : old.count
    slots = ContiguousArray(repeating: Slot(), count: capacity)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    used = 0
    for slot in old {
      guard let registration = slot.registration else { continue }
      let probe = registration._withUnsafeGuaranteedRef { $0.key.probe }
      if insert(registration, id: slot.id, probe: probe) { used += 1 }
    }
  }

  /// The first slot to probe for a key's ``Key/probe``.
  private func slot(of probe: UInt) -> Int {
    Int(truncatingIfNeeded: (probe &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}
