public import InjectionCore

extension Injector {
  /// Checks that everything this injector maps, and everything the app resolves by itself
  /// (`roots`), can be built, and throws a report of every problem at once.
  ///
  /// ```swift
  /// @Test func theAppsGraphIsComplete() throws {
  ///   try AppInjector.make().validate(roots: PlaceOrderHandler.self, CancelOrderHandler.self)
  /// }
  /// ```
  ///
  /// Name as roots the types the app resolves without mapping them: its `Injectable` handlers,
  /// view models and screens. Nothing reaches them otherwise, so what they need is not checked.
  /// See ``InjectionCore/Injector/validationReport(roots:rootKeys:excluding:)-7tumh`` for what is
  /// checked and what validation cannot see.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not; each is resolved as
  ///     `try injector.resolve(T.self)` would, so an unmapped `Injectable` type is created.
  ///   - rootKeys: Keys the app resolves, such as a named mapping; each must be mapped (a key
  ///     cannot create an unmapped type: name its type in `roots`).
  ///   - excluding: Keys not to build; their factories never run.
  /// - Returns: The report, which then has notes at most; its ``ValidationReport/graph`` is the
  ///   graph, found by the same exploration.
  /// - Throws: ``ValidationError`` with the whole report when it has a problem.
  @discardableResult
  public func validate(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = []
  ) throws(ValidationError) -> ValidationReport {
    let report = makeValidationReport(roots: roots, rootKeys: rootKeys, excluding: excluding)
    guard report.isValid else { throw ValidationError(report: report) }
    return report
  }

  /// Builds every mapping of this injector and every root, and everything reachable from them,
  /// in a copy of it, and reports every problem found, not just the first.
  ///
  /// ```swift
  /// let report = injector.validationReport(roots: PlaceOrderHandler.self)
  /// #expect(report.problems.isEmpty, "\(report)")
  /// print(report.graph.mermaid)   // the same exploration: nothing is built again
  /// ```
  ///
  /// The copy (`makeCopy`) has the same mappings, inherited ones and modules included, and none
  /// of the built values, so this injector builds nothing and keeps no singleton; the copy is
  /// released afterwards. Each ancestor is copied too, as the parent of the next copy, so that
  /// a cached value is built by the copy of the injector that holds its mapping, with that
  /// injector's mappings and decorators, as in the app. The roots are resolved first, in the order given, then each mapping
  /// (its own and its ancestors', excluded ones and those that take arguments left out) in
  /// sorted order, and the copy's resolutions are observed. A mapping that takes arguments is
  /// built only with sample arguments (the overloads with `arguments:`). Whatever those resolutions reach is
  /// checked: the `@Injected` properties of every value the copy builds, the types it creates
  /// automatically, and what factories resolve. The report lists:
  ///
  /// - missing mappings, with the path that needed them;
  /// - cycles that fail, with their path (singletons that meet through `@Injected` properties
  ///   or hooks are legal and listed as notes, without any marking);
  /// - factories that threw, and invalid mappings;
  /// - eager singletons that fail (each is reported and left out, and the rest is checked);
  /// - types whose injection-complete hook never runs because they were mapped where the
  ///   compiler could not see `InjectionCompletable`;
  /// - `async` mappings that a resolution needs synchronously and that are not built: the copy
  ///   shares the values this injector already built with `async` factories (after
  ///   `prepare()`), so one that is not built yet fails here as in the app, a
  ///   ``ValidationProblem/factoryFailed(key:path:error:)`` with a fix line (validate with
  ///   `await`, or `prepare()` first);
  /// - mappings that take arguments that nothing built with arguments, as
  ///   ``ValidationProblem/unverifiedArguments(key:path:)`` (give samples, or allow them
  ///   unchecked, with the overloads that take `arguments:`);
  /// - captive dependencies, a value that lives longer keeping one that should live shorter
  ///   (a singleton that resolves a `.weak`, `.graph` or resettable-scope value while it is
  ///   built, say), each a ``ValidationProblem/captiveDependency(key:holder:path:reason:)``
  ///   with a fix line;
  /// - as notes, optional dependencies left unmapped, values whose `@MainActor` factory
  ///   cannot run because validation runs off the main actor, and keys mapped more than once in
  ///   one injector (``ValidationNote/duplicateMapping(key:owner:shadowed:)``).
  ///
  /// What each `Provider` and `Lazy` built in the copy resolves later is resolved too, in the
  /// copy (a call of the copy's provider, a read of its lazy value): a missing target is a
  /// problem whose path goes through the provider, and a cycle that it closes is legal, an
  /// allowed-cycle note.
  ///
  /// What validation cannot see, because no resolution reaches it while the copy builds:
  ///
  /// - a type that is not mapped and not a root, such as an `Injectable` handler the app
  ///   resolves by itself: name it in `roots`;
  /// - what code resolves outside a factory (in a method, from `Injector.current`);
  /// - a branch of a factory that did not run (a mapping that takes arguments runs once per
  ///   sample);
  /// - mappings made later, on this injector or on a child made at run time (validate the
  ///   child once it is configured);
  /// - what a `@MainActor` factory needs when validation runs off the main actor (noted; the
  ///   `async` form builds it).
  ///
  /// Factories run during validation, with their side effects, in the copy. Exclude the keys
  /// whose factories must not run (a network client that connects when built): they are left
  /// out of the copy, and what needs them is checked up to them.
  ///
  /// Each mapping stops at its first failure, as a resolution does; two missing dependencies
  /// of one object show as one until the first is mapped.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  /// - Returns: The report, with the graph.
  public func validationReport(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = []
  ) -> ValidationReport {
    makeValidationReport(roots: roots, rootKeys: rootKeys, excluding: excluding)
  }

