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

  /// Called after the module was removed from `injector` and its mappings and singletons were
  /// released, or after an ``Injector/addModule(_:)`` of it failed (then nothing of it was
  /// added, and what it built is released). Every `configure` is followed by exactly one
  /// `unload`. The default does nothing.
  ///
  /// - Parameter injector: The injector the module was removed from.
  func unload(from injector: Injector)
}

extension InjectionModule {
  /// Does nothing.
  public func unload(from injector: Injector) {}
}
