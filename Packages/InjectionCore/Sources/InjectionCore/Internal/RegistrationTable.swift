/// The active registration of each key: an open-addressing hash table keyed by the type's
/// identity, probed linearly.
///
/// The standard `Dictionary` hashes with SipHash, which costs more than the whole budget of a
/// cached resolve. Here the hash is one multiplication of the type's metadata address (Fibonacci
/// hashing), and the name is compared only when the type matches. Keys are never removed:
/// removing a mapping clears its slot's registration, so the table grows only with the number
/// of distinct keys ever mapped, and it doubles when three quarters full (amortized growth).
///
/// A reference type, used only inside an injector's registry mutex; it is never copied. The
/// mutex is what makes accesses exclusive, so the dynamic exclusivity checks are left out.
@usableFromInline
final class RegistrationTable {
  /// The key type's identity as a number per slot; 0 marks an empty slot.
  @exclusivity(unchecked) @usableFromInline var ids: UnsafeMutablePointer<UInt>
  @exclusivity(unchecked) @usableFromInline var names: UnsafeMutablePointer<String?>
  /// Retained registrations (`+1`), or `nil` where a key's mapping was removed.
  @exclusivity(unchecked) @usableFromInline var registrations:
    UnsafeMutablePointer<Unmanaged<AnyRegistration>?>
  @exclusivity(unchecked) @usableFromInline var capacity = 0
  private var used = 0
  @exclusivity(unchecked) @usableFromInline var shift: UInt = 64

  init() {
    ids = .allocate(capacity: 0)
    names = .allocate(capacity: 0)
    registrations = .allocate(capacity: 0)
  }

  deinit {
    for index in 0..<capacity {
      registrations[index]?.release()
    }
    names.deinitialize(count: capacity)
    ids.deallocate()
    names.deallocate()
    registrations.deallocate()
  }

  /// The active registration of `key`, without retaining it: the caller holds the injector's
  /// registry mutex, which keeps it alive.
  @inlinable
  func registration(for key: Key) -> Unmanaged<AnyRegistration>? {
    guard capacity > 0 else { return nil }
    let id = UInt(bitPattern: key.id)
    var index = slot(of: id)
    while true {
      let slotID = ids[index]
      if slotID == id, Self.same(names[index], key.name) { return registrations[index] }
      if slotID == 0 { return nil }
      index = (index + 1) & (capacity - 1)
    }
  }

  /// Whether `key` has an active registration.
  func contains(_ key: Key) -> Bool {
    registration(for: key) != nil
  }

  /// Makes `registration` the active one of `key`, or clears it when `nil`.
  ///
  /// The table's reference to the registration it replaces is released here, under the mutex;
  /// that is never the last one, because the registry's stacks or the caller still hold it
  /// until the mutex is dropped (its values may run arbitrary `deinit` code).
  func set(_ registration: AnyRegistration?, for key: Key) {
    if (used + 1) * 4 > capacity * 3 { grow() }
    let id = UInt(bitPattern: key.id)
    var index = slot(of: id)
    while ids[index] != 0 {
      if ids[index] == id, Self.same(names[index], key.name) {
        registrations[index]?.release()
        registrations[index] = registration.map(Unmanaged.passRetained)
        return
      }
      index = (index + 1) & (capacity - 1)
    }
    guard let registration else { return }
    ids[index] = id
    names[index] = key.name
    registrations[index] = Unmanaged.passRetained(registration)
    used += 1
  }

  private func grow() {
    let (oldIDs, oldNames, oldRegistrations, oldCapacity) = (ids, names, registrations, capacity)
    capacity = max(16, oldCapacity * 2)
    shift = UInt(64 - capacity.trailingZeroBitCount)
    ids = .allocate(capacity: capacity)
    ids.initialize(repeating: 0, count: capacity)
    names = .allocate(capacity: capacity)
    names.initialize(repeating: nil, count: capacity)
    registrations = .allocate(capacity: capacity)
    registrations.initialize(repeating: nil, count: capacity)
    for old in 0..<oldCapacity where oldIDs[old] != 0 {
      var index = slot(of: oldIDs[old])
      while ids[index] != 0 { index = (index + 1) & (capacity - 1) }
      ids[index] = oldIDs[old]
      names[index] = oldNames[old]
      registrations[index] = oldRegistrations[old]
    }
    oldNames.deinitialize(count: oldCapacity)
    oldIDs.deallocate()
    oldNames.deallocate()
    oldRegistrations.deallocate()
  }

  /// Name equality with a fast path for the common unnamed key.
  @inlinable
  static func same(_ lhs: String?, _ rhs: String?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): lhs == rhs
    default: false
    }
  }

  @inlinable
  func slot(of id: UInt) -> Int {
    Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}
