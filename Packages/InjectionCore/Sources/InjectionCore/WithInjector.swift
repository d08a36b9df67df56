/// Runs `operation` with `injector` as ``Injector/current``.
///
/// Objects created inside `operation` (and in child tasks it starts) resolve their `@Injected`
/// properties from `injector`, unless an injector is building them. `Task.detached` does not
/// inherit the binding.
///
/// ```swift
/// let car = withInjector(testInjector) { Car() }
/// ```
///
/// - Parameters:
///   - injector: The injector to make current.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withInjector<R, E: Error>(
  _ injector: Injector, operation: () throws(E) -> R
) throws(E) -> R {
  var result: Result<R, E>?
  Injector.$current.withValue(injector) {
    do throws(E) {
      result = .success(try operation())
    } catch {
      result = .failure(error)
    }
  }
  return try result!.get()
}

/// Runs the asynchronous `operation` with `injector` as ``Injector/current``.
///
/// - Parameters:
///   - injector: The injector to make current.
///   - isolation: The caller's actor isolation; leave it to its default.
///   - operation: The work to run.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withInjector<R>(
  _ injector: Injector, isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await Injector.$current.withValue(injector, operation: operation, isolation: isolation)
}
