/// The values whose disposal failed when an injector ended their owner, every one of them.
///
/// ``Injector/shutdown(timeout:)``, ``Injector/shutdownSynchronously()`` and
/// ``Injector/disposeReleasedValues(timeout:)`` dispose every value they have to, whatever fails on the
/// way, and then throw this error once, listing each failure with the value's key in the order
/// the values were disposed (reverse order of creation):
///
/// ```text
/// Disposing the values of injector "app" failed for 2 values:
///   - Database: threw ConnectionBusy()
///   - Cache: did not finish within 2.0 seconds
///   fix: make each dispose() above succeed, or catch its error inside dispose().
/// ```
///
/// A failure of a synchronous event that cannot throw (``Injector/removeModule(_:)->Bool``,
/// ``Injector/unmap(_:named:)``, ``Injector/reset(_:)``, a replaced mapping) is kept by the
/// injector and reported by the next of those three methods: a failure is never dropped.
public struct DisposalError: Error, Diagnosable, CustomStringConvertible {
  /// One value whose disposal failed.
  public struct Failure: Sendable, CustomStringConvertible {
    /// The key the value was built for.
    public let key: InjectionKey
    /// What went wrong.
    public let reason: Reason

    /// Creates a failure; the injector makes these.
    ///
    /// - Parameters:
    ///   - key: The key the value was built for.
    ///   - reason: What went wrong.
    public init(key: InjectionKey, reason: Reason) {
      self.key = key
      self.reason = reason
    }

    /// The failure as one line: the key and the reason.
    public var description: String { "\(key): \(reason)" }
  }

  /// Why a value's disposal failed.
  public enum Reason: Sendable, CustomStringConvertible {
    /// Its `dispose()` threw this error.
    case threw(any Error)
    /// Its asynchronous `dispose()` did not finish within the timeout; its task was cancelled.
    case timedOut(after: Duration)
    /// The task that disposed the values was cancelled before this one's `dispose()` finished
    /// (its task was cancelled) or started.
    case cancelled
    /// The value is only ``AsyncInjectionDisposable``, and a synchronous shutdown cannot await
    /// it: it is still owned, and disposed by the next ``Injector/shutdown(timeout:)`` or
    /// ``Injector/disposeReleasedValues(timeout:)``.
    case needsAwait

    /// The reason as the message writes it.
    public var description: String {
      switch self {
      case .threw(let error): "threw \(error)"
      case .timedOut(let duration): "did not finish within \(duration)"
      case .cancelled: "cancelled before its dispose() finished"
      case .needsAwait:
        "is AsyncInjectionDisposable only: not disposed by a synchronous shutdown (still owned)"
      }
    }
  }

  /// The label of the injector that disposed the values.
  public let injector: String
  /// Each failure, in the order the values were disposed.
  public let failures: [Failure]

  /// Creates the error; the injector makes these.
  ///
  /// - Parameters:
  ///   - injector: The label of the injector that disposed the values.
  ///   - failures: Each failure, in the order the values were disposed.
  public init(injector: String, failures: [Failure]) {
    self.injector = injector
    self.failures = failures
  }

  /// What to do: make each failing `dispose()` succeed; await what needs it.
  public var fix: String {
    if failures.contains(where: { if case .needsAwait = $0.reason { true } else { false } }) {
      return """
        call try await injector.shutdown() (or disposeReleasedValues()) to dispose the \
        asynchronous values, and make each dispose() above succeed.
        """
    }
    return "make each dispose() above succeed, or catch its error inside dispose()."
  }

  /// Every failure, one line each, then the fix.
  public var description: String {
    let count = failures.count == 1 ? "1 value" : "\(failures.count) values"
    let lines = failures.map { "  - \($0)" }
    return
      (["Disposing the values of injector \"\(injector)\" failed for \(count):"] + lines
      + ["  fix: \(fix)"]).joined(separator: "\n")
  }
}
