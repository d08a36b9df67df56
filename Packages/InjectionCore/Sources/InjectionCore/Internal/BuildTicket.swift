/// A cached value (singleton, eager singleton, weak) that one thread is building right now,
/// without its value type: what ``WaitGraph`` follows.
// @unchecked Sendable: `isFinished` is guarded by the lock `WaitGraph.edges` (read and written
// only inside its `withLock`); `builder` is immutable.
class AnyBuildTicket: @unchecked Sendable {
  /// The resolution context (one per thread) of the builder.
  let builder: ObjectIdentifier
  /// The builder has published the value or given up; guarded by ``WaitGraph``'s mutex.
  @exclusivity(unchecked) var isFinished = false

  init(builder: ObjectIdentifier) {
    self.builder = builder
  }
}

/// A cached value that one thread is building right now.
///
/// The builder holds `gate` for the whole build; a thread that wants the same value waits by
/// taking `gate` after the builder is done. `partial` is the value once its `init` has returned
/// and before its dependencies are resolved: the builder's own resolution, and a thread whose
/// wait would close a cycle, take it from there (that is how circular singletons work).
///
/// Not generic: the partial value is kept as `Any`, so that a first build, which runs in code
/// not specialized for the value's type, asks the runtime for no generic metadata (see
/// `Documentation/DesignDecisions.md`, "The build path"). Only the generic edge
/// (`Injector.resolveCached`) casts it back, on the rare path of a circular singleton.
// @unchecked Sendable: the partial value and whether it was handed out are guarded by the lock
// `partial` (a `Lock<Partial>`, touched only through its `withLock`); `gate` is a mutex that
// guards no state (it orders waiters after the build); everything else is immutable.
final class BuildTicket: AnyBuildTicket, @unchecked Sendable {
  /// Held by the builder for the whole build.
  let gate = PlatformMutex()
  private let partial = Lock<Partial>(Partial())

  /// The payload of `partial`.
  // @unchecked Sendable: `value` and `wasHandedOut` are guarded by the lock `partial` (read and
  // written only inside `partial.withLock`); `value` leaves it only for the builder's own
  // resolution or a thread whose wait would close a cycle, as a singleton's value does, and the
  // mapping API requires such values to be `Sendable`.
  private struct Partial: @unchecked Sendable {
    var value: Any?
    var wasHandedOut = false
  }

  /// Publishes the value that its dependencies may need before it is complete.
  ///
  /// - Parameter wasHandedOut: Whether the value was handed out already (a value whose earlier
  ///   build failed after it was).
  func setPartialValue(_ value: Any, wasHandedOut: Bool = false) {
    // The old value, if any, is released after the mutex is unlocked.
    let replaced = partial.withLock { partial -> Any? in
      defer {
        partial.value = value
        partial.wasHandedOut = wasHandedOut
      }
      return partial.value
    }
    withExtendedLifetime(replaced) {}
  }

  /// Hands out the partial value, if there is one, and remembers that it did.
  func takePartialValue() -> Any? {
    partial.withLock { partial -> Any? in
      guard let value = partial.value else { return nil }
      partial.wasHandedOut = true
      return value
    }
  }

  /// The partial value, if it was handed out: the one instance there may ever be of the value.
  var handedOutPartialValue: Any? {
    partial.withLock { $0.wasHandedOut ? $0.value : nil }
  }
}
