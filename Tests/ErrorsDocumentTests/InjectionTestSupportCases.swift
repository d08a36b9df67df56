import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

/// Every failure InjectionTestSupport records in a test (a Swift Testing issue, an `XCTFail`)
/// or prints, each with the anchor of its entry and a trigger.
///
/// These are messages, not cases of a library type: ``FailureSiteCensus`` counts the places in
/// the library's sources that report them, so that a new one fails a test until it is here.
enum TestSupportFailureCase: String, CaseIterable {
  case strictOneKey = "strict-one-key"
  case strictSeveralKeys = "strict-several-keys"
  case placeholderResolved = "placeholder-resolved"
  case placeholderThrown = "placeholder-thrown"
  case baseMapsNothing = "base-maps-nothing"
  case unusedOverrides = "unused-overrides"
  case leakedObjects = "leaked-objects"
  case disposalFailed = "disposal-failed"
  case preparedInSynchronousScope = "prepared-in-synchronous-scope"
  case testInjectorNotBuilt = "test-injector-not-built"
  case afterTheTestEnded = "after-the-test-ended"

  var anchor: String { "testsupport-\(rawValue)" }

  /// The message of the example: what the trigger records (or throws, or prints).
  func trigger() async throws -> String {
    switch self {
    case .strictOneKey:
      return try single(
        recordedIssues {
          withTestInjector(from: TestApp.injector(), .strict) { scope in
            _ = try? scope.injector.resolve((any Network).self)
          }
        })
    case .strictSeveralKeys:
      // Keys reached off the test's task are listed together when the test ends.
      return try await single(
        recordedIssues {
          await withTestInjector(
            from: TestApp.injector(), .strict(allowing: InjectionKey(Clock.self))
          ) { scope in
            let injector = scope.injector
            await Task.detached {
              _ = try? injector.resolve((any Network).self)
              _ = try? injector.resolve((any Engine).self)
            }.value
          }
        })
    case .placeholderResolved:
      return try single(
        recordedIssues {
          withTestInjector(from: TestApp.injector()) {
            $0.mapPlaceholder((any Network).self) { OfflineNetwork() }
          } operation: { scope in
            _ = try? scope.injector.resolve((any Network).self)
          }
        })
    case .placeholderThrown:
      let caught = Mutex<InjectionError?>(nil)
      _ = recordedIssues {
        withTestInjector(from: TestApp.injector()) {
          $0.mapPlaceholder((any Network).self)
        } operation: { scope in
          caught.withLock {
            $0 = thrown(InjectionError.self) { _ = try scope.injector.resolve((any Network).self) }
          }
        }
      }
      return caught.withLock { $0 }.map { "\($0)" } ?? "nothing was thrown"
    case .baseMapsNothing:
      let issues = recordedIssues {
        withTestInjector(from: Injector(label: "app")) { scope in
          _ = try? scope.injector.resolve((any Network).self)
        }
      }
      return try single(issues)
    case .unusedOverrides:
      return try single(
        recordedIssues {
          withTestInjector(from: TestApp.injector(), .reportUnusedOverrides) {
            $0.map((any Network).self) { _ in OfflineNetwork() }
          } operation: { _ in
          }
        })
    case .leakedObjects:
      let keeper = Mutex<Clock?>(nil)
      defer { keeper.withLock { $0 = nil } }
      return try single(
        recordedIssues {
          withTestInjector(from: TestApp.injector(), .checkLeaks) { scope in
            let clock = try? scope.injector.resolve(Clock.self)
            keeper.withLock { $0 = clock }
          }
        })
    case .disposalFailed:
      return try single(
        recordedIssues {
          withTestInjector(from: TestApp.injector()) {
            $0.map(Ledger.self, scope: .singleton) { _ in Ledger() }
          } operation: { scope in
            _ = try? scope.injector.resolve(Ledger.self)
          }
        })
    case .preparedInSynchronousScope:
      return try single(
        recordedIssues {
          withTestInjector(from: TestApp.injector(), .prepared) { _ in }
        })
    case .testInjectorNotBuilt:
      return try single(
        recordedIssues {
          withTestInjector(from: TestApp.injector()) {
            $0.addModule(SettingsModule())
          } operation: { _ in
          }
        })
    case .afterTheTestEnded:
      let result = await #expect(
        processExitsWith: .success, observing: [\.standardErrorContent]
      ) {
        let kept = Mutex<TestInjector?>(nil)
        withTestInjector(from: TestApp.injector()) {
          $0.mapPlaceholder((any Network).self) { OfflineNetwork() }
        } operation: { scope in
          kept.withLock { $0 = scope }
        }
        _ = try? kept.withLock { $0 }?.injector.resolve((any Network).self)
      }
      return result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    }
  }

  /// The one failure of `issues`.
  private func single(_ issues: [String]) throws -> String {
    guard issues.count == 1 else {
      throw UnexpectedOutcome(description: "\(self): \(issues.count) failures: \(issues)")
    }
    return issues[0]
  }
}

/// The texts of the issues `body` records, each recorded as a known issue.
func recordedIssues(_ body: () -> Void) -> [String] {
  let texts = Mutex<[String]>([])
  // Known issue: the failures `body` provokes, whose texts Errors.md must show.
  withKnownIssue {
    body()
  } matching: { issue in
    let text = issue.comments.map(\.rawValue) + [issue.error.map { "\($0)" }].compactMap { $0 }
    texts.withLock { $0.append(text.joined(separator: "\n")) }
    return true
  }
  return texts.withLock { $0 }
}

/// The texts of the issues the asynchronous `body` records, each recorded as a known issue.
func recordedIssues(
  isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void
) async -> [String] {
  let texts = Mutex<[String]>([])
  // Known issue: the failures `body` provokes, whose texts Errors.md must show.
  await withKnownIssue {
    await body()
  } matching: { issue in
    let text = issue.comments.map(\.rawValue) + [issue.error.map { "\($0)" }].compactMap { $0 }
    texts.withLock { $0.append(text.joined(separator: "\n")) }
    return true
  }
  return texts.withLock { $0 }
}

/// Something a test must not touch.
protocol Network: Sendable {}

/// The real network.
struct LiveNetwork: Network {}

/// A network for tests.
struct OfflineNetwork: Network {}

/// A clock the app maps.
final class Clock: Sendable {}

/// The app the test-support examples start from: it maps an engine, a network and a clock.
enum TestApp {
  static func injector() -> Injector {
    let app = Injector(label: "app")
    app.map((any Engine).self, scope: .singleton) { _ in V8() }
    app.map((any Network).self, scope: .singleton) { _ in LiveNetwork() }
    app.map(Clock.self, scope: .singleton) { _ in Clock() }
    return app
  }
}
