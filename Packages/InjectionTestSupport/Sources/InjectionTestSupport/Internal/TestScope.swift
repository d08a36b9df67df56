import InjectionCore

/// Opens and closes test scopes: the one place that builds a test injector, for the scope
/// functions, the trait and ``InjectionTestCase``.
enum TestScope {
  /// Builds the test injector from `base` (`Injector.current` when `nil`) with the overrides
  /// applied in order, before any of its eager singletons is built.
  ///
  /// Its label is `label` and the base it copies (`test checkout() (a copy of 'shared')`, and
  /// `, strict` in strict mode), so that a message's "injectors searched" says where the test's
  /// mappings came from and why one is missing.
  static func open(
    base: Injector?, label: String, options: [TestInjectionOption],
    overrides: (TestOverrides) throws -> Void, reporter: IssueReporter
  ) throws -> TestInjector {
    let base = base ?? Injector.current
    let changes = TestOverrides()
    try overrides(changes)
    let overridden = changes.overriddenKeys  // placeholders included: they are mappings
    let allowed = strictAllowances(in: options)
    let recorder = ScopeRecorder(
      reporter: reporter, allowedByStrictMode: allowed ?? [],
      checksLeaks: TestInjectionOption.contains(.checkLeaks, in: options))
    // The base's decorators do not wrap what the test maps: an override is what it says.
    let (undecorated, _) = recorder.noteOverrides(changes)
    var observation: ResolutionObservation?
    let copyOf = "a copy of '\(base.label)'\(allowed == nil ? "" : ", strict")"
    let injector = try base.makeCopy(label: "\(label) (\(copyOf))") {
      copy throws(InjectionError) in
      // Observed from the start, so that what its eager singletons resolve is counted too.
      observation = copy.observeResolutions { recorder.observe($0) }
      if let allowed {
        // Strict mode removes what the copy holds, read from the copy itself (the base, read
        // at one moment, with its ancestors' mappings): a module the base gains or loses on
        // another thread meanwhile is removed whole, never let through.
        let held = copy.snapshot().mappings.map(\.key)
        let removed = Set(held).subtracting(overridden).subtracting(allowed)
        recorder.removeInStrictMode(removed)
        for key in removed { copy.unmap(key) }
      }
      try changes.apply(to: copy, undecorating: undecorated)
    }
    return TestInjector(
      injector: injector, base: base, recorder: recorder, observation: observation!)
  }

  /// Records that a synchronous scope cannot do what ``TestInjectionOption/prepared`` asks.
  static func refusePreparing(_ scope: TestInjector, options: [TestInjectionOption]) {
    guard TestInjectionOption.contains(.prepared, in: options) else { return }
    scope.recorder.report(
      """
      .prepared needs an async scope: a synchronous one cannot await the test injector's async \
      eager singletons.
        fix: use the trait or the async withTestInjector, or prepare them in the test: \
      try await scope.injector.prepare()
      """)
  }

  /// Builds the async eager singletons of the test injector when `options` ask for it.
  static func prepare(
    _ scope: TestInjector, options: [TestInjectionOption],
    isolation: isolated (any Actor)? = #isolation
  ) async throws(InjectionError) {
    guard TestInjectionOption.contains(.prepared, in: options) else { return }
    try await scope.injector.prepare()
  }

  /// The key of the placeholder whose resolution `error` reports, if it does: a
  /// ``PlaceholderResolution``, or an `InjectionError.factoryFailed` wrapping one.
  static func placeholderKey(in error: any Error) -> InjectionKey? {
    if let resolution = error as? PlaceholderResolution { return resolution.key }
    if case .factoryFailed(_, _, let underlying)? = error as? InjectionError {
      return placeholderKey(in: underlying)
    }
    return nil
  }