  /// The dependency graph of this injector: each key it maps or builds, and which keys each
  /// one needs, found as ``validationReport(roots:rootKeys:excluding:)-7tumh`` finds them (in a copy).
  ///
  /// ```swift
  /// print(injector.dependencyGraph(roots: PlaceOrderHandler.self).mermaid)
  /// ```
  ///
  /// Each call explores the graph again. To validate and draw, explore once: take the graph of
  /// the report, ``ValidationReport/graph``.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not; they are marked in the graph.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  /// - Returns: The graph; export it with ``DependencyGraph/dot(title:)`` or
  ///   ``DependencyGraph/mermaid(title:)``.
  public func dependencyGraph(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = []
  ) -> DependencyGraph {
    makeValidationReport(roots: roots, rootKeys: rootKeys, excluding: excluding).graph
  }

  /// Checks, with `await`, that everything this injector maps and every root can be built,
  /// building `async` mappings as the app does, and throws a report of every problem at once.
  ///
  /// ```swift
  /// @Test func theAppsGraphIsComplete() async throws {
  ///   try await AppInjector.make().validate(roots: PlaceOrderHandler.self)
  /// }
  /// ```
  ///
  /// The same check as ``validate(roots:rootKeys:excluding:)-4nh8v``, in a copy that builds its
  /// `async` eager singletons first, as `prepare()` would, and resolves
  /// each root, mapping, `Provider` and `Lazy` whose key is
  /// mapped with an `async` or `@MainActor` factory with `await`. See
  /// ``validationReport(roots:rootKeys:excluding:)-7tumh`` for what it proves.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  /// - Returns: The report, which then has notes at most.
  /// - Throws: ``ValidationError`` with the whole report when it has a problem.
  @discardableResult
  public func validate(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = []
  ) async throws(ValidationError) -> ValidationReport {
    let report = await makeValidationReportAsync(
      roots: roots, rootKeys: rootKeys, excluding: excluding)
    guard report.isValid else { throw ValidationError(report: report) }
    return report
  }

  /// Builds every mapping of this injector and every root in a copy of it, awaiting `async`
  /// factories as the app does, and reports every problem found.
  ///
  /// ```swift
  /// let report = await injector.validationReport(roots: PlaceOrderHandler.self)
  /// #expect(report.problems.isEmpty, "\(report)")
  /// ```
  ///
  /// The copy has none of the built values. It builds its `async` eager singletons first, as
  /// `prepare()` would (one that fails is a problem); then it resolves
  /// the roots and the mappings as the synchronous
  /// ``validationReport(roots:rootKeys:excluding:)-7tumh`` does, those mapped with an `async` or
  /// `@MainActor` factory with `resolveAsync`; then what each `Provider` and
  /// `Lazy` it built resolves, awaited when that key is mapped so. A
  /// synchronous resolution (an `@Injected` property, a factory's `resolve`) of an `async`
  /// mapping that is not built by then fails in the app too: it is a problem.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  /// - Returns: The report, with the graph.
  public func validationReport(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = []
  ) async -> ValidationReport {
    await makeValidationReportAsync(roots: roots, rootKeys: rootKeys, excluding: excluding)
  }

  func makeValidationReportAsync(
    roots: [any Any.Type], rootKeys: [InjectionKey], excluding: [InjectionKey],
    arguments: [ValidationArguments] = []
  ) async -> ValidationReport {
    let exploration = await GraphExplorer.explore(
      self, roots: roots.map(GraphExplorer.Root.type) + rootKeys.map(GraphExplorer.Root.key),
      excluding: excluding, arguments: arguments)
    return ValidationReport(
      injector: label, problems: exploration.problems, notes: exploration.notes,
      checkedKeys: exploration.checkedKeys, graph: exploration.graph, fixes: exploration.fixes)
  }

  func makeValidationReport(
    roots: [any Any.Type], rootKeys: [InjectionKey], excluding: [InjectionKey],
    arguments: [ValidationArguments] = []
  ) -> ValidationReport {
    let exploration = GraphExplorer.explore(
      self, roots: roots.map(GraphExplorer.Root.type) + rootKeys.map(GraphExplorer.Root.key),
      excluding: excluding, arguments: arguments)
    return ValidationReport(
      injector: label, problems: exploration.problems, notes: exploration.notes,
      checkedKeys: exploration.checkedKeys, graph: exploration.graph, fixes: exploration.fixes)
  }
}
