/// The objects with an injection-complete hook that resolutions handed to the builds on one
/// thread's path, so that a factory returning one of them does not complete it again.
///
/// Owned by ``ResolutionContext``; only ``Injector/build(_:identity:make:complete:created:isCached:)``
/// and the places that hand a finished value to a build (a cached value, a graph value, a value
/// a nested build completed) add to it.
///
/// Each object is held, not named by its address: a factory that resolves a hooked transient,
/// drops it and allocates its own value may get the dropped object's address, and that value is
/// new, not handed out. Held here, the dropped object stays alive until the build that was given
/// it ends, so no other object can have its address in the meantime.
struct HandedOutObjects {
  private var objects: [AnyObject] = []

  /// Where the next build's objects begin.
  var count: Int { objects.count }

  /// Records that a build was handed `object`.
  mutating func append(_ object: AnyObject) {
    objects.append(object)
  }

  /// Whether `object`, a value a build made, is among the objects handed to it since `first`.
  ///
  /// `object` is the identity of a value the caller holds, and every object compared with it is
  /// held here: two live objects never share an address.
  func contains(_ object: ObjectIdentifier, from first: Int) -> Bool {
    guard objects.count > first else { return false }
    return objects[first...].contains { ObjectIdentifier($0) == object }
  }

  /// Removes the last object and returns it, for the caller to release once its own state is
  /// consistent (a last release runs a `deinit`, which may resolve on this thread).
  mutating func removeLast() -> AnyObject {
    objects.removeLast()
  }
}
