/// A type whose name test targets give types of their own too, for the diagnostics of two types
/// of one name in two modules (`InjectionTestHelpers.Odometer` and `InjectionCoreTests.Odometer`).
public struct Odometer: Sendable {
  /// Makes one.
  public init() {}
}

/// A protocol whose name test targets give protocols of their own too, as ``Odometer`` does.
public protocol Gearbox: Sendable {}
