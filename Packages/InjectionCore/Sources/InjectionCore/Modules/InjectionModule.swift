/// A group of mappings that can be added to an injector and removed again, at any time.
///
/// ```swift
/// final class RacingModule: InjectionModule {
///   func configure(_ mappings: ModuleMappings) {
///     mappings.map(Engine.self, scope: .singleton) { _ in V8Engine() }
///   }
/// }
///
/// try injector.addModule(RacingModule())
/// injector.removeModule(RacingModule.self)  // the earlier Engine mapping is back
/// ```
///
/// Modules are objects: an injector finds them by instance or by their exact type.
public protocol InjectionModule: AnyObject, Sendable {
  /// Makes the module's mappings. Called once each time the module is added, without any lock
  /// held.
  ///
  /// - Parameter mappings: Where to map; it has the same `map` methods as ``Injector``.
  func configure(_ mappings: ModuleMappings)

  /// Called when the module is removed from `injector`, while its mappings are still in place,
  /// or after an ``Injector/addModule(_:)`` of it failed. Every `configure` is followed by
  /// exactly one `unload`. The default does nothing.
  ///
  /// On ``Injector/removeModule(_:)->Bool`` (and for the old module of
  /// ``Injector/replaceModule(_:with:)``), `unload` runs first, without any lock held, so it can
  /// resolve the module's own mappings: a singleton the module built is the same instance. Once
  /// `unload` returns, the injector removes the module's mappings in one step and releases its
  /// singletons; those that conform to ``InjectionDisposable`` are disposed then (an
  /// ``AsyncInjectionDisposable`` one by ``Injector/disposeReleasedValues(timeout:)``), so
  /// `unload` need not close them: it is for the rest, such as state to save first. A singleton
  /// that was never built is built if `unload` resolves it, and released with the others.
  /// `unload` cannot throw: the removal does not depend on it.
  ///
  /// After a failed ``Injector/addModule(_:)`` nothing of the module was added, and what it
  /// built is already released when `unload` runs: resolving its keys then finds what the
  /// injector maps without it.
  ///
  /// ```swift
  /// func unload(from injector: Injector) {
  ///   // The RemoteService (InjectionDisposable) closes itself once the module is removed.
  ///   try? injector.resolve(ScoreBoard.self).save()  // the module's singleton, still mapped
  /// }
  /// ```
  ///
  /// - Parameter injector: The injector the module is removed from.
  func unload(from injector: Injector)
}

extension InjectionModule {
  /// Does nothing.
  public func unload(from injector: Injector) {}
}
