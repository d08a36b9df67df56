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
/// The scope throws what its closures throw (typed throws): a body that cannot throw needs no
/// `try`. One exception: when `operation` returns nothing and throws the error of a placeholder
/// whose failure the scope recorded where it was resolved, the scope returns instead, so that the
/// test reports the placeholder once. A test injector that cannot be built (a failing override module or eager singleton)
/// throws its `InjectionError` when the closures throw `any Error` or `InjectionError`;
/// otherwise the scope records it as a test failure and skips `operation` (which must then
/// return `Void`; a scope whose non-throwing body returns a value stops the program instead).
///
/// - Parameters:
///   - base: Whose mappings to start from; `Injector.current` when `nil`.
///   - label: The test injector's label, for diagnostics; the injector's own label adds the
///     base it copies: `test (a copy of 'shared')`.
///   - options: What else to check: ``TestInjectionOption/strict``,
///     ``TestInjectionOption/reportUnusedOverrides``, ``TestInjectionOption/checkLeaks``.
///   - overrides: Makes the test's changes; the later of two mappings of one key wins.
///   - sourceLocation: Where failures the scope finds are reported; leave it to its default.
///   - operation: The test's work; it receives the scope.
/// - Returns: What `operation` returns.
/// - Throws: What `overrides` or `operation` throws, or the `InjectionError` of a failing
///   override (a module's `configure`, an eager singleton).
@_disfavoredOverload
public func withTestInjector<R, E: Error>(
  from base: Injector? = nil, label: String = "test", _ options: TestInjectionOption...,
  overrides: ((TestOverrides) throws(E) -> Void)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  operation: (TestInjector) throws(E) -> R
) throws(E) -> R {
  try withTestInjector(
    from: base, label: label, options, overrides: overrides, sourceLocation: sourceLocation,
    operation: operation)
}

/// Runs `operation` in a test scope with the options given as an array, so that a helper can
/// pass on the options it was given; otherwise the same as
/// ``withTestInjector(from:label:_:overrides:sourceLocation:operation:)-(_,_,TestInjectionOption...,_,_,_)``.
///
/// ```swift
/// func withCheckout<R>(_ options: TestInjectionOption..., operation: (TestInjector) throws -> R) throws -> R {
///   try withTestInjector(from: app, options + [.checkLeaks], operation: operation)
/// }
/// ```
///
/// - Parameters:
///   - base: Whose mappings to start from; `Injector.current` when `nil`.
///   - label: The test injector's label, for diagnostics.
///   - options: What else to check.
///   - overrides: Makes the test's changes; the later of two mappings of one key wins.
///   - sourceLocation: Where failures the scope finds are reported; leave it to its default.
///   - operation: The test's work; it receives the scope.
/// - Returns: What `operation` returns.
/// - Throws: What `overrides` or `operation` throws, or the `InjectionError` of a failing
///   override.
@_disfavoredOverload
public func withTestInjector<R, E: Error>(
  from base: Injector? = nil, label: String = "test", _ options: [TestInjectionOption],
  overrides: ((TestOverrides) throws(E) -> Void)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  operation: (TestInjector) throws(E) -> R
) throws(E) -> R {
  let reporter = IssueReporter.forCurrentTest(at: sourceLocation)
  var scope: TestInjector?
  do {
    scope = try TestScope.open(
      base: base, label: label, options: options, overrides: { try overrides?($0) },
      reporter: reporter)
  } catch {
    return try TestScope.unbuilt(error, as: E.self, reporter: reporter)
  }
  TestScope.refusePreparing(scope!, options: options)
  let result: Result<R, E> = scope!.perform {
    do throws(E) {
      return .success(try operation(scope!))
    } catch {
      return .failure(error)
    }
  }
  let isReported = TestScope.close(&scope, options: options, thrown: result.failure)
  // A placeholder's error whose failure was recorded where it was resolved: reported once.
  if isReported, let nothing = () as? R { return nothing }
  return try result.get()
}

/// Runs the asynchronous `operation` in a test scope, as
/// ``withTestInjector(from:label:_:overrides:sourceLocation:operation:)-(_,_,TestInjectionOption...,_,_,_)``
/// does; child tasks of `operation` inherit the scope, `Task.detached` does not (see
/// ``TestInjector/perform(isolation:_:)``).
///
/// With ``TestInjectionOption/prepared``, the test injector's async eager singletons are built
/// before `operation` runs.
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
/// - Throws: What `overrides` or `operation` throws, or the `InjectionError` of a failing
///   override or of preparing.
public func withTestInjector<R, E: Error>(
  from base: Injector? = nil, label: String = "test", _ options: TestInjectionOption...,
  overrides: ((TestOverrides) throws(E) -> Void)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  operation: (TestInjector) async throws(E) -> R
) async throws(E) -> R {
  try await withTestInjector(
    from: base, label: label, options, overrides: overrides, sourceLocation: sourceLocation,
    isolation: isolation, operation: operation)
}

/// Runs the asynchronous `operation` in a test scope with the options given as an array, as
/// ``withTestInjector(from:label:_:overrides:sourceLocation:isolation:operation:)-(_,_,TestInjectionOption...,_,_,_,_)``
/// does.
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
/// - Throws: What `overrides` or `operation` throws, or the `InjectionError` of a failing
///   override or of preparing.
public func withTestInjector<R, E: Error>(
  from base: Injector? = nil, label: String = "test", _ options: [TestInjectionOption],
  overrides: ((TestOverrides) throws(E) -> Void)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  operation: (TestInjector) async throws(E) -> R
) async throws(E) -> R {
  let reporter = IssueReporter.forCurrentTest(at: sourceLocation)
  var scope: TestInjector?
  do {
    scope = try TestScope.open(
      base: base, label: label, options: options, overrides: { try overrides?($0) },
      reporter: reporter)
    try await TestScope.prepare(scope!, options: options)
  } catch {
    await TestScope.end(&scope, options: options)
    return try TestScope.unbuilt(error, as: E.self, reporter: reporter)
  }
  // No local reference to the scope: closing it must release the test injector.
  let result: Result<R, E> = await scope!.perform(isolation: isolation) { [scope] in
    do throws(E) {
      return .success(try await operation(scope!))
    } catch {
      return .failure(error)
    }
  }
  let isReported = await TestScope.end(&scope, options: options, thrown: result.failure)
  // A placeholder's error whose failure was recorded where it was resolved: reported once.
  if isReported, let nothing = () as? R { return nothing }
  return try result.get()
}
