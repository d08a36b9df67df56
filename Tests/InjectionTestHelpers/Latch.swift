import Foundation

/// Counts down to zero once; threads can wait until it gets there.
///
/// It is built on `NSCondition` (a pthread mutex and condition variable), which ThreadSanitizer
/// understands, so what a thread did before ``countDown()`` is seen as happening before what a
/// waiter does after ``wait(timeout:)``.
public final class Latch {
  private let condition = NSCondition()
  private var remaining: Int

  /// Makes a latch that opens after `count` calls to ``countDown()``.
  public init(count: Int) {
    remaining = count
  }

  /// Counts one down; calls beyond zero do nothing.
  public func countDown() {
    condition.lock()
    defer { condition.unlock() }
    remaining = max(0, remaining - 1)
    if remaining == 0 { condition.broadcast() }
  }

  /// Blocks until the count reaches zero.
  ///
  /// - Parameter timeout: How many seconds to wait at most; `nil` waits without a limit.
  /// - Returns: Whether the count reached zero before the timeout.
  @discardableResult
  public func wait(timeout: Double? = nil) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    condition.lock()
    defer { condition.unlock() }
    while remaining > 0 {
      if let deadline {
        guard condition.wait(until: deadline) else { break }
      } else {
        condition.wait()
      }
    }
    return remaining == 0
  }
}

// @unchecked Sendable: the lock is `condition`, and it guards `remaining`, which is read and
// written only while `condition` is locked.
extension Latch: @unchecked Sendable {}
