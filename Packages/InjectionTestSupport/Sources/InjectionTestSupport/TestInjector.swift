public import InjectionCore

/// A test's scope: its test injector, what it was asked for, and a way to carry it into work
/// that does not inherit it.
///
/// ``withTestInjector(from:label:_:overrides:sourceLocation:operation:)-(_,_,TestInjectionOption...,_,_,_)`` hands you one; under the
/// ``Testing/Trait/injecting(_:from:_:)-(TestInjectionOption...,_,_)`` trait or in an ``InjectionTestCase``, read
/// ``current``. Everything the test builds resolves from ``injector``, which is also
/// `Injector.current` for the test's task and its child tasks.
public final class TestInjector: Sendable {
  /// The test scope bound to this task, if any.
  @TaskLocal public static var current: TestInjector?

  /// The test's injector: the base's mappings, the test's overrides, none of the base's built
  /// values.
  public let injector: Injector

  /// The injector whose mappings the test injector started from.
  public let base: Injector

  /// The keys the test overrode (mapped, removed, or mapped as placeholders), in order: those
  /// of its overrides closures, then those of ``override(_:)``.
  public var overriddenKeys: [InjectionKey] { recorder.overriddenKeys }

  let recorder: ScopeRecorder
  /// Keeps the recorder observing the test injector for as long as this scope is referenced.
  private let observation: ResolutionObservation

  init(
    injector: Injector, base: Injector, recorder: ScopeRecorder,
    observation: ResolutionObservation
  ) {
    self.injector = injector
    self.base = base
    self.recorder = recorder
    self.observation = observation
  }

  /// Makes more overrides from the test's body: maps, removals, modules and placeholders on
  /// the running test's injector, counted and checked like those of the overrides closure.
  ///
  /// ```swift
  /// @Test(.injecting(from: app))
  /// func checkoutWorksOffline() throws {
  ///   let scope = try #require(TestInjector.current)
  ///   try scope.override { $0.mapPlaceholder((any Network).self) }
  ///   …
  /// }
  /// ```
  ///
  /// In an ``InjectionTestCase``, call it on ``InjectionTestCase/testInjector``. The changes
  /// apply to what is resolved afterwards: a singleton built before keeps what it was built
  /// with, so make them before the code under test runs. Strict mode lets an override made
  /// here through; a key it removed stays removed unless it is mapped here. As in the overrides
  /// closure, the base's decorators do not wrap a key mapped here; the test's own do.
  ///
  /// - Parameter changes: Makes the changes, as the overrides closure of the trait does.
  /// - Throws: What `changes` throws, or the `InjectionError` of a module added here whose
  ///   `configure` or eager singleton fails.
  public func override<E: Error>(_ changes: (TestOverrides) throws(E) -> Void) throws {
    let overrides = TestOverrides()
    try changes(overrides)
    let (undecorated, ownDecorators) = recorder.noteOverrides(overrides)
    try overrides.apply(to: injector, undecorating: undecorated, keeping: ownDecorators)
  }

  /// Whether the test that opened this scope is still running it.
  ///
  /// After the scope ends, resolutions through ``injector`` are no longer counted, and a
  /// placeholder resolved then is printed to standard error instead of failing a test.
  public var isActive: Bool { recorder.isActive }

  /// How many times the key was resolved in this scope: every resolution counts, cached
  /// singletons and first `@Injected` reads included, failed ones too.
  ///
  /// - Parameter key: The key, for example `InjectionKey((any PaymentGateway).self)`.
  /// - Returns: The count; 0 if the key was never resolved.
  public func resolutionCount(of key: InjectionKey) -> Int {
    recorder.counts[key] ?? 0
  }

  /// How many times the key of `type` (with `name`) was resolved in this scope.
  ///
  /// ```swift
  /// #expect(TestInjector.current?.resolutionCount(of: (any PaymentGateway).self) == 1)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The count; 0 if the key was never resolved.
  public func resolutionCount<T>(of type: T.Type, named name: String? = nil) -> Int {
    resolutionCount(of: InjectionKey(T.self, named: name))
  }

  /// Every key resolved in this scope so far, with its count, in the order of their
  /// descriptions.
  public var resolutions: [(key: InjectionKey, count: Int)] {
    recorder.counts.map { (key: $0.key, count: $0.value) }
      .sorted { $0.key.description < $1.key.description }
  }

  /// The overrides the test declared but nothing resolved (so far), in the order declared.
  public var unusedOverrides: [InjectionKey] {
    let counts = recorder.counts
    var seen: Set<InjectionKey> = []
    return overriddenKeys.filter { counts[$0] == nil && seen.insert($0).inserted }
  }

  /// Runs `operation` with this scope bound: `Injector.current` is ``injector``
  /// and ``current`` is this scope.
  ///
  /// For work that does not inherit task-local values, such as `Task.detached` or a callback
  /// on another thread: capture the scope before, bind it inside.
  ///
  /// ```swift
  /// let scope = try #require(TestInjector.current)
  /// await Task.detached { scope.perform { Car().drive() } }.value
  /// ```
  ///
  /// - Parameter operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func perform<R, E: Error>(_ operation: () throws(E) -> R) throws(E) -> R {
    var result: Result<R, E>?
    Self.$current.withValue(self) {
      withInjector(injector) {
        do throws(E) {
          result = .success(try operation())
        } catch {
          result = .failure(error)
        }
      }
    }
    return try result!.get()
  }

  /// Runs the asynchronous `operation` with this scope bound, as ``perform(_:)`` does.
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor isolation; leave it to its default.
  ///   - operation: The work to run.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func perform<R, E: Error>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws(E) -> R
  ) async throws(E) -> R {
    let result: Result<R, E> = await Self.$current.withValue(self) {
      await withInjector(injector, isolation: isolation) {
        do throws(E) {
          return .success(try await operation())
        } catch {
          return .failure(error)
        }
      }
    }
    return try result.get()
  }
}
