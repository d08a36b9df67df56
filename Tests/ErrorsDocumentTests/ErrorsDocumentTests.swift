import Foundation
import InjectionCore
import InjectionPlist
import InjectionReflection
import Testing

/// Documentation/Errors.md has an entry for every error, failure and program stop of the
/// library, and each entry's example is the message the library prints for it.
///
/// To see the messages the triggers produce (when an example must change), run the suite with
/// `ERRORS_DOC_ACTUAL=<folder>`: each message is written to `<folder>/<anchor>.txt`.
@Suite struct ErrorsDocumentTests {
  let document = ErrorsDocument.repository

  /// The anchors of every entry the document must have.
  static let anchors: [String] =
    InjectionErrorCase.allCases.map(\.anchor) + PlistProblemCase.allCases.map(\.anchor)
    + ValidationProblem.Kind.allCases.map(\.anchor) + ValidationNote.Kind.allCases.map(\.anchor)
    + ValidationErrorCase.allCases.map(\.anchor) + TestSupportFailureCase.allCases.map(\.anchor)
    + ProgramStopCase.allCases.map(\.anchor) + DisposalErrorCase.allCases.map(\.anchor)

  @Test func theDocumentIsFoundAndRead() {
    #expect(document.entries.count > 0, "Documentation/Errors.md is missing or has no entries")
  }

  @Test(arguments: anchors)
  func everyCaseHasAnEntry(anchor: String) {
    #expect(document[anchor] != nil, "Errors.md has no entry <a id=\"\(anchor)\"></a>")
  }

  @Test func everyEntryNamesACaseOfTheLibrary() {
    let stale = document.entries.map(\.anchor).filter { !Self.anchors.contains($0) }
    #expect(stale.isEmpty, "entries of Errors.md that name no case: \(stale)")
  }

  @Test func noAnchorIsUsedTwice() {
    let anchors = document.entries.map(\.anchor)
    #expect(Set(anchors).count == anchors.count)
  }

  @Test func everyEntryHasAHeadingACauseAFixAndOneExample() {
    for entry in document.entries {
      #expect(entry.heading?.isEmpty == false, "\(entry.anchor): no #### heading")
      #expect(entry.cause?.isEmpty == false, "\(entry.anchor): no **Cause.** paragraph")
      #expect(entry.fix?.isEmpty == false, "\(entry.anchor): no **Fix.** paragraph")
      #expect(entry.examples.count == 1, "\(entry.anchor): \(entry.examples.count) examples")
    }
  }

  @Test(arguments: InjectionErrorCase.allCases)
  func theExampleOfAnInjectionErrorIsItsMessage(_ errorCase: InjectionErrorCase) async throws {
    let error = try await errorCase.trigger()

    #expect(InjectionErrorCase(error) == errorCase, "the trigger threw \(error)")
    expectExample(of: errorCase.anchor, is: error.description)
  }

  @Test(arguments: PlistProblemCase.allCases)
  func theExampleOfAPlistProblemIsItsMessage(_ problemCase: PlistProblemCase) throws {
    let error = try problemCase.trigger()

    #expect(error.problems.map { PlistProblemCase($0.kind) } == [problemCase], "\(error)")
    expectExample(of: problemCase.anchor, is: error.description, normalized: problemCase.normalized)
  }

  @Test(arguments: ValidationProblem.Kind.allCases)
  func theExampleOfAValidationProblemIsItsLine(_ kind: ValidationProblem.Kind) async throws {
    let report = try await kind.trigger()

    let problem = try #require(report.problems.first { $0.kind == kind }, "\(report)")
    expectExample(of: kind.anchor, is: problem.description)
  }

  @Test(arguments: ValidationNote.Kind.allCases)
  func theExampleOfAValidationNoteIsItsLine(_ kind: ValidationNote.Kind) throws {
    let report = kind.trigger()

    let note = try #require(report.notes.first { $0.kind == kind }, "\(report)")
    expectExample(of: kind.anchor, is: note.description)
  }

  @Test func theExampleOfAValidationErrorIsItsReport() throws {
    let error = try ValidationErrorCase.validationError.trigger()

    expectExample(of: ValidationErrorCase.validationError.anchor, is: error.description)
  }

  @Test func theExampleOfADisposalErrorIsItsMessage() async throws {
    let error = try await DisposalErrorCase.disposalError.trigger()

    #expect(error.failures.count == 2, "\(error)")
    expectExample(of: DisposalErrorCase.disposalError.anchor, is: error.description)
  }

  @Test(arguments: TestSupportFailureCase.allCases)
  func theExampleOfATestFailureIsWhatTheTestRecords(_ failure: TestSupportFailureCase)
    async throws
  {
    let message = try await failure.trigger()

    expectExample(of: failure.anchor, is: message, contained: failure == .afterTheTestEnded)
  }

  @Test(arguments: ProgramStopCase.allCases.filter(\.isAvailable))
  func theExampleOfAProgramStopIsWhatItWritesToStandardError(_ stop: ProgramStopCase) async {
    let output = await stop.trigger()

    expectExample(of: stop.anchor, is: output, normalized: stop.normalized, contained: true)
  }

  @Test func everyPlaceThatStopsTheProgramOrFailsATestIsCounted() throws {
    let found = try FailureSiteCensus.found()

    #expect(
      found == FailureSiteCensus.expected,
      """
      the library's failure sites changed: give a new one its entry in Errors.md (and a case \
      in this target), then update FailureSiteCensus.expected
      """)
  }

  /// Expects the example of the entry `anchor` to be `message` (to be a part of it, when
  /// `contained`), both normalized.
  private func expectExample(
    of anchor: String, is message: String, normalized: (String) -> String = { $0 },
    contained: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    Self.writeActual(message, of: anchor)
    guard let example = document[anchor]?.examples.first else {
      Issue.record("Errors.md has no example for \(anchor)", sourceLocation: sourceLocation)
      return
    }
    let actual = normalized(message)
    let expected = normalized(example)
    #expect(
      contained ? actual.contains(expected) : actual == expected,
      "the example of \(anchor) is not what the library prints:\n\(message)",
      sourceLocation: sourceLocation)
  }

  /// Writes `message` to `$ERRORS_DOC_ACTUAL/<anchor>.txt` when the variable is set.
  private static func writeActual(_ message: String, of anchor: String) {
    guard let folder = ProcessInfo.processInfo.environment["ERRORS_DOC_ACTUAL"] else { return }
    try? Data(message.utf8).write(
      to: URL(fileURLWithPath: folder).appendingPathComponent("\(anchor).txt"))
  }
}
