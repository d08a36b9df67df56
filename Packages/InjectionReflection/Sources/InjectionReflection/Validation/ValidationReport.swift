public import InjectionCore

/// Everything validation found about an injector, every problem at once.
///
/// ```swift
/// let report = injector.validationReport()
/// #expect(report.problems.isEmpty, "\(report)")
/// ```
///
/// It is an `InjectionProblemReport` (InjectionCore): in a Swift Testing test,
/// InjectionTestSupport's `expectNoProblems(in:sourceLocation:)` records each problem as an
/// issue of its own, with its path and its fix.
public struct ValidationReport: InjectionProblemReport, CustomStringConvertible {
  /// The label of the validated injector.
  public let injector: String

  /// What fails at run time, in the order found (keys are tried in sorted order).
  public let problems: [ValidationProblem]

  /// What works but may surprise: optional dependencies left unmapped, allowed cycles.
  public let notes: [ValidationNote]

  /// The keys that were resolved as the starting points of the exploration: the roots, in
  /// the order given, then every mapping of the injector and its ancestors, except the
  /// excluded ones and those that take arguments (which only a resolution with arguments can
  /// build), then the keys built with the sample arguments given to validation.
  public let checkedKeys: [InjectionKey]

  /// The dependency graph that validation walked: export it with ``DependencyGraph/dot(title:)``
  /// or ``DependencyGraph/mermaid(title:)`` without exploring again.
  public let graph: DependencyGraph

  /// The fix line of each problem whose description has none, from the error behind it.
  let fixes: [ValidationProblem: String]

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - injector: The label of the validated injector.
  ///   - problems: The problems.
  ///   - notes: The notes.
  ///   - checkedKeys: The keys resolved as starting points.
  ///   - graph: The dependency graph.
  ///   - fixes: The fix line of each problem whose description has none.
  package init(
    injector: String, problems: [ValidationProblem], notes: [ValidationNote],
    checkedKeys: [InjectionKey], graph: DependencyGraph, fixes: [ValidationProblem: String] = [:]
  ) {
    self.fixes = fixes
    self.injector = injector
    self.problems = problems
    self.notes = notes
    self.checkedKeys = checkedKeys
    self.graph = graph
  }

  /// Whether nothing fails.
  public var isValid: Bool { problems.isEmpty }

  /// Each problem as a message of its own: the injector, the problem with its path, then its
  /// fix.
  ///
  /// ```text
  /// Validation of injector "app": missing mapping: Context, needed by Handler -> OrderService
  ///   fix: map it with injector.map(Context.self) { _ in … }, or make Context Injectable
  /// ```
  public var problemMessages: [String] {
    problems.map { problem in
      let text = "Validation of injector \"\(injector)\": \(problem)"
      guard !text.contains("\n  fix: "), let fix = fixes[problem] else { return text }
      return text + "\n  " + fix
    }
  }

  /// A listing for a person: a summary line, then each problem and each note.
  public var description: String {
    var lines = [
      """
      Validation of injector "\(injector)": \(Self.count(problems.count, "problem")), \
      \(Self.count(notes.count, "note")) (\(Self.count(checkedKeys.count, "key")) checked)
      """
    ]
    if !problems.isEmpty {
      lines.append("problems:")
      lines += problems.map { "  - \($0)" }
    }
    if !notes.isEmpty {
      lines.append("notes:")
      lines += notes.map { "  - \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  private static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

/// The error ``InjectionCore/Injector/validate(roots:rootKeys:excluding:)-4nh8v`` throws: the report, with at least
/// one problem.
public struct ValidationError: Error, CustomStringConvertible {
  /// The whole report.
  public let report: ValidationReport

  /// The report's listing.
  public var description: String { report.description }
}
