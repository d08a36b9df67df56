import Synchronization

/// A cached value (singleton, eager singleton, weak) that one thread is building right now,
/// without its value type: what ``WaitGraph`` follows.
///
/// `@unchecked Sendable`: `builder` is immutable; `isFinished` is read and written only while
/// ``WaitGraph``'s mutex is held.
@usableFromInline
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
/// `@unchecked Sendable`: `gate` is a mutex, and `partial` is read and written only inside its
/// own mutex.
@usableFromInline
final class BuildTicket<T>: AnyBuildTicket, @unchecked Sendable {
  /// Held by the builder for the whole build.
  let gate = PlatformMutex()
  private let partial = Lock<Partial>(Partial())

  /// The payload of `partial`.
  ///
  /// `@unchecked Sendable`: `value` is read and written only while `partial`'s lock is held,
  /// and it is only handed to the builder's own resolution or to a thread whose wait would close
  /// a cycle of waits, as a singleton's value is.
  private struct Partial: @unchecked Sendable {
    var value: T?
    var wasHandedOut = false
  }

  /// Publishes the value that its dependencies may need before it is complete.
  ///
  /// - Parameter wasHandedOut: Whether the value was handed out already (a value whose earlier
  ///   build failed after it was).
  func setPartialValue(_ value: T, wasHandedOut: Bool = false) {
    partial.withLock {
      $0.value = value
      $0.wasHandedOut = wasHandedOut
    }
  }

  /// Hands out the partial value, if there is one, and remembers that it did.
  func takePartialValue() -> T? {
    partial.withLock { partial -> T? in
      guard let value = partial.value else { return nil }
      partial.wasHandedOut = true
      return value
    }
  }

  /// The partial value, if it was handed out: the one instance there may ever be of the value.
  var handedOutPartialValue: T? {
    partial.withLock { $0.wasHandedOut ? $0.value : nil }
  }
}
