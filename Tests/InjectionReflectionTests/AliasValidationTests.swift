import InjectionCore
import InjectionReflection
import Testing

/// Validation and the dependency graph of aliases (`alias(_:named:to:targetNamed:_:)`).
@Suite struct AliasValidationTests {
  protocol Reserving: AnyObject, Sendable {}
  final class TicketService: Reserving {}

  final class ProductionModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(TicketService.self, scope: .singleton) { _ in TicketService() }
      mappings.alias((any Reserving).self, to: TicketService.self) { $0 }
    }
  }

  private static let alias = InjectionKey((any Reserving).self)
  private static let target = InjectionKey(TicketService.self)

  @Test func anAliasIsAnEdgeFromItsKeyToItsTarget() throws {
    let injector = Injector(label: "tickets")
    injector.map(TicketService.self, scope: .singleton) { _ in TicketService() }
    injector.alias((any Reserving).self, to: TicketService.self) { $0 }

    let report = try injector.validate()

    #expect(report.checkedKeys.contains(Self.alias))
    let graph = report.graph
    #expect(
      graph.edges == [.init(from: Self.alias, to: Self.target, property: nil, isProblem: false)])
    #expect(
      graph.nodes.first { $0.key == Self.alias }?.kind
        == .mapped(scope: .transient, recipe: .factory, owner: "direct"))
    #expect(
      graph.dot().contains(
        "\"AliasValidationTests.Reserving\" -> \"AliasValidationTests.TicketService\";"))
  }

  @Test func theGraphDrawsAnAliasAsAnAliasOfItsTargetNotAsATransient() throws {
    let injector = Injector(label: "tickets")
    try injector.addModule(ProductionModule())

    let graph = try injector.validate().graph

    let detail =
      "alias of AliasValidationTests.TicketService, module AliasValidationTests.ProductionModule"
    #expect(graph.dot().contains("[label=\"AliasValidationTests.Reserving\\n\(detail)\"]"))
    #expect(graph.mermaid.contains(detail))
    #expect(!graph.dot().contains("transient"))
  }

  @Test func anAliasNodeNamesTheKeyItResolves() throws {
    let injector = Injector(label: "tickets")
    try injector.addModule(ProductionModule())

    let graph = try injector.validate().graph

    #expect(graph.nodes.first { $0.key == Self.alias }?.aliasTarget == Self.target)
    #expect(graph.nodes.first { $0.key == Self.target }?.aliasTarget == nil)
  }

  @Test func aDanglingAliasIsReportedAsItsTargetMissing() {
    let injector = Injector(label: "tickets")
    injector.alias((any Reserving).self, to: TicketService.self) { $0 }

    let report = injector.validationReport()

    #expect(report.problems == [.missingMapping(key: Self.target, path: [Self.alias])])
    #expect(
      report.graph.edges == [
        .init(from: Self.alias, to: Self.target, property: nil, isProblem: true)
      ])
    #expect(report.graph.nodes.first { $0.key == Self.target }?.kind == .missing)
  }

  @Test func excludingTheTargetLeavesItsAliasesOutOfTheCheck() throws {
    let injector = Injector(label: "tickets")
    injector.map(TicketService.self, scope: .singleton) { _ in TicketService() }
    injector.alias((any Reserving).self, to: TicketService.self) { $0 }

    let report = try injector.validate(excluding: [Self.target])

    #expect(!report.checkedKeys.contains(Self.alias))
    #expect(!report.checkedKeys.contains(Self.target))
  }
}
