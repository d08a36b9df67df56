public import InjectionCore
public import Testing

/// Runs `operation` in a test scope: with a test injector that has the mappings of `base` plus
/// the test's overrides, bound as `Injector.current`.
///
/// ```swift
/// @Test func checkoutChargesTheGateway() throws {
///   try withTestInjector {
///     $0.map((any PaymentGateway).self, scope: .singleton) { _ in FakeGateway() }
///   } operation: { scope in
///     let checkout = try scope.injector.resolve(Checkout.self)
///     checkout.pay(10)
///     #expect(scope.resolutionCount(of: (any PaymentGateway).self) == 1)
///   }
/// }
/// ```
///
/// The test injector starts from all of `base`'s mappings, with what it inherits from its
/// parents and its modules, but none of its built values; the overrides are made before
/// anything in it is built, eager singletons included. So everything built in the scope sees
/// them: objects the test creates with `init`, auto-created `Injectable` types,
/// singletons (also those the base's parent maps), modules' mappings. Nothing built here is
/// shared with `base` or another test, and `base` is left exactly as it was.
///
/// - Parameters:
///   - base: Whose mappings to start from; `Injector.current` when `nil`.
///   - label: The test injector's label, for diagnostics.
///   - options: What else to check: ``TestInjectionOption/strict``,
///     ``TestInjectionOption/reportUnusedOverrides``, ``TestInjectionOption/checkLeaks``.
///   - overrides: Makes the test's changes; the later of two mappings of one key wins.
///   - sourceLocation: Where failures the scope finds are reported; leave it to its default.
///   - operation: The test's work; it receives the scope.
/// - Returns: What `operation` returns.
/// - Throws: The `InjectionError` of a failing override (a module's
///   `configure`, an eager singleton), or what `operation` throws.
public func withTestInjector<R>(
  from base: Injector? = nil, label: String = "test", _ options: TestInjectionOption...,
  overrides: (TestOverrides) throws -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation,
  operation: (TestInjector) throws -> R
) throws -> R {
  var scope: TestInjector? = try TestScope.open(
    base: base, label: label, options: options, overrides: overrides,
    reporter: .forCurrentTest(at: sourceLocation))
  defer { TestScope.close(&scope, options: options) }
  return try scope!.perform { () throws -> R in try operation(scope!) }
}

/// Runs the asynchronous `operation` in a test scope, as
/// ``withTestInjector(from:label:_:overrides:sourceLocation:operation:)`` does; child
/// tasks of `operation` inherit the scope, `Task.detached` does not (see
/// ``TestInjector/perform(isolation:_:)``).
///
/// - Parameters:
///   - base: Whose mappings to start from; `Injector.current` when `nil`.
///   - label: The test injector's label, for diagnostics.
///   - options: What else to check.
///   - overrides: Makes the test's changes; the later of two mappings of one key wins.
///   - sourceLocation: Where failures the scope finds are reported; leave it to its default.
///   - isolation: The caller's actor isolation; leave it to its default.
///   - operation: The test's work; it receives the scope.
/// - Returns: What `operation` returns.
/// - Throws: The `InjectionError` of a failing override, or what `operation`
///   throws.
public func withTestInjector<R>(
  from base: Injector? = nil, label: String = "test", _ options: TestInjectionOption...,
  overrides: (TestOverrides) throws -> Void = { _ in },
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  operation: (TestInjector) async throws -> R
) async throws -> R {
  var scope: TestInjector? = try TestScope.open(
    base: base, label: label, options: options, overrides: overrides,
    reporter: .forCurrentTest(at: sourceLocation))
  defer { TestScope.close(&scope, options: options) }
  // No local reference to the scope: closing it must release the test injector.
  return try await scope!.perform(isolation: isolation) { [scope] in try await operation(scope!) }
}
