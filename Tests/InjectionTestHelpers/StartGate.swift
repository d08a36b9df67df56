import Foundation

/// Holds threads at a gate until all of them wait there, then releases them at once.
///
/// Unlike a ``Barrier``, the gate is opened by a thread that does not pass it (the one that
/// started the others), which learns whether all of them arrived in time.
public final class StartGate {
  private let condition = NSCondition()
  private var waiting = 0
  private var isOpen = false

  /// Makes a closed gate.
  public init() {}

  /// Blocks the calling thread until the gate opens.
  public func wait() {
    condition.lock()
    defer { condition.unlock() }
    waiting += 1
    condition.broadcast()
    while !isOpen {
      condition.wait()
    }
  }

  /// Opens the gate once `count` threads wait, or after `timeout` seconds.
  ///
  /// - Parameters:
  ///   - count: How many threads to wait for.
  ///   - timeout: How many seconds to wait at most; `nil` waits without a limit.
  /// - Returns: Whether all `count` threads were waiting when the gate opened.
  @discardableResult
  public func open(whenWaiting count: Int, timeout: Double? = nil) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    condition.lock()
    defer { condition.unlock() }
    while waiting < count {
      if let deadline {
        guard condition.wait(until: deadline) else { break }
      } else {
        condition.wait()
      }
    }
    isOpen = true
    condition.broadcast()
    return waiting >= count
  }
}

// @unchecked Sendable: the lock is `condition`, and it guards `waiting` and `isOpen`, which are
// read and written only while `condition` is locked.
extension StartGate: @unchecked Sendable {}
