import InjectionCore

/// Opens and closes test scopes: the one place that builds a test injector, for the scope
/// functions, the trait and ``InjectionTestCase``.
enum TestScope {
  /// Builds the test injector from `base` (`Injector.current` when `nil`) with the overrides
  /// applied in order, before any of its eager singletons is built.
  static func open(
    base: Injector?, label: String, options: [TestInjectionOption],
    overrides: (TestOverrides) throws -> Void, reporter: IssueReporter
  ) throws -> TestInjector {
    let base = base ?? Injector.current
    let changes = TestOverrides()
    try overrides(changes)
    let overridden = changes.overriddenKeys  // placeholders included: they are mappings
    var removedByStrictMode: Set<InjectionKey> = []
    if let allowed = strictAllowances(in: options) {
      let snapshot = base.snapshot()
      let mapped = snapshot.mappings.map(\.key) + snapshot.inherited.flatMap(\.mappings).map(\.key)
      removedByStrictMode = Set(mapped).subtracting(overridden).subtracting(allowed)
    }
    let recorder = ScopeRecorder(
      reporter: reporter, placeholders: changes.placeholders,
      removedByStrictMode: removedByStrictMode,
      checksLeaks: options.contains { if case .checkLeaks = $0.kind { true } else { false } })
    var observation: ResolutionObservation?
    let injector = try base.makeCopy(label: label) { copy throws(InjectionError) in
      // Observed from the start, so that what its eager singletons resolve is counted too.
      observation = copy.observeResolutions { recorder.observe($0) }
      for key in removedByStrictMode { copy.unmap(key) }
      try changes.apply(to: copy)
    }
    return TestInjector(
      injector: injector, base: base, overriddenKeys: overridden, recorder: recorder,
      observation: observation!)
  }

  /// Ends the scope and records what it found on the calling (test's) task.
  ///
  /// Records the failures seen off the test's task, then the unused overrides and the leaks that
  /// `options` ask for. Releases `scope` first, so that the test injector and its singletons go
  /// away unless something else still holds it.
  static func close(_ scope: inout TestInjector?, options: [TestInjectionOption]) {
    // No strong local reference to the scope: releasing `scope` must release the injector.
    guard let recorder = scope?.recorder, let label = scope?.injector.label else { return }
    let unused = scope?.unusedOverrides ?? []
    weak let injector = scope?.injector
    scope = nil
    for message in recorder.end() { recorder.recordAtEnd(message) }
    if options.contains(where: { if case .reportUnusedOverrides = $0.kind { true } else { false } }
    ),
      !unused.isEmpty
    {
      recorder.recordAtEnd(
        """
        This test overrides \(unused.map(\.description).joined(separator: ", ")), but nothing \
        resolved \(unused.count == 1 ? "it" : "them").
          fix: remove the unused override, or check that the code under test resolves it from \
        the test injector.
        """)
    }
    let survivors = recorder.survivors()
    guard !survivors.isEmpty else { return }
    let names = survivors.map { "\($0.typeName) (resolved as \($0.key))" }
    let holder =
      injector == nil
      ? "Something the test created still holds them."
      : """
      The test injector "\(label)" is still referenced (by work that outlived the test?), so \
      its singletons are alive too.
      """
    recorder.recordAtEnd(
      """
      Objects built in this test were not released when it ended: \
      \(names.joined(separator: ", ")).
        \(holder)
      """)
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
