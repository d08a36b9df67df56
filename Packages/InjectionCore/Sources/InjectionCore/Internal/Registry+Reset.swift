extension Registry {
  /// The reset generation of `registration`'s ``ResettableScope`` in this injector; 0 for a
  /// mapping of no such scope.
  func resetGeneration(of registration: AnyRegistration) -> UInt64 {
    guard let scope = registration.resettableScope else { return 0 }
    return resetGenerations[ObjectIdentifier(scope)] ?? 0
  }

  /// Starts a new generation of `scope` and drops the values of its mappings, active and
  /// shadowed, and of its contributions (keyed or not).
  ///
  /// A build of the scope that was claimed before this call keeps its value for its own
  /// resolution only: it sees the new generation when it publishes.
  ///
  /// - Returns: The dropped values, to be released after the mutex is unlocked (their
  ///   `deinit` may run then), and how many mappings held one.
  mutating func reset(_ scope: any ResettableScope.Type) -> DroppedValues {
    let id = ObjectIdentifier(scope)
    resetGenerations[id, default: 0] &+= 1
    var scoped: [AnyRegistration] = []
    func collect(_ registration: AnyRegistration) {
      guard let own = registration.resettableScope, ObjectIdentifier(own) == id else { return }
      scoped.append(registration)
    }
    active.forEachRegistration(collect)
    for layers in shadowed.values { layers.forEach(collect) }
    for collection in contributions.values { collection.forEach(collect) }
    // Before the values are dropped: the released values are read from their mappings.
    let released = lifetimes.take(of: scoped, retiring: false)
    var dropped: [Any] = []
    var count = 0
    for registration in scoped {
      let values = registration.dropResettableValue()
      if !values.isEmpty { count += 1 }
      dropped += values
    }
    return DroppedValues(values: dropped, count: count, released: released)
  }
}

/// The values ``Registry/reset(_:)`` dropped, carried out of the registry mutex to be released.
// @unchecked Sendable: it holds cached values of resettable mappings (which the mapping API
// requires to be `Sendable`) and incomplete values (`Sendable`), moved out of the lock
// `Injector.registry` and only released, never read, by the thread that reset the scope.
struct DroppedValues: @unchecked Sendable {
  let values: [Any]
  let count: Int
  /// The dropped values that can be disposed, latest first.
  let released: [ReleasedValue]
}
