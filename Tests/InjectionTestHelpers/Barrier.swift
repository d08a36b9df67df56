import Foundation

/// A meeting point for a fixed number of threads: each waits until all have arrived.
///
/// Built on `NSCondition` (a pthread mutex and condition variable), which ThreadSanitizer
/// understands, so what a thread did before it arrived is seen as happening before what the
/// others do after their wait returned.
public final class Barrier {
  private let condition = NSCondition()
  private let parties: Int
  private var arrived = 0

  /// Makes a barrier that opens when `parties` threads have arrived.
  public init(parties: Int) {
    self.parties = parties
  }

  /// Arrives and waits for the others.
  ///
  /// - Parameter timeout: How many seconds to wait at most; `nil` waits without a limit.
  /// - Returns: Whether all parties arrived before the timeout.
  @discardableResult
  public func arriveAndWait(timeout: Double? = nil) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    condition.lock()
    defer { condition.unlock() }
    arrived += 1
    if arrived >= parties { condition.broadcast() }
    while arrived < parties {
      if let deadline {
        guard condition.wait(until: deadline) else { break }
      } else {
        condition.wait()
      }
    }
    return arrived >= parties
  }
}

// @unchecked Sendable: the lock is `condition`, and it guards `arrived`, which is read and written
// only while `condition` is locked; `parties` is immutable.
extension Barrier: @unchecked Sendable {}
