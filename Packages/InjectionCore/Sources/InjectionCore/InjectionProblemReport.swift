/// What a check of an injector found that fails at run time, one message per problem: the
/// vocabulary in which an add-on that checks injectors and one that runs tests meet.
///
/// InjectionReflection's `ValidationReport` is one; InjectionTestSupport's
/// `expectNoProblems(in:sourceLocation:)` records each of its problems as an issue of the
/// current test. A check of your own can be one too:
///
/// ```swift
/// struct LicenseReport: InjectionProblemReport {
///   var problemMessages: [String]
/// }
/// ```
public protocol InjectionProblemReport: Sendable {
  /// Each problem, as a message for a person: what fails and the path that needed it on the
  /// first line, then the fix; empty when nothing fails.
  var problemMessages: [String] { get }
}
