import Synchronization

/// A count that threads share, such as how many times a factory ran.
///
/// Each test (or stress trial) makes its own. A thread that reads ``value`` also sees what the
/// incrementing threads did before they incremented.
public final class Counter: Sendable {
  private let count = Atomic<Int>(0)

  /// Makes a counter at zero.
  public init() {}

  /// The current count.
  public var value: Int { count.load(ordering: .acquiring) }

  /// Adds one.
  ///
  /// - Returns: The count after adding.
  @discardableResult
  public func increment() -> Int {
    count.add(1, ordering: .acquiringAndReleasing).newValue
  }

  /// Sets the count back to zero.
  public func reset() {
    count.store(0, ordering: .releasing)
  }
}
