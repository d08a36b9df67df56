/// The objects with an injection-complete hook that resolutions handed to the builds on one
/// thread's path, so that a factory returning one of them does not complete it again.
///
/// Owned by ``ResolutionContext``; only ``Injector/build(_:identity:make:complete:created:isCached:)``
/// and the places that hand a finished value to a build (a cached value, a graph value, a value
/// a nested build completed) add to it.
///
/// Each object is held (a `+1` taken by ``append(_:)``), not named by its address: a factory
/// that resolves a hooked transient, drops it and allocates its own value may get the dropped
/// object's address, and that value is new, not handed out. Held here, the dropped object stays
/// alive until the build that was given it ends, so no other object can have its address in
/// the meantime.
struct HandedOutObjects {
  /// Each entry owns a `+1` on its object until ``release(from:)`` drops it.
  private var objects: [Unmanaged<AnyObject>] = []

  /// Where the next build's objects begin.
  var count: Int { objects.count }

  /// Records that a build was handed the object `object` identifies, and holds it.
  ///
  /// - Parameter object: The identity of an object the caller holds (``ObjectIdentity/of(_:)``
  ///   of a value it has): alive while this retains it. Retained through its address, without
  ///   the generic copy a value of unknown type would need.
  mutating func appendRetaining(_ object: ObjectIdentifier) {
    let address = UnsafeRawPointer(bitPattern: UInt(bitPattern: object)).unsafelyUnwrapped
    objects.append(Unmanaged<AnyObject>.fromOpaque(address).retain())
  }

  /// Whether `object`, a value a build made, is among the objects handed to it since `first`.
  ///
  /// `object` is the identity of a value the caller holds, and every object compared with it is
  /// held here: two live objects never share an address.
  func contains(_ object: ObjectIdentifier, from first: Int) -> Bool {
    guard objects.count > first else { return false }
    let address = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: object))
    return objects[first...].contains { $0.toOpaque() == address }
  }

  /// The entry at `index`, to be released by the caller.
  func entry(at index: Int) -> Unmanaged<AnyObject> {
    objects[index]
  }

  /// Forgets the entries in `range`, whose objects the caller released.
  mutating func forget(_ range: Range<Int>) {
    objects.removeSubrange(range)
  }
}
