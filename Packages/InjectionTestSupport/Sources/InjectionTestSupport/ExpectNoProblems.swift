public import InjectionCore
public import Testing

/// Records each problem of `report` as an issue of the current Swift Testing test, with its
/// path and its fix, and returns whether it had none.
///
/// One line checks that an app's graph is complete, with InjectionReflection's validation:
///
/// ```swift
/// @Test func theAppsGraphIsComplete() {
///   expectNoProblems(in: AppInjector.make().validationReport(roots: PlaceOrderHandler.self))
/// }
/// ```
///
/// Each problem fails the test on its own, attributed to this line: a test report lists them
/// one by one, each with the path that needed it and its fix line, where a thrown
/// `ValidationError` is one failure with the whole listing. Notes are not failures. The
/// `async` validation reads the same:
/// `expectNoProblems(in: await injector.validationReport(roots: PlaceOrderHandler.self))`.
///
/// - Parameters:
///   - report: What a check found, such as InjectionReflection's `ValidationReport`.
///   - sourceLocation: Where the issues are recorded; the call's line by default.
/// - Returns: Whether the report had no problem.
@discardableResult
public func expectNoProblems(
  in report: some InjectionProblemReport, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let messages = report.problemMessages
  for message in messages {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }
  return messages.isEmpty
}
