import Foundation

/// Counts down to zero once; threads can wait until it gets there.
///
/// It is built on `NSCondition` (a pthread mutex and condition variable), which ThreadSanitizer
/// understands, so what a thread did before ``countDown()`` is seen as happening before what a
/// waiter does after ``wait()``.
///
/// `@unchecked Sendable`: `remaining` is read and written only while `condition` is locked.
final class Latch: @unchecked Sendable {
  private let condition = NSCondition()
  private var remaining: Int

  /// Makes a latch that opens after `count` calls to ``countDown()``.
  init(count: Int) {
    remaining = count
  }

  /// Counts one down; calls beyond zero do nothing.
  func countDown() {
    condition.lock()
    defer { condition.unlock() }
    remaining = max(0, remaining - 1)
    if remaining == 0 { condition.broadcast() }
  }

  /// Blocks until the count reaches zero.
  func wait() {
    condition.lock()
    defer { condition.unlock() }
    while remaining > 0 {
      condition.wait()
    }
  }
}
