extension Injector {
  /// Drops the values of every mapping of a ``ResettableScope`` that this injector owns, so that
  /// the next resolution of each builds a new one.
  ///
  /// ```swift
  /// func logOut() {
  ///   injector.reset(SessionScope.self)  // the session, its cart, its caches: all gone
  /// }
  /// ```
  ///
  /// Only this injector's own mappings of the scope are reset: a child injector that maps keys
  /// in the same scope keeps its values until it is reset itself (the parent does not know its
  /// children). Mappings stay in place; only their values go, released after the injector's
  /// lock is unlocked. The dropped values that are ``InjectionDisposable`` are disposed first,
  /// latest first, on this thread; those that are only ``AsyncInjectionDisposable`` are kept
  /// for ``disposeReleasedValues(timeout:)`` (or ``shutdown(timeout:)``), which also reports a `dispose()` that
  /// threw here. A value whose build began before the reset and ends after it goes only to the
  /// resolution that built it (for an `async` factory, to the resolutions that awaited it),
  /// which owns it: it is not disposed.
  ///
  /// Safe while other threads resolve: a value of the scope whose build started before the
  /// reset is returned to the resolution that built it but never kept, so no later resolution
  /// gets a value of the session that was reset. A resolution waiting for such a build builds
  /// a new value once it is over.
  ///
  /// - Parameter scope: The scope to reset.
  /// - Returns: How many mappings held a value that was dropped.
  @discardableResult
  public func reset<S: ResettableScope>(_ scope: S.Type) -> Int {
    let dropped = registry.withLock { $0.reset(scope) }
    disposeReleased(dropped.released)
    withExtendedLifetime(dropped) {}  // released here, after the mutex
    return dropped.count
  }
}
