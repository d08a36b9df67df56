public import InjectionCore

/// What a test scope checks besides its overrides.
///
/// ```swift
/// @Test(.injecting(.strict(allowing: InjectionKey(Clock.self)), .checkLeaks) {
///   $0.map((any PaymentGateway).self) { _ in FakeGateway() }
/// })
/// ```
public struct TestInjectionOption: Sendable {
  enum Kind: Sendable {
    case strict(allowing: [InjectionKey])
    case reportUnusedOverrides
    case checkLeaks
  }

  let kind: Kind

  /// Nothing the base maps is used unless the test overrides it: every mapping of the base
  /// that the test does not override is removed from the test injector, and resolving one of
  /// those keys records a test failure (and fails, unless the type is `Injectable`
  /// and so is created anew), so that a forgotten override cannot reach a real service.
  public static var strict: Self { Self(kind: .strict(allowing: [])) }

  /// ``strict`` that still lets the test use the base's mappings of `keys`.
  ///
  /// - Parameter keys: The keys whose base mappings the test may use.
  public static func strict(allowing keys: InjectionKey...) -> Self {
    Self(kind: .strict(allowing: keys))
  }

  /// When the scope ends, records a test failure that names each override the test declared
  /// but never resolved.
  public static var reportUnusedOverrides: Self { Self(kind: .reportUnusedOverrides) }

  /// When the scope ends, checks that every object built in it was released once the test and
  /// the test injector let go of it, and records a test failure naming each one that was not.
  public static var checkLeaks: Self { Self(kind: .checkLeaks) }
}
