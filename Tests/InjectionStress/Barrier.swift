import Foundation

/// A meeting point for a fixed number of arrivals: each waits until all have arrived.
///
/// Built on `NSCondition`, which ThreadSanitizer understands.
///
/// `@unchecked Sendable`: `arrived` is read and written only while `condition` is locked.
final class Barrier: @unchecked Sendable {
  private let condition = NSCondition()
  private let parties: Int
  private var arrived = 0

  /// Makes a barrier that opens when `parties` arrivals have happened.
  init(parties: Int) {
    self.parties = parties
  }

  /// Arrives and waits for the others, at most `timeout` seconds if given.
  ///
  /// - Returns: Whether all parties arrived before the timeout.
  @discardableResult
  func arriveAndWait(timeout: Double? = nil) -> Bool {
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
