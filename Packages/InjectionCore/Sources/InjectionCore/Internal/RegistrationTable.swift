public import Synchronization

/// The active registration of each key: an open-addressing hash table keyed by the type's
/// identity, probed linearly, that readers search without a lock.
///
/// The standard `Dictionary` hashes with SipHash, which costs more than the whole budget of a
/// cached resolve. Here the hash is one multiplication of the type's metadata address (Fibonacci
/// hashing), and the name is compared only when the type matches. Keys are never removed:
/// removing a mapping clears its slot's registration, so the table grows only with the number
/// of distinct keys ever mapped, and it doubles when three quarters full (amortized growth).
///
/// Writers (``set(_:for:)``) hold the injector's registry lock. Readers hold a read section
/// (``ReadSections``): they load the current storage, then each slot, with acquiring loads; a
/// writer publishes a new slot's name and registration before its key, and a grown storage
/// before it is used. A storage that was replaced stays allocated until the table is released,
/// which costs at most as much memory as the current one, so readers never need to be waited
/// for when the table grows.
///
/// `@unchecked Sendable`: `current` is atomic; `retired` and `used` are touched only by writers,
/// under the registry lock.
@usableFromInline
final class RegistrationTable: @unchecked Sendable {
  /// The storage readers use: a `+1` retained ``TableStorage``.
  @usableFromInline let current: Atomic<UnsafeRawPointer>
  private var retired: [TableStorage] = []
  private var used = 0

  init() {
    current = Atomic(UnsafeRawPointer(Unmanaged.passRetained(TableStorage(capacity: 0)).toOpaque()))
  }

  deinit {
    let storage = Unmanaged<TableStorage>.fromOpaque(current.load(ordering: .acquiring))
    storage.takeUnretainedValue().releaseRegistrations()
    storage.release()
  }

  /// The active registration of `key`, without retaining it.
  ///
  /// Call it inside a read section or with the registry lock held; the registration stays
  /// alive until both have ended.
  @inlinable
  func registration(for key: Key) -> Unmanaged<AnyRegistration>? {
    Unmanaged<TableStorage>.fromOpaque(current.load(ordering: .acquiring))
      ._withUnsafeGuaranteedRef { $0.registration(for: key) }
  }

  /// Whether `key` has an active registration.
  func contains(_ key: Key) -> Bool {
    registration(for: key) != nil
  }

  /// Makes `registration` the active one of `key`, or clears it when `nil`.
  ///
  /// The registry lock is held.
  /// The table's reference to the registration it replaces is released here; that is never the
  /// last one, because the registry's stacks or the caller still hold it until readers are done
  /// with it (``ReadSections/synchronize()``).
  func set(_ registration: AnyRegistration?, for key: Key) {
    var storage = Unmanaged<TableStorage>.fromOpaque(current.load(ordering: .relaxed))
      .takeUnretainedValue()
    if let index = storage.index(of: key) {
      storage.replace(at: index, with: registration)
      return
    }
    guard let registration else { return }
    if (used + 1) * 4 > storage.capacity * 3 {
      storage = grow(storage)
    }
    storage.insert(registration, for: key)
    used += 1
  }

  private func grow(_ old: TableStorage) -> TableStorage {
    let storage = TableStorage(capacity: max(16, old.capacity * 2))
    old.moveEntries(into: storage)
    current.store(
      UnsafeRawPointer(Unmanaged.passRetained(storage).toOpaque()), ordering: .releasing)
    // Readers may still be in the old storage: keep it until the table is released. Its
    // entries now belong to the new storage.
    // The `+1` that `current` held on the old storage moves to `retired`.
    retired.append(Unmanaged.passUnretained(old).takeRetainedValue())
    return storage
  }
}

/// The slots of a ``RegistrationTable`` at one capacity.
///
/// `@unchecked Sendable`: `ids` and `entries` are atomics; a slot's name is written once,
/// before its id is published with a releasing store, and never changed after.
@usableFromInline
final class TableStorage: @unchecked Sendable {
  @usableFromInline let capacity: Int
  @usableFromInline let shift: UInt
  /// The key type's identity as a number per slot; 0 marks an empty slot.
  @usableFromInline let ids: UnsafeMutablePointer<Atomic<UInt>>
  @usableFromInline let names: UnsafeMutablePointer<String?>
  /// `+1` retained registrations as bit patterns, or 0 where a key's mapping was removed.
  @usableFromInline let entries: UnsafeMutablePointer<Atomic<UInt>>

