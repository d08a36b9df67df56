import Synchronization

/// A singleton that one thread is building right now.
///
/// The builder holds `gate` for the whole build; a thread that wants the same singleton waits by
/// taking `gate` after the builder is done. `partial` is the value once its `init` has returned
/// and before its dependencies are resolved: the builder's own resolution, and a thread whose
/// wait would close a cycle, take it from there (that is how circular singletons work).
///
/// `@unchecked Sendable`: `builder` is immutable, `gate` is a mutex, and `partial` is read and
/// written only inside its own mutex.
@usableFromInline
final class BuildTicket<T>: @unchecked Sendable {
  let builder: ObjectIdentifier
  let gate = Lock<Void>(())
  private let partial = Lock<Partial>(Partial())

  /// The payload of `partial`.
  ///
  /// `@unchecked Sendable`: `value` is read and written only while `partial`'s lock is held,
  /// and it is only handed to the builder's own resolution or to a thread whose wait would close
  /// a cycle of waits, as a singleton's value is.
  private struct Partial: @unchecked Sendable {
    var value: T?
  }

  init(builder: ObjectIdentifier) {
    self.builder = builder
  }

  var partialValue: T? {
    partial.withLock { $0.value }
  }

  func setPartialValue(_ value: T) {
    partial.withLock { $0.value = value }
  }
}
