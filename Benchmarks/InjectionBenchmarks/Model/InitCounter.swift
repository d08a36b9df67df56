import Synchronization

/// Counts how many times ``SlowEngine``'s `init` ran; one counter per W6 trial.
final class InitCounter: Sendable {
  private let count = Atomic<Int>(0)

  /// How many times ``increment()`` was called.
  var value: Int { count.load(ordering: .acquiring) }

  func increment() {
    count.add(1, ordering: .acquiringAndReleasing)
  }
}
