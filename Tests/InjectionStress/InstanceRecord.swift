import Synchronization

/// Remembers the first object recorded and tells whether later ones are the same instance.
///
/// It stores the identity only, so the recorded object must stay alive (an injector's singleton
/// does) for the comparison to mean anything.
final class InstanceRecord: Sendable {
  private let identity = Atomic<UInt>(0)

  init() {}

  /// Whether an object was recorded.
  var isEmpty: Bool { identity.load(ordering: .acquiring) == 0 }

  /// Records `object`.
  ///
  /// - Returns: `false` if a different instance was recorded before.
  func record(_ object: AnyObject) -> Bool {
    let bits = UInt(bitPattern: ObjectIdentifier(object))
    let (exchanged, original) = identity.compareExchange(
      expected: 0, desired: bits, ordering: .acquiringAndReleasing)
    return exchanged || original == bits
  }

  /// Whether `object` is the recorded instance.
  func isRecorded(_ object: AnyObject) -> Bool {
    identity.load(ordering: .acquiring) == UInt(bitPattern: ObjectIdentifier(object))
  }

  /// Whether both records hold the same instance.
  func holdsSameInstance(as other: InstanceRecord) -> Bool {
    identity.load(ordering: .acquiring) == other.identity.load(ordering: .acquiring)
  }
}
