import Foundation

/// The places in the library's sources that stop the program or report a test failure, counted
/// by file, so that a new one fails a test until Errors.md has its entry and the count here is
/// raised.
///
/// The errors the library throws are enums, which the `switch`es of this target keep complete;
/// these are calls, which only their sources show.
enum FailureSiteCensus {
  /// A call that stops the program; in InjectionTestSupport also one that reports a failure.
  static let stops = [
    "fatalError(", "precondition(", "preconditionFailure(", "assert(", "assertionFailure(",
  ]
  static let testFailures = [
    ".report(", "recordAtEnd(", "reporter.record(", "XCTFail(", "IssueReporter.print(",
  ]

  /// The calls expected in each file, and the entries they have.
  static let expected: [String: Int] = [
    // stop-core-invalid-mapping, stop-core-eager-singleton-failed
    "InjectionCore/Mapping/Injector+Mapping.swift": 2,
    // stop-core-injected-read-from-* (one call, three messages), stop-core-injected-owner-…
    "InjectionCore/PropertyWrappers/InjectedCell.swift": 2,
    // Internal checks that only a bug of the library or of the system trips (Errors.md says
    // so, without an entry each): pthread calls that fail, and invariants of the resolution.
    "InjectionCore/Internal/AsyncRecipe.swift": 1,
    "InjectionCore/Internal/Platform.swift": 4,
    "InjectionCore/Internal/Registration.swift": 6,
    "InjectionCore/Resolution/Injector+AsyncResolution.swift": 3,
    "InjectionCore/Resolution/Injector+Resolution.swift": 1,
    // stop-plist-reference-read-while-checking
    "InjectionPlist/ServiceReference.swift": 1,
    // stop-testsupport-test-injector-outside-a-test, testsupport-test-injector-not-built (XCTest),
    // testsupport-disposal-failed (XCTest)
    "InjectionTestSupport/InjectionTestCase.swift": 3,
    // testsupport-prepared-in-synchronous-scope, -base-maps-nothing, -unused-overrides,
    // -leaked-objects, -test-injector-not-built, -disposal-failed (awaited and synchronous),
    // and stop-testsupport-test-injector-not-built
    "InjectionTestSupport/Internal/TestScope.swift": 8,
    // testsupport-after-the-test-ended (twice), the pending failures, testsupport-strict-*
    // (on the test's task and at its end), testsupport-placeholder-resolved (on the test's task
    // and at its end), and the two ways of recording a message
    "InjectionTestSupport/Internal/ScopeRecorder.swift": 9,
  ]

  /// The calls found in each file of the library's sources that has any.
  static func found() throws -> [String: Int] {
    let packages = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Packages")
    var counts: [String: Int] = [:]
    for module in [
      "InjectionCore", "InjectionPlist", "InjectionReflection", "InjectionTestSupport",
    ] {
      let sources = packages.appendingPathComponent("\(module)/Sources/\(module)")
      guard let files = FileManager.default.enumerator(atPath: sources.path) else { continue }
      for case let path as String in files where path.hasSuffix(".swift") {
        // The framework calls that record a message, not places that report one.
        guard path != "Internal/IssueReporter.swift" else { continue }
        let text = try String(
          contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
        let calls = stops + (module == "InjectionTestSupport" ? testFailures : [])
        let count = text.split(separator: "\n").filter { line in
          let code = line.drop { $0 == " " }
          return !code.hasPrefix("//") && !code.contains("func ")
            && calls.contains { code.contains($0) }
        }.count
        if count > 0 { counts["\(module)/\(path)"] = count }
      }
    }
    return counts
  }
}
