import Foundation
import InjectionCore
import InjectionPlist
import InjectionTestSupport
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Every place where the library stops the program with a message for the app's developer,
/// each with the anchor of its entry and a trigger that runs in an exit test (a process of its
/// own, whose standard error is the message).
///
/// These are calls, not cases of a library type: ``FailureSiteCensus`` counts them in the
/// library's sources, so that a new one fails a test until it is here.
enum ProgramStopCase: String, CaseIterable {
  case coreInvalidMapping = "core-invalid-mapping"
  case coreEagerSingletonFailed = "core-eager-singleton-failed"
  case coreInjectedReadFromBuilder = "core-injected-read-from-builder"
  case coreInjectedReadFromCurrent = "core-injected-read-from-current"
  case coreInjectedReadFromShared = "core-injected-read-from-shared"
  case coreInjectedOwnerInjectorReleased = "core-injected-owner-injector-released"
  case plistReferenceReadWhileChecking = "plist-reference-read-while-checking"
  case testSupportTestInjectorNotBuilt = "testsupport-test-injector-not-built"
  case testSupportTestInjectorOutsideATest = "testsupport-test-injector-outside-a-test"

  var anchor: String { "stop-\(rawValue)" }

  /// Whether the platform can run the trigger (`InjectionTestCase` needs XCTest).
  var isAvailable: Bool {
    #if canImport(XCTest)
      true
    #else
      self != .testSupportTestInjectorOutsideATest
    #endif
  }

  /// The parts of the message that depend on where the example's code is, replaced by a
  /// placeholder in the document's example and in the message before they are compared.
  func normalized(_ message: String) -> String {
    message.replacing(/declared at ([^ ,\n]+):[0-9]+/) { "declared at \($0.1):<line>" }
  }

  /// What the trigger's process writes to standard error before it stops.
  func trigger() async -> String {
    let result: ExitTest.Result?
    switch self {
    case .coreInjectedOwnerInjectorReleased:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var injector: Injector? = Injector(label: "app")
        let gauge = EscapedGauge.fromAFailedBuild(of: injector!)
        injector = nil
        _ = gauge.engine.value
      }
    case .coreInvalidMapping:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Injector(label: "app").map(Settings.self, scope: .weak) { _ in Settings() }
      }
    case .coreEagerSingletonFailed:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Injector(label: "app").map((any Engine).self, scope: .eagerSingleton) { _ in
          throw EngineOffline()
        }
      }
    case .coreInjectedReadFromBuilder:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let injector = Injector(label: "app")
        _ = EscapedGauge.fromAFailedBuild(of: injector).engine.value
      }
    case .coreInjectedReadFromCurrent:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let injector = Injector(label: "app")
        let dashboard = withInjector(injector) { Dashboard() }
        _ = dashboard.engine
      }
    case .coreInjectedReadFromShared:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Dashboard().engine
      }
    case .plistReferenceReadWhileChecking:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let registry = ServiceRegistry()
        registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
        registry.register(EagerGarage.self, as: "Garage")
        let xml = """
          <plist><dict><key>Services</key><dict>\
          <key>GarageService</key><dict>\
          <key>engine</key><dict><key>@service</key><string>Engine</string></dict></dict>\
          <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
          <key>horsepower</key><integer>300</integer></dict>\
          </dict></dict></plist>
          """
        let file = try ServicesFile(data: Data(xml.utf8), source: "Services.plist")
        _ = try ServicesModule(file: file, registry: registry)
      }
    case .testSupportTestInjectorNotBuilt:
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let count = withTestInjector(from: Injector(label: "app")) {
          $0.addModule(SettingsModule())
        } operation: { _ in
          1
        }
        _ = count
      }
    case .testSupportTestInjectorOutsideATest:
      #if canImport(XCTest)
        result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          _ = CheckoutTests.outsideATest().testInjector
        }
      #else
        result = nil
      #endif
    }
    return result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  }
}

#if canImport(XCTest)
  /// An XCTest case of the app's.
  final class CheckoutTests: InjectionTestCase {
    /// An instance made outside a test run.
    static func outsideATest() -> CheckoutTests {
      #if canImport(Darwin)
        CheckoutTests()
      #else
        CheckoutTests(name: "testCheckout", testClosure: { _ in })
      #endif
    }
  }
#endif
