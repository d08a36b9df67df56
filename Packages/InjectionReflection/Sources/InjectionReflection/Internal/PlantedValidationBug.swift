/// A bug that the soundness test of validation plants on purpose: test-only.
///
/// The soundness test (`Tests/InjectionReflectionTests/Soundness`) plants one to show that it
/// finds a wrong exploration. Nothing in the library sets it, and it is `package`, not public.
///
/// A task-local value, so that a test plants it for its own explorations only, while other
/// tests run in parallel.
package enum PlantedValidationBug: Sendable, CaseIterable {
  /// The `async` form neither builds nor awaits what is mapped `async`: it skips the roots,
  /// mappings, providers and lazy values whose key is mapped with an `async` factory.
  case skipsAsyncEdges
  /// Neither form resolves what a `Provider` or `Lazy` value resolves later.
  case forgetsProviderTargets

  /// The bug planted for the current task; `nil` (no bug) unless a test binds one.
  @TaskLocal package static var current: PlantedValidationBug?
}
