import Synchronization

/// A count that threads share.
final class Counter: Sendable {
  private let count = Atomic<Int>(0)

  init() {}

  /// The current count.
  var value: Int { count.load(ordering: .acquiring) }

  /// Adds one.
  ///
  /// - Returns: The count after adding.
  @discardableResult
  func increment() -> Int {
    count.add(1, ordering: .acquiringAndReleasing).newValue
  }

  /// Sets the count back to zero.
  func reset() {
    count.store(0, ordering: .releasing)
  }
}
