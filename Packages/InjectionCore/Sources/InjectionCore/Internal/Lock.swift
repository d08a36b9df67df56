public import Synchronization

/// A mutex around `State`: the standard library's `Mutex`, plus, in debug builds, an atomic
/// that ThreadSanitizer can see.
///
/// On Linux, `Synchronization.Mutex` is built on a futex that ThreadSanitizer does not model,
/// so every access it guards is reported as a race (a four-thread counter behind a `Mutex`
/// alone reproduces it). In debug builds, where `swift test --sanitize=thread` runs, each
/// critical section also performs an acquiring-and-releasing read-modify-write on `fence`, which
/// gives the sanitizer the happens-before edge that the mutex provides. Release builds contain
/// only the mutex.
@usableFromInline
struct Lock<State>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<State>
  #if DEBUG
    @usableFromInline let fence = Atomic<Int>(0)
  #endif

  init(_ state: consuming sending State) {
    mutex = Mutex(state)
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable
  func withLock<Result, E: Error>(
    _ body: (inout sending State) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    try mutex.withLock { state throws(E) -> sending Result in
      #if DEBUG
        fence.add(1, ordering: .acquiringAndReleasing)
        defer { fence.add(1, ordering: .acquiringAndReleasing) }
      #endif
      return try body(&state)
    }
  }
}
