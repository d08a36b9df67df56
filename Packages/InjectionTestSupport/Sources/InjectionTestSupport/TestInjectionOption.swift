public import InjectionCore

/// What a test scope checks besides its overrides.
///
/// ```swift
/// @Test(.injecting(.strict(allowing: InjectionKey((any Clock).self)), .checkLeaks) {
///   $0.map((any PaymentGateway).self) { _ in FakeGateway() }
/// })
/// ```
public struct TestInjectionOption: Sendable {
  enum Kind: Sendable {
    case strict(allowing: [InjectionKey])
    case reportUnusedOverrides
    case checkLeaks
    case prepared
  }

  let kind: Kind

  /// Nothing the base maps is used unless the test overrides it: every mapping of the base
  /// that the test does not override is removed from the test injector, and resolving one of
  /// those keys records a test failure (and fails, unless the type is `Injectable`
  /// and so is created anew), so that a forgotten override cannot reach a real service.
  public static var strict: Self { Self(kind: .strict(allowing: [])) }

  /// ``strict`` that still lets the test use the base's mappings of `keys`: any number of
  /// keys, listed in one call.
  ///
  /// ```swift
  /// @Test(.injecting(.strict(allowing: InjectionKey(Wheel.self), InjectionKey((any Clock).self))))
  /// ```
  ///
  /// When a strict test reaches a key it neither overrides nor allows, the failure gives the
  /// one `.strict(allowing: …)` to paste: these keys and every key reached so far. It is
  /// recorded where the key is reached on the test's task; keys reached off it are listed in
  /// one failure when the test ends.
  /// Several `strict` options of one test (its suite's and its own) allow all their keys
  /// together. For keys held in an array, use ``strict(allowing:)-([InjectionKey])``.
  ///
  /// - Parameter keys: The keys whose base mappings the test may use, as many as needed; none
  ///   is the same as ``strict``.
  public static func strict(allowing keys: InjectionKey...) -> Self {
    strict(allowing: keys)
  }

  /// ``strict`` that still lets the test use the base's mappings of `keys`, given as an array,
  /// so that a helper can pass on what it was given; otherwise the same as
  /// ``strict(allowing:)-(InjectionKey...)``.
  ///
  /// - Parameter keys: The keys whose base mappings the test may use; an empty array is the
  ///   same as ``strict``.
  public static func strict(allowing keys: [InjectionKey]) -> Self {
    Self(kind: .strict(allowing: keys))
  }

  /// When the scope ends, records a test failure that names each override the test declared
  /// but never resolved.
  public static var reportUnusedOverrides: Self { Self(kind: .reportUnusedOverrides) }

  /// When the scope ends, checks that every object built in it was released once the test and
  /// the test injector let go of it, and records a test failure naming each one that was not.
  public static var checkLeaks: Self { Self(kind: .checkLeaks) }

  /// Builds the test injector's eager singletons with `async` factories before the test's body
  /// runs (`try await injector.prepare()`), so that synchronous code and `@Injected` reads find
  /// them built, as in an app that prepared its injector at launch.
  ///
  /// The test injector is a copy without built values, so a test needs this (or an override of
  /// those keys) whenever its app prepares async eager singletons. Only an `async` scope can
  /// prepare: the trait, the `async` `withTestInjector`, and an ``InjectionTestCase`` (in its
  /// `setUp() async throws`). A synchronous scope records a failure that says so.
  public static var prepared: Self { Self(kind: .prepared) }

  /// Whether `options` ask for `kind`.
  static func contains(_ kind: Kind, in options: [Self]) -> Bool {
    options.contains {
      switch ($0.kind, kind) {
      case (.reportUnusedOverrides, .reportUnusedOverrides), (.checkLeaks, .checkLeaks),
        (.prepared, .prepared):
        true
      default: false
      }
    }
  }
}
