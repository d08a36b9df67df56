import InjectionCore
import InjectionReflection
import Testing

/// Roots: the types an app resolves without mapping them (issue 21, point 1), and what
/// validation covers and cannot see, as README and SeeingYourGraph.md promise.
@Suite struct RootTests {
  // The new user's order-service app: auto-created handlers and services, none of them mapped.
  protocol Database: AnyObject {}
  final class Postgres: Database {}
  protocol Mailer: AnyObject {}

  final class PlaceOrderHandler: Injectable {
    @Injected var orders: OrderService
    init() {}
  }

  final class OrderService: Injectable {
    @Injected var database: any Database
    init() {}
  }

  /// Resolves what it needs in a method, long after it was built.
  final class ReceiptPrinter: Injectable {
    @Injected var injector: Injector
    init() {}
    func mailer() throws -> any Mailer { try injector.resolve() }
  }

  /// Builds its mailers later, through a provider.
  final class Newsletter: Injectable {
    @Injected var mailers: Provider<any Mailer>
    init() {}
  }

  private var orderKeys: [InjectionKey] {
    [InjectionKey(PlaceOrderHandler.self), InjectionKey(OrderService.self)]
  }

  @Test func anUnmappedDependencyTwoLevelsBelowAnAutoCreatedRootFailsWithItsPath() {
    let injector = Injector(label: "orders")

    let error = #expect(throws: ValidationError.self) {
      try injector.validate(roots: PlaceOrderHandler.self)
    }

    let report = error?.report
    #expect(
      report?.problems == [.missingMapping(key: InjectionKey((any Database).self), path: orderKeys)]
    )
    let path = orderKeys.map(\.description).joined(separator: " -> ")
    #expect(
      report?.description.contains(
        "missing mapping: \(InjectionKey((any Database).self)), needed by \(path)") == true)
    #expect(report?.checkedKeys == [InjectionKey(PlaceOrderHandler.self)])
  }

  @Test func withoutRootsAnAutoCreatedTypeIsNotExplored() throws {
    let injector = Injector(label: "orders")
    injector.map(Postgres.self) { _ in Postgres() }  // something mapped, Database still missing

    let report = try injector.validate()

    #expect(report.isValid, "nothing reaches PlaceOrderHandler: it has to be named as a root")
    #expect(!report.graph.nodes.contains { $0.key == InjectionKey(PlaceOrderHandler.self) })
  }

  @Test func aRootAndEverythingItReachesAreInTheGraphAndTheRootIsMarked() throws {
    let injector = Injector(label: "orders")
    injector.map((any Database).self, scope: .transient) { _ in Postgres() }

    let report = try injector.validate(roots: PlaceOrderHandler.self)
    let graph = report.graph

    let root = try #require(graph.nodes.first { $0.key == InjectionKey(PlaceOrderHandler.self) })
    #expect(root.isRoot)
    #expect(root.kind == .automatic)
    let service = try #require(graph.nodes.first { $0.key == InjectionKey(OrderService.self) })
    #expect(!service.isRoot)
    #expect(
      graph.edges.contains(
        .init(from: orderKeys[0], to: orderKeys[1], property: "orders", isProblem: false)))
    #expect(
      graph.edges.contains(
        .init(
          from: orderKeys[1], to: InjectionKey((any Database).self), property: "database",
          isProblem: false)))
    #expect(graph.mermaid.contains("root, created automatically\"]:::root"))
    #expect(graph.dot().contains("peripheries=2"))
    #expect(
      report.checkedKeys == [
        InjectionKey(PlaceOrderHandler.self), InjectionKey((any Database).self),
      ])
  }

  @Test func aRootKeyNamesAMappedKeyAndAnUnmappedOneIsMissing() {
    let injector = Injector(label: "orders")
    injector.map(OrderService.self, named: "audited") { _ in OrderService() }

    let report = injector.validationReport(
      rootKeys: [InjectionKey(OrderService.self, named: "audited"), InjectionKey(Postgres.self)])

    #expect(
      report.problems.contains(
        .missingMapping(
          key: InjectionKey((any Database).self),
          path: [InjectionKey(OrderService.self, named: "audited")])))
    #expect(report.problems.contains(.missingMapping(key: InjectionKey(Postgres.self), path: [])))
  }

  @Test func aRootTypeThatIsNeitherMappedNorInjectableIsMissing() {
    let report = Injector(label: "orders").validationReport(roots: Postgres.self)

    #expect(report.problems == [.missingMapping(key: InjectionKey(Postgres.self), path: [])])
    #expect(report.graph.nodes.first?.isProblem == true)
  }

  @Test func anExcludedRootIsNeverBuilt() throws {
    let report = try Injector(label: "orders").validate(
      roots: PlaceOrderHandler.self, excluding: [InjectionKey(PlaceOrderHandler.self)])

    #expect(report.checkedKeys.isEmpty)
  }

  @Test func whatCodeResolvesInAMethodIsNotSeen() throws {
    let injector = Injector(label: "orders")

    let report = try injector.validate(roots: ReceiptPrinter.self)

    #expect(report.isValid, "the mailer is resolved later, not while the copy builds")
    let printer = try injector.resolve(ReceiptPrinter.self)
    #expect(throws: InjectionError.self) { try printer.mailer() }
  }

  @Test func whatAProviderResolvesLaterIsCheckedWithItsPath() throws {
    let injector = Injector(label: "orders")

    let report = injector.validationReport(roots: Newsletter.self)

    #expect(
      report.problems == [
        .missingMapping(
          key: InjectionKey((any Mailer).self),
          path: [InjectionKey(Newsletter.self), InjectionKey(Provider<any Mailer>.self)])
      ], "\(report)")
    let newsletter = try injector.resolve(Newsletter.self)
    #expect(throws: InjectionError.self) { try newsletter.mailers() }
  }

  @Test func aMappingThatTakesArgumentsIsAProblemUntilASampleChecksWhatItNeeds() throws {
    let injector = Injector(label: "orders")
    injector.map(OrderService.self, taking: Int.self) { _, _ in OrderService() }

    let report = injector.validationReport()
    let sampled = injector.validationReport(arguments: [.sample(1, for: OrderService.self)])

    #expect(report.problems.map(\.kind) == [.unverifiedArguments], "\(report)")
    #expect(report.checkedKeys.isEmpty)
    #expect(
      sampled.problems.map(\.kind) == [.missingMapping], "its factory ran, so Database is seen")
    #expect(sampled.checkedKeys == [InjectionKey(OrderService.self)])
  }

  @Test func aChildMadeAtRunTimeIsValidatedOnItsOwn() throws {
    let app = Injector(label: "app")
    app.map((any Database).self, scope: .transient) { _ in Postgres() }
    try app.validate(roots: PlaceOrderHandler.self)
    let request = app.makeChild(label: "request")
    request.map(OrderService.self, named: "per request") { _ in OrderService() }
    request.unmap((any Database).self)  // nothing to unmap here: the parent's stays

    let report = try request.validate(roots: PlaceOrderHandler.self)

    #expect(report.checkedKeys.contains(InjectionKey(OrderService.self, named: "per request")))
    #expect(
      report.checkedKeys.contains(InjectionKey((any Database).self)),
      "the parent's mappings are checked too")
  }
}
