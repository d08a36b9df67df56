public import InjectionCore
public import Testing

/// A Swift Testing trait that runs each test, and each case of a parameterized test, in a test
/// scope of its own: see ``Testing/Trait/injecting(_:from:_:)-(TestInjectionOption...,_,_)``.
///
/// On a suite it applies to every test in it. A test under several of these traits (its
/// suite's and its own) gets one test injector with all their overrides, the suite's first, so
/// the test's own win, and all their options.
///
/// A trait of your own can wrap one and forward to it: when its
/// ``provideScope(for:testCase:performing:)`` is called for a trait value that is not among the
/// test's traits, that value opens a scope of its own, nested in any scope already open, so
/// that its base defaults to the test injector of the traits around it.
///
/// ```swift
/// struct CheckoutTrait: TestTrait, SuiteTrait, TestScoping {
///   let injection = InjectionTrait.injecting(from: app) { $0.mapPlaceholder((any Network).self) }
///
///   func provideScope(
///     for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
///   ) async throws {
///     try await injection.provideScope(for: test, testCase: testCase, performing: function)
///   }
/// }
/// ```
public struct InjectionTrait: TestTrait, SuiteTrait, TestScoping {
  /// Tells this trait apart from the others of a test, to find the innermost one.
  private let id = TraitID()
  let base: Injector?
  let options: [TestInjectionOption]
  let overrides: @Sendable (TestOverrides) throws -> Void

  /// A suite's trait applies to each of its tests.
  public var isRecursive: Bool { true }

  /// Scopes each test case, never a whole suite or a whole parameterized test.
  ///
  /// - Parameters:
  ///   - test: The test or suite.
  ///   - testCase: The test case, or `nil` for a whole suite or test function.
  /// - Returns: This trait for a test case, else `nil`.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs the test case in a test scope built from every ``InjectionTrait`` of `test`, or,
  /// when a trait of your own forwards to this one, in a scope of this trait alone.
  ///
  /// For a whole suite or test function (`testCase` is `nil`) it only runs `function`: each
  /// case gets its own scope. When `function` throws the error of a placeholder whose failure
  /// the scope recorded where it was resolved, it returns instead of throwing it: the test
  /// reports the placeholder once.
  ///
  /// - Parameters:
  ///   - test: The test.
  ///   - testCase: The test case.
  ///   - function: The test case's body.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    var traits = test.traits.compactMap { $0 as? InjectionTrait }
    if traits.contains(where: { $0.id === id }) {
      // Only the last of a test's injection traits opens the scope, for all of them.
      guard traits.last?.id === id else { return try await function() }
    } else {
      // Forwarded to by a trait of the user's: a scope of its own.
      traits = [self]
    }
    let options = traits.flatMap(\.options)
    let reporter = IssueReporter.forCurrentTest(at: test.sourceLocation)
    var scope: TestInjector? = try TestScope.open(
      base: traits.last { $0.base != nil }?.base, label: "test \(test.name)",
      options: options,
      overrides: { changes in for trait in traits { try trait.overrides(changes) } },
      reporter: reporter)
    do {
      try await TestScope.prepare(scope!, options: options)
    } catch {
      await TestScope.end(&scope, options: options)
      throw error
    }
    do {
      try await scope!.perform { try await function() }
    } catch {
      // A placeholder's error whose failure was recorded where it was resolved: reported once.
      if await TestScope.end(&scope, options: options, thrown: error) { return }
      throw error
    }
    await TestScope.end(&scope, options: options)
  }
}

/// An identity for a trait value.
private final class TraitID: Sendable {}

extension Trait where Self == InjectionTrait {
  /// Runs each test (each case of a parameterized test) with a test injector of its own: the
  /// mappings of `base` plus `overrides`, bound as `Injector.current` and
  /// ``TestInjector/current``.
  ///
  /// ```swift
  /// @Test(.injecting(from: app) { $0.map((any PaymentGateway).self) { _ in FakeGateway() } })
  /// func checkoutCharges() throws {
  ///   let checkout = try Injector.current.resolve(Checkout.self)
  ///   …
  /// }
  ///
  /// @Suite(.injecting(.strict(allowing: InjectionKey(Clock.self)), from: app) {
  ///   $0.mapPlaceholder((any Network).self)
  /// })
  /// struct OfflineTests { … }
  /// ```
  ///
  /// Tests run in parallel stay isolated: each case builds its own singletons.
  ///
  /// - Parameters:
  ///   - options: What else to check.
  ///   - base: Whose mappings to start from; `Injector.current` (usually
  ///     `Injector.shared`) when `nil`. Pass the injector your app maps its services on.
  ///   - overrides: Makes the test's changes, once per test case.
  /// - Returns: The trait.
  public static func injecting(
    _ options: TestInjectionOption..., from base: Injector? = nil,
    _ overrides: @escaping @Sendable (TestOverrides) throws -> Void = { _ in }
  ) -> Self {
    injecting(options, from: base, overrides)
  }

  /// The trait with its options given as an array, so that a helper can pass on the options it
  /// was given; otherwise the same as ``injecting(_:from:_:)-(TestInjectionOption...,_,_)``.
  ///
  /// - Parameters:
  ///   - options: What else to check.
  ///   - base: Whose mappings to start from; `Injector.current` when `nil`.
  ///   - overrides: Makes the test's changes, once per test case.
  /// - Returns: The trait.
  public static func injecting(
    _ options: [TestInjectionOption], from base: Injector? = nil,
    _ overrides: @escaping @Sendable (TestOverrides) throws -> Void = { _ in }
  ) -> Self {
    InjectionTrait(base: base, options: options, overrides: overrides)
  }
}
