import Synchronization

/// A Boolean that threads share; it starts unset and can only be set.
final class Flag: Sendable {
  private let value = Atomic<Bool>(false)

  init() {}

  /// Whether ``set()`` ran; a thread that sees `true` also sees what the setter did before.
  var isSet: Bool { value.load(ordering: .acquiring) }

  /// Sets the flag.
  func set() {
    value.store(true, ordering: .releasing)
  }
}