  init(capacity: Int) {
    self.capacity = capacity
    shift = capacity == 0 ? 63 : UInt(64 - capacity.trailingZeroBitCount)
    ids = .allocate(capacity: capacity)
    names = .allocate(capacity: capacity)
    entries = .allocate(capacity: capacity)
    for index in 0..<capacity {
      (ids + index).initialize(to: Atomic(0))
      (names + index).initialize(to: nil)
      (entries + index).initialize(to: Atomic(0))
    }
  }

  deinit {
    ids.deinitialize(count: capacity)
    names.deinitialize(count: capacity)
    entries.deinitialize(count: capacity)
    ids.deallocate()
    names.deallocate()
    entries.deallocate()
  }

  @inlinable
  func registration(for key: Key) -> Unmanaged<AnyRegistration>? {
    guard capacity > 0 else { return nil }
    let id = UInt(bitPattern: key.id)
    var index = slot(of: key.probe)
    while true {
      let slotID = ids[index].load(ordering: .acquiring)
      if slotID == id, Self.same(names[index], key.name) {
        let bits = entries[index].load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged.fromOpaque(pointer)
      }
      if slotID == 0 { return nil }
      index = (index + 1) & (capacity - 1)
    }
  }

  /// The slot of `key`, if it was ever inserted.
  ///
  /// The registry lock is held.
  func index(of key: Key) -> Int? {
    guard capacity > 0 else { return nil }
    let id = UInt(bitPattern: key.id)
    var index = slot(of: key.probe)
    while true {
      let slotID = ids[index].load(ordering: .relaxed)
      if slotID == id, Self.same(names[index], key.name) { return index }
      if slotID == 0 { return nil }
      index = (index + 1) & (capacity - 1)
    }
  }

  /// Replaces the registration in a used slot.
  ///
  /// The registry lock is held.
  func replace(at index: Int, with registration: AnyRegistration?) {
    let new = registration.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
    let old = entries[index].exchange(new, ordering: .acquiringAndReleasing)
    if let pointer = UnsafeRawPointer(bitPattern: old) {
      Unmanaged<AnyRegistration>.fromOpaque(pointer).release()
    }
  }

  /// Fills an empty slot for `key`; there must be room.
  ///
  /// The registry lock is held.
  func insert(_ registration: AnyRegistration, for key: Key) {
    let id = UInt(bitPattern: key.id)
    var index = slot(of: key.probe)
    while ids[index].load(ordering: .relaxed) != 0 { index = (index + 1) & (capacity - 1) }
    names[index] = key.name
    entries[index].store(
      UInt(bitPattern: Unmanaged.passRetained(registration).toOpaque()), ordering: .releasing)
    ids[index].store(id, ordering: .releasing)
  }

  /// Copies every used slot into `storage`, which takes over the registrations' references.
  func moveEntries(into storage: TableStorage) {
    for index in 0..<capacity {
      let id = ids[index].load(ordering: .relaxed)
      guard id != 0 else { continue }
      var target = storage.slot(of: Key.probe(id: id, name: names[index]))
      while storage.ids[target].load(ordering: .relaxed) != 0 {
        target = (target + 1) & (storage.capacity - 1)
      }
      storage.names[target] = names[index]
      storage.entries[target].store(
        entries[index].load(ordering: .relaxed), ordering: .relaxed)
      storage.ids[target].store(id, ordering: .relaxed)
    }
  }

  /// Releases the table's references to its registrations (when the table is released).
  func releaseRegistrations() {
    for index in 0..<capacity {
      if let pointer = UnsafeRawPointer(bitPattern: entries[index].load(ordering: .relaxed)) {
        Unmanaged<AnyRegistration>.fromOpaque(pointer).release()
      }
    }
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

  /// The first slot to probe for a key's ``Key/probe``.
  @inlinable
  func slot(of probe: UInt) -> Int {
    Int(truncatingIfNeeded: (probe &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}
