/// One step of a resolution, as an observer of ``Injector/observeResolutions(_:)`` is told it.
///
/// Each resolution sends a ``Phase/started`` event, then exactly one ``Phase/ended(_:)`` event
/// with its outcome. Each value the injector disposes sends one ``Phase/disposed(failure:)``
/// event. A resolution nested in another one (a factory that resolves its
/// dependencies, an `@Injected` property of a value being built) has the keys being built
/// around it in ``path``, and its events come between the outer resolution's two.
///
/// Not `Sendable`: an ended event can carry the value that was resolved, which need not be.
/// Observers are called on the resolving thread, synchronously.
public struct ResolutionEvent {
  /// Where a resolution is.
  public enum Phase {
    /// The resolution starts.
    case started
    /// The resolution ended this way.
    case ended(ResolutionOutcome)
    /// Not a resolution: the injector disposed a value it owned (see
    /// ``InjectionDisposable``), with `failure` `nil` when its `dispose()` succeeded, else why it
    /// failed, as the ``DisposalError`` that reports it says.
    ///
    /// One event per disposed value, sent by the injector that disposed it (``injector`` and
    /// ``servedBy``), after its `dispose()` returned, on the thread that disposed it; ``key``
    /// is the value's key, ``scope`` and ``resettableScope`` its mapping's, ``path`` empty. A
    /// value that only an `await` can dispose is reported when it is disposed, not when a
    /// synchronous event releases it.
    case disposed(failure: DisposalError.Reason?)
  }

  /// Whether the resolution starts or ended, and how.
  public let phase: Phase
  /// The key asked for.
  public let key: InjectionKey
  /// The keys being built on this thread when the key was asked for, outermost first; empty
  /// for a resolution your own code started.
  public let path: [InjectionKey]
  /// The injector that was asked.
  public let injector: Injector
  /// The injector whose mapping served the key: the asked one or an ancestor; `nil` when no
  /// injector maps it (an ``Injectable`` type created without a mapping, `nil` for an optional,
  /// or a not-mapped error).
  public let servedBy: Injector?
  /// The scope of the mapping that served the key, or `nil` without a mapping.
  public let scope: Scope?
  /// The name of the ``ResettableScope`` that the serving mapping caches its value in.
  ///
  /// `SessionScope`, say, with ``scope`` ``Scope/singleton``; `nil` for a mapping of no such
  /// scope. A value rebuilt after ``Injector/reset(_:)`` ends as ``ResolutionOutcome/built(_:)``.
  public let resettableScope: String?

  /// Creates an event; injectors make these for observers.
  ///
  /// - Parameters:
  ///   - phase: Whether the resolution starts or ended, and how.
  ///   - key: The key asked for.
  ///   - path: The keys being built around it, outermost first.
  ///   - injector: The injector that was asked.
  ///   - servedBy: The injector whose mapping served the key, if any.
  ///   - scope: The scope of that mapping, if any.
  ///   - resettableScope: The name of that mapping's resettable scope, if any.
  package init(
    phase: Phase, key: InjectionKey, path: [InjectionKey], injector: Injector,
    servedBy: Injector?, scope: Scope?, resettableScope: String? = nil
  ) {
    self.resettableScope = resettableScope
    self.phase = phase
    self.key = key
    self.path = path
    self.injector = injector
    self.servedBy = servedBy
    self.scope = scope
  }
}
