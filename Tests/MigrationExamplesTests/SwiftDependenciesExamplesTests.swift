import Foundation
import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

// The quick-start example of swift-dependencies' README (a feature model that sleeps on a
// clock, stamps the date and makes UUIDs; its test with overridden dependencies), ported as
// Documentation/MigratingFromSwiftDependencies.md shows it. swift-dependencies ships the clock,
// date and UUID dependencies; here the app declares and maps its own.
extension SwiftDependenciesExamplesTests {
  struct Item: Equatable {
    let id: UUID
    let name: String
    let createdAt: Date
  }

  /// `@Dependency(\.date.now)`: a dependency of the app's own.
  struct DateGenerator: Sendable {
    var now: @Sendable () -> Date
  }

  /// `@Dependency(\.uuid)`.
  struct UUIDGenerator: Sendable {
    var next: @Sendable () -> UUID

    /// UUIDs 00000000-0000-0000-0000-000000000000, …01, …02, as `.incrementing` gives.
    static func incrementing() -> UUIDGenerator {
      let count = Sequence()
      return UUIDGenerator {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", count.take()))!
      }
    }

    /// A thread-safe count.
    final class Sequence: Sendable {
      private let count = Atomic<Int>(0)
      func take() -> Int { count.add(1, ordering: .relaxed).oldValue }
    }
  }

  /// A clock whose sleeps end at once, for tests (swift-clocks' `ImmediateClock` does the same).
  struct ImmediateClock: Clock {
    struct Instant: InstantProtocol {
      var offset = Duration.zero
      func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
      func duration(to other: Instant) -> Duration { other.offset - offset }
      static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    var now: Instant { Instant() }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      try Task.checkCancellation()
    }
  }

  /// The README's `FeatureModel`: `@Dependency(\.x) var x` becomes `@Injected var x: X`.
  @MainActor
  final class FeatureModel {
    @Injected var clock: any Clock<Duration>
    @Injected var date: DateGenerator
    @Injected var uuid: UUIDGenerator
    private(set) var items: [Item] = []

    init() {}

    func addButtonTapped() async throws {
      try await clock.sleep(for: .seconds(1))
      items.append(Item(id: uuid.next(), name: "", createdAt: date.now()))
    }
  }

  final class ChildModel: Injectable {
    @Injected var uuid: UUIDGenerator
    init() {}
  }

  /// `withDependencies(from: self) { ChildModel() }` becomes a `Provider`.
  final class ParentModel: Injectable {
    @Injected var makeChild: Provider<ChildModel>
    private(set) var child: ChildModel?
    init() {}
    func openChild() throws { child = try makeChild() }
  }

  /// The live values, mapped once where the app starts (`liveValue`, `prepareDependencies`).
  static let app: Injector = {
    let app = Injector(label: "dependencies app")
    app.map((any Clock<Duration>).self, to: ContinuousClock())
    app.map(DateGenerator.self, to: DateGenerator { Date() })
    app.map(UUIDGenerator.self, to: UUIDGenerator { UUID() })
    return app
  }()

  static let expectedItems = [
    Item(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, name: "",
      createdAt: Date(timeIntervalSinceReferenceDate: 1_234_567_890))
  ]
}

@Suite struct SwiftDependenciesExamplesTests {
  @Test(
    .injecting(from: app) {
      $0.map((any Clock<Duration>).self, to: ImmediateClock())
      $0.map(
        DateGenerator.self,
        to: DateGenerator { Date(timeIntervalSinceReferenceDate: 1_234_567_890) })
      $0.map(UUIDGenerator.self, to: .incrementing())
    })
  @MainActor
  func add() async throws {
    let model = FeatureModel()  // created in the test: resolves from the test's injector

    try await model.addButtonTapped()

    #expect(model.items == Self.expectedItems)
  }

  @Test @MainActor func withInjectorIsWithDependencies() async throws {
    let test = try Self.app.makeCopy { copy in
      copy.map((any Clock<Duration>).self, to: ImmediateClock())
      copy.map(
        DateGenerator.self,
        to: DateGenerator { Date(timeIntervalSinceReferenceDate: 1_234_567_890) })
      copy.map(UUIDGenerator.self, to: .incrementing())
    }
    let model = withInjector(test) { FeatureModel() }

    try await model.addButtonTapped()

    #expect(model.items == Self.expectedItems)
    #expect(try Self.app.resolve(DateGenerator.self).now() != Self.expectedItems[0].createdAt)
  }

  @Test(.injecting(from: app) { $0.map(UUIDGenerator.self, to: .incrementing()) })
  func aChildModelBuiltLaterGetsTheSameOverrides() throws {
    let model = ParentModel()

    try withInjector(Injector(label: "elsewhere")) { try model.openChild() }

    let child = try #require(model.child)
    #expect(child.uuid.next() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
  }
}
