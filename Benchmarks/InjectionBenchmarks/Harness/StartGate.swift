import Dispatch
import Foundation

/// Holds a batch of threads until all of them have arrived, then releases them at once.
///
/// `@unchecked Sendable`: `isOpen` is read and written only while `condition`'s lock is held;
/// the semaphores are thread-safe.
final class StartGate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false
  private let arrivals = DispatchSemaphore(value: 0)
  private let finishes = DispatchSemaphore(value: 0)

  /// Called by each thread: blocks until ``open()``.
  ///
  /// The thread announces itself while it holds the gate's lock and only releases it by
  /// waiting, so once ``waitForArrivals(_:)`` returned and ``open()`` holds the lock, every
  /// thread of the batch is blocked in the wait.
  func arriveAndWait() {
    condition.lock()
    arrivals.signal()
    while !isOpen {
      condition.wait()
    }
    condition.unlock()
  }

  /// Called by each thread when its work is done.
  func finish() {
    finishes.signal()
  }

  func waitForArrivals(_ count: Int) {
    for _ in 0..<count {
      arrivals.wait()
    }
  }

  /// Releases every waiting thread at once.
  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }

  func waitForFinishes(_ count: Int) {
    for _ in 0..<count {
      finishes.wait()
    }
  }
}
