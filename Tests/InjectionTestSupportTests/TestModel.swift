import InjectionCore
import Synchronization
import Testing

/// What the tests override: an engine with a serial number.
protocol Engine: AnyObject, Sendable {
  var serial: Int { get }
}

/// The app's engine, which a test must never get.
final class FactoryEngine: Engine {
  let serial = -1
}

/// A test's engine.
final class TestEngine: Engine {
  let serial: Int

  init(serial: Int) { self.serial = serial }
}

/// Created by the test with `init`: its engine comes from `Injector.current`.
final class Car: Injectable {
  @Injected var engine: any Engine

  init() {}
}

/// A singleton that the base's parent maps.
final class Dashboard: Sendable {
  let engine: any Engine

  init(engine: any Engine) { self.engine = engine }
}

/// What the app's module maps.
final class Garage: Sendable {
  let engine: any Engine

  init(engine: any Engine) { self.engine = engine }
}

/// Something a test must not touch.
protocol Network: Sendable {
  func fetch() -> String
}

/// The real network.
struct LiveNetwork: Network {
  func fetch() -> String { "live" }
}

/// A network for tests.
struct OfflineNetwork: Network {
  func fetch() -> String { "offline" }
}

/// A clock that tests may use from the base.
final class Clock: Sendable {}

/// The app's module: maps the garage.
final class GarageModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(Garage.self, scope: .singleton) {
      Garage(engine: try $0.resolve((any Engine).self))
    }
  }
}

/// The app's injectors: `platform` maps the dashboard singleton, its child `app` maps the
/// engine, the network and the clock and holds the garage module.
enum App {
  static let platform: Injector = {
    let platform = Injector(label: "platform")
    platform.map(Dashboard.self, scope: .singleton) {
      Dashboard(engine: try $0.resolve((any Engine).self))
    }
    return platform
  }()

  static let injector: Injector = {
    let app = platform.makeChild(label: "app")
    app.map((any Engine).self, scope: .singleton) { _ in FactoryEngine() }
    app.map((any Network).self, scope: .singleton) { _ in LiveNetwork() }
    app.map(Clock.self, scope: .singleton) { _ in Clock() }
    try! app.addModule(GarageModule())
    return app
  }()
}

/// Serial numbers handed out once each, across parallel tests.
enum Serials {
  private static let next = Atomic(0)
  private static let seen = Mutex<Set<Int>>([])

  /// A serial number no other call got.
  static func make() -> Int { next.add(1, ordering: .relaxed).newValue }

  /// Records that a test saw `serial`; `false` if another test saw it already.
  static func claim(_ serial: Int) -> Bool { seen.withLock { $0.insert(serial).inserted } }
}

/// The issues a body records, as the text a user reads.
///
/// Each issue's comments and the error it caught; the body must record at least one.
func recordedIssues(_ body: () throws -> Void) throws -> [String] {
  let texts = Mutex<[String]>([])
  // Known issue: the failures `body` provokes, whose texts the caller checks.
  try withKnownIssue {
    try body()
  } matching: { issue in
    texts.withLock { $0.append(text(of: issue)) }
    return true
  }
  return texts.withLock { $0 }
}

/// ``recordedIssues(_:)`` for an asynchronous body.
func recordedIssues(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async throws -> [String] {
  let texts = Mutex<[String]>([])
  // Known issue: the failures `body` provokes, whose texts the caller checks.
  try await withKnownIssue {
    try await body()
  } matching: { issue in
    texts.withLock { $0.append(text(of: issue)) }
    return true
  }
  return texts.withLock { $0 }
}

/// What a user reads of an issue: its comments and the error it caught.
private func text(of issue: Issue) -> String {
  (issue.comments.map(\.rawValue) + [issue.error.map { "\($0)" } ?? ""]).joined(separator: "\n")
}
