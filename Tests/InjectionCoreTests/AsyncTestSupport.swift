import Synchronization

/// Opens once; the tasks that wait before it opens are suspended (not blocked) until then.
final class AsyncGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func wait() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let isOpen = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(waiter)
        return false
      }
      if isOpen { waiter.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Polls `condition` (yielding between checks) until it holds or about ten seconds passed.
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<10_000 {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
  return condition()
}
