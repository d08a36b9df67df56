/// The active registration of each key: an open-addressing hash table keyed by the type's
/// identity, probed linearly.
///
/// The standard `Dictionary` hashes with SipHash, which costs more than the whole budget of a
/// cached resolve. Here the hash is one multiplication of the type's metadata address (Fibonacci
/// hashing), and the name is compared only when the type matches. Keys are never removed:
/// removing a mapping clears its slot's registration, so the table grows only with the number
/// of distinct keys ever mapped, and it doubles when three quarters full (amortized growth).
///
/// A plain value with strong references: it lives inside the injector's registry mutex, and is
/// read and written only while that mutex is held (see `Documentation/DesignDecisions.md`, "Why
/// every lookup takes the injector's mutex").
struct RegistrationTable {
  private struct Slot {
    /// The key type's identity as a number; 0 marks an empty slot.
    var id: UInt = 0
    var name: String?
    /// The table's `+1` on the registration, or `nil`.
    ///
    /// Retained by ``set(_:for:)`` when stored, released by it when replaced, and by
    /// ``releaseAll()`` when the registry goes away. Unmanaged so that a lookup reads it without
    /// touching its reference count.
    var registration: Unmanaged<AnyRegistration>?
  }

  private var slots: ContiguousArray<Slot> = []
  private var shift: UInt = 63
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
      // Not the last reference: the caller holds the one it unlinks.
      slots[index].registration?.release()
      slots[index].registration = retained
      return
    }
    guard let retained else { return }
    if (used + 1) * 4 > slots.count * 3 {
      grow()
    }
    insert(Slot(id: UInt(bitPattern: key.id), name: key.name, registration: retained))
    used += 1
  }

  /// Releases the table's references; only when the registry itself goes away, after every
  /// lookup (an injector is released only once nobody uses it).
  func releaseAll() {
    for slot in slots {
      slot.registration?.release()
    }
  }

  private func index(of key: Key) -> Int? {
    guard !slots.isEmpty else { return nil }
    let id = UInt(bitPattern: key.id)
    let mask = slots.count - 1
    var index = slot(of: key.probe)
    while true {
      let slotID = slots[index].id
      if slotID == id, Self.same(slots[index].name, key.name) { return index }
      if slotID == 0 { return nil }
      index = (index + 1) & mask
    }
  }

  private mutating func insert(_ slot: Slot) {
    let mask = slots.count - 1
    var index = self.slot(of: Key.probe(id: slot.id, name: slot.name))
    while slots[index].id != 0 { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    let old = slots
    let capacity = max(16, old.count * 2)
    slots = ContiguousArray(repeating: Slot(), count: capacity)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    for slot in old where slot.id != 0 {
      insert(slot)
    }
  }

  /// Name equality with a fast path for the common unnamed key.
  private static func same(_ lhs: String?, _ rhs: String?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): lhs == rhs
    default: false
    }
  }

  /// The first slot to probe for a key's ``Key/probe``.
  private func slot(of probe: UInt) -> Int {
    Int(truncatingIfNeeded: (probe &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}
