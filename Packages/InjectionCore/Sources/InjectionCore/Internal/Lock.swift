/// A mutex around `State`.
///
/// A one-word mutex (``PlatformMutex``) and the state it guards. Every lock of
/// InjectionCore is one of these: see `Documentation/DesignDecisions.md`, "Why one internal
/// `Lock`".
///
/// `@unchecked Sendable`: `state` is read and written only inside ``withLock(_:)``, while
/// `mutex` is held; values move in and out of it only as `sending` values, as with the
/// standard library's `Mutex`.
final class Lock<State>: @unchecked Sendable {
  let mutex = PlatformMutex()
  @exclusivity(unchecked) var state: State

  init(_ state: consuming sending State) {
    self.state = state
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result, E: Error>(
    _ body: (inout sending State) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&state)
  }
}
