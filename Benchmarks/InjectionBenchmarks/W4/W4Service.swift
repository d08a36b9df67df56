import InjectionCore

/// One of W4's generated types (written at build time by `W4Generator`, through the `W4Sources`
/// plugin).
///
/// Each type maps and resolves itself with its own concrete code, as an app does; the
/// hand-wired initializer call is shared.
protocol W4Service: AnyObject, Sendable {
  init()

  /// Maps the type as a transient: `injector.map(Self.self) { _ in Self() }`, concretely.
  static func map(into injector: Injector)

  /// Resolves the type once through the library: `injector.resolve(Self.self)`, concretely.
  static func resolve(from injector: Injector) throws(InjectionError) -> AnyObject
}

extension W4Service {
  /// The hand-wired floor: one non-inlined call (through the protocol) to the initializer.
  static func make() -> AnyObject {
    Self()
  }
}
