public import InjectionCore

extension Injector {
  /// Checks that everything this injector maps can be built, and throws a report of every
  /// problem at once.
  ///
  /// ```swift
  /// @Test func theAppsGraphIsComplete() throws {
  ///   try AppInjector.make().validate()
  /// }
  /// ```
  ///
  /// See ``InjectionCore/Injector/validationReport(excluding:)`` for what is checked and how.
  ///
  /// - Parameter excluding: Keys not to build; their factories never run.
  /// - Returns: The report, which then has notes at most.
  /// - Throws: ``ValidationError`` with the whole report when it has a problem.
  @discardableResult
  public func validate(excluding: [InjectionKey] = []) throws(ValidationError) -> ValidationReport {
    let report = validationReport(excluding: excluding)
    guard report.isValid else { throw ValidationError(report: report) }
    return report
  }

  /// Builds every mapping of this injector, and everything reachable from them, in a copy of
  /// it, and reports every problem found, not just the first.
  ///
  /// The copy (`makeCopy`) has the same mappings, inherited ones and modules included, and none
  /// of the built values, so this injector builds nothing and keeps no singleton; the copy is
  /// released afterwards. Each mapping (its own and its ancestors', excluded ones and those that
  /// take arguments left out) is resolved in sorted order, and the copy's resolutions are
  /// observed. The report lists:
  ///
  /// - missing mappings, with the path that needed them;
  /// - cycles that fail, with their path (singletons that meet through `@Injected` properties
  ///   or hooks are legal and listed as notes, without any marking);
  /// - factories that threw, and invalid mappings;
  /// - eager singletons that fail (each is reported and left out, and the rest is checked);
  /// - types whose injection-complete hook never runs because they were mapped where the
  ///   compiler could not see `InjectionCompletable`;
  /// - as notes, optional dependencies left unmapped.
  ///
  /// Factories run during validation, with their side effects, in the copy. Exclude the keys
  /// whose factories must not run (a network client that connects when built): they are left
  /// out of the copy, and what needs them is checked up to them.
  ///
  /// Each mapping stops at its first failure, as a resolution does; two missing dependencies
  /// of one object show as one until the first is mapped.
  ///
  /// - Parameter excluding: Keys not to build.
  /// - Returns: The report.
  public func validationReport(excluding: [InjectionKey] = []) -> ValidationReport {
    let exploration = GraphExplorer.explore(self, excluding: excluding)
    return ValidationReport(
      injector: label, problems: exploration.problems, notes: exploration.notes,
      checkedKeys: exploration.checkedKeys, graph: exploration.graph)
  }

  /// The dependency graph of this injector: each key it maps or builds, and which keys each
  /// one needs, found as ``validationReport(excluding:)`` finds them (in a copy).
  ///
  /// ```swift
  /// print(injector.dependencyGraph().mermaid)
  /// ```
  ///
  /// - Parameter excluding: Keys not to build.
  /// - Returns: The graph; export it with ``DependencyGraph/dot(title:)`` or
  ///   ``DependencyGraph/mermaid``.
  public func dependencyGraph(excluding: [InjectionKey] = []) -> DependencyGraph {
    GraphExplorer.explore(self, excluding: excluding).graph
  }
}
