import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

/// `expectNoProblems(in:)`: one issue per problem of a report.
@Suite struct ExpectNoProblemsTests {
  struct Report: InjectionProblemReport {
    var problemMessages: [String]
  }

  @Test func eachProblemIsRecordedAsAnIssueOfItsOwnWithItsMessage() {
    let recorded = Mutex<[String]>([])
    let messages = [
      "missing mapping: Context, needed by Handler\n  fix: map it", "cycle: A -> B -> A",
    ]
    var passed = true

    // Known issue: expectNoProblems(in:) fails the test once per problem of the report.
    withKnownIssue {
      passed = expectNoProblems(in: Report(problemMessages: messages))
    } matching: { issue in
      recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }

    #expect(!passed)
    #expect(recorded.withLock { $0 } == messages)
  }

  @Test func aReportWithoutProblemsRecordsNothing() {
    #expect(expectNoProblems(in: Report(problemMessages: [])))
  }
}
