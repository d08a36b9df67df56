import InjectionCore

/// One of W4's generated types (written at build time by `W4Generator`, through the `W4Sources`
/// plugin).
///
/// Each type maps itself with its own concrete code, as an app does. Resolving and the
/// hand-wired initializer call are shared: the library's `resolve` is not inlinable, so a
/// concrete call site would call the same generic entry point with the same metadata.
protocol W4Service: AnyObject, Sendable {
  init()

  /// Maps the type as a transient: `injector.map(Self.self) { _ in Self() }`, concretely.
  static func map(into injector: Injector)
}

extension W4Service {
  /// Resolves the type once through the library.
  static func resolve(from injector: Injector) throws(InjectionError) -> AnyObject {
    try injector.resolve(Self.self)
  }

  /// The hand-wired floor: one non-inlined call (through the protocol) to the initializer.
  static func make() -> AnyObject {
    Self()
  }
}
