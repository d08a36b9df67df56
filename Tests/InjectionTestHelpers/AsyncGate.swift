import Synchronization

/// Opens once; the tasks that wait before it opens are suspended (not blocked) until then.
public final class AsyncGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// Creates a closed gate.
  public init() {}

  /// Suspends until the gate is open; returns at once when it is.
  public func wait() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let isOpen = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(waiter)
        return false
      }
      if isOpen { waiter.resume() }
    }
  }

  /// Opens the gate and resumes every task waiting for it.
  public func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
