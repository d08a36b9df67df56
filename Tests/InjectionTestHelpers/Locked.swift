import Foundation

/// A value guarded by a lock that ThreadSanitizer understands.
///
/// The lock is an `NSLock`: ThreadSanitizer sees the pthread mutex behind it, but not the futex
/// behind `Synchronization.Mutex` on Linux, so tests that run under ThreadSanitizer guard their
/// shared state with this type.
public final class Locked<Value> {
  private let lock = NSLock()
  private var value: Value

  /// Makes a lock that guards `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// - Parameter body: Reads or changes the value; it runs while the lock is held.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

// @unchecked Sendable: the lock is `lock`, and it guards `value`, which is read and written only
// inside `withLock`; the value itself must be `Sendable`, since `withLock` hands it to any thread.
extension Locked: @unchecked Sendable where Value: Sendable {}