  /// Ends the scope and records what it found on the calling (test's) task.
  ///
  /// Records the failures seen off the test's task, the strict-mode misses (all in one), the
  /// placeholders resolved (but the one whose error `thrown` is: the test reports that error),
  /// the hint for a base that maps nothing, then the unused overrides and the leaks that
  /// `options` ask for. Releases `scope` first, so that the test injector and its singletons go
  /// away unless something else still holds it.
  ///
  /// - Returns: Whether `thrown` is the error of a placeholder whose failure was recorded when
  ///   it was resolved on the test's task: the caller need not let the test report it again.
  @discardableResult
  static func close(
    _ scope: inout TestInjector?, options: [TestInjectionOption], thrown: (any Error)? = nil
  ) -> Bool {
    // No strong local reference to the scope: releasing `scope` must release the injector.
    guard let recorder = scope?.recorder, let label = scope?.injector.label,
      let base = scope?.base
    else { return false }
    let unused = scope?.unusedOverrides ?? []
    if scope?.injector.isShutDown == false {
      // A synchronous end (or a scope whose async end did not run): what is only
      // AsyncInjectionDisposable is reported, not disposed.
      disposeValues(of: scope!)
    }
    scope = nil
    recorder.end()
    let isReported = recorder.recordFindings(
      thrownPlaceholder: thrown.flatMap(placeholderKey(in:)))
    if recorder.hasMissed, base.mapsNothing {
      recorder.recordAtEnd(
        """
        The test injector "\(label)" started from "\(base.label)", which maps nothing, so \
        nothing your app maps is in it.
          fix: start from the injector your app maps its services on: .injecting(from: …) for \
        the trait, withTestInjector(from: …) { … }, or override var baseInjector: Injector? { … } \
        in an InjectionTestCase
        """)
    }
    if TestInjectionOption.contains(.reportUnusedOverrides, in: options), !unused.isEmpty {
      recorder.recordAtEnd(
        """
        This test overrides \(unused.map(\.description).joined(separator: ", ")), but nothing \
        resolved \(unused.count == 1 ? "it" : "them").
          fix: remove the unused override, or check that the code under test resolves it from \
        the test injector.
        """)
    }
    let survivors = recorder.survivors()
    guard !survivors.isEmpty else { return isReported }
    let names = survivors.map { "\($0.typeName) (resolved as \($0.key))" }
    // The test injector was shut down above: even if work that outlived the test still
    // references it, it no longer holds what it built.
    let holder = "Something the test created still holds them."
    recorder.recordAtEnd(
      """
      Objects built in this test were not released when it ended: \
      \(names.joined(separator: ", ")).
        \(holder)
      """)
    return isReported
  }

  /// Ends a scope with `await`: shuts the test injector down, so that it disposes the values it
  /// owns, then closes the scope as ``close(_:options:thrown:)`` does.
  ///
  /// The test injector is a copy of the base that owns only what it built, so a test never
  /// disposes the base's values, nor another test's.
  @discardableResult
  static func end(
    _ scope: inout TestInjector?, options: [TestInjectionOption], thrown: (any Error)? = nil,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    if let injector = scope?.injector, let recorder = scope?.recorder {
      do {
        try await injector.shutdown()
      } catch {
        recorder.recordAtEnd(disposalMessage(error, isAsync: true))
      }
    }
    return close(&scope, options: options, thrown: thrown)
  }

  /// Shuts the test injector down without awaiting; each failure is a test issue.
  static func disposeValues(of scope: TestInjector) {
    do {
      try scope.injector.shutdownSynchronously()
    } catch {
      scope.recorder.recordAtEnd(disposalMessage(error, isAsync: false))
    }
  }

  /// The issue of a test whose injector's values failed to dispose: the error lists each key.
  static func disposalMessage(_ error: DisposalError, isAsync: Bool) -> String {
    let needsAwait = error.failures.contains {
      if case .needsAwait = $0.reason { true } else { false }
    }
    guard needsAwait, !isAsync else { return "At the end of the test: \(error)" }
    return """
      At the end of the test: \(error)
        fix: end the test with await (the trait, the async withTestInjector, or an \
      InjectionTestCase), so that its AsyncInjectionDisposable values are disposed.
      """
  }

  /// The keys strict mode allows, or `nil` when `options` do not ask for strict mode.
  private static func strictAllowances(in options: [TestInjectionOption]) -> [InjectionKey]? {
    var allowed: [InjectionKey]?
    for option in options {
      if case .strict(let keys) = option.kind { allowed = (allowed ?? []) + keys }
    }
    return allowed
  }
}

extension Injector {
  /// Whether this injector, its ancestors and its modules map nothing.
  fileprivate var mapsNothing: Bool {
    let snapshot = snapshot()
    return snapshot.mappings.isEmpty && snapshot.inherited.allSatisfy(\.mappings.isEmpty)
  }
}

extension TestScope {
  /// What a scope whose test injector could not be built does with `error`: throws it when
  /// the scope's closures can throw it; else records it as a failure of the test and returns
  /// without running the test's body, which must then return `Void`.
  static func unbuilt<R, E: Error>(
    _ error: any Error, as _: E.Type, reporter: IssueReporter
  ) throws(E) -> R {
    if let error = error as? E { throw error }
    let message = "the test injector could not be built: \(error)"
    reporter.record(message)
    guard let nothing = () as? R else {
      fatalError("InjectionTestSupport: \(message)")
    }
    return nothing
  }
}

extension Result {
  /// The error, or `nil` for a success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
