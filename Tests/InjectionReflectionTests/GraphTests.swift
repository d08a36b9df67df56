import InjectionCore
import InjectionReflection
import Testing

@Suite struct GraphTests {
  private func garageInjector() -> Injector {
    let injector = Injector(label: "garage")
    injector.map((any Engine).self, scope: .singleton) { _ in V8() }
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }
    return injector
  }

  @Test func nodesAreKeysWithScopeAndOwnerAndEdgesAreLabeledWithProperties() {
    let graph = garageInjector().dependencyGraph()

    #expect(
      graph.nodes == [
        .init(key: InjectionKey(Car.self), kind: .automatic),
        .init(
          key: InjectionKey((any Engine).self),
          kind: .mapped(scope: .singleton, recipe: .factory, owner: "direct"),
          disposal: .notDisposed),
        .init(
          key: InjectionKey(Garage.self),
          kind: .mapped(scope: .transient, recipe: .factory, owner: "direct")),
        .init(key: InjectionKey(Wheel.self), kind: .automatic),
      ])
    #expect(
      graph.edges == [
        .init(
          from: InjectionKey(Car.self), to: InjectionKey((any Engine).self), property: "engine",
          isProblem: false),
        .init(
          from: InjectionKey(Car.self), to: InjectionKey(Wheel.self), property: "frontLeft",
          isProblem: false),
        .init(
          from: InjectionKey(Garage.self), to: InjectionKey(Car.self), property: nil,
          isProblem: false),
      ])
  }

  @Test func dotDrawsMissingDependenciesInRed() {
    let injector = Injector(label: "broken")
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }

    let dot = injector.dependencyGraph().dot()

    #expect(dot.hasPrefix("digraph \"broken\" {\n  rankdir=LR;\n  node [shape=box];\n"))
    #expect(dot.contains("  \"Engine\" [label=\"Engine\\nmissing\", color=red, fontcolor=red];"))
    // Car could not be built, so the edge into the failure has no property label.
    #expect(dot.contains("  \"Car\" -> \"Engine\" [color=red, fontcolor=red];"))
    #expect(dot.contains("  \"Garage\" -> \"Car\";"))
    #expect(dot.contains("  \"Garage\" [label=\"Garage\\ntransient, direct\"];"))
  }

  @Test func mermaidDrawsTheSameGraphWithProblemsInRed() {
    let injector = Injector(label: "broken")
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }

    let mermaid = injector.dependencyGraph().mermaid

    #expect(
      mermaid == """
        graph LR
          n0["Car<br/>created automatically"]
          n1["Engine<br/>missing"]:::problem
          n2["Garage<br/>transient, direct"]
          n0 --> n1
          n2 --> n0
          classDef problem stroke:#d00,color:#d00
          linkStyle 0 stroke:#d00,color:#d00

        """)
  }

  @Test func aMermaidTitleGoesIntoFrontMatterQuotedOnOneLine() {
    let graph = DependencyGraph(
      injector: "app", nodes: [.init(key: InjectionKey(Wheel.self), kind: .automatic)], edges: [])

    let mermaid = graph.mermaid(title: "the \"app\": a graph\nof wheels")

    #expect(
      mermaid.hasPrefix("---\ntitle: \"the \\\"app\\\": a graph of wheels\"\n---\ngraph LR\n"))
    #expect(graph.mermaid == graph.mermaid(title: nil))
    #expect(graph.mermaid.hasPrefix("graph LR\n"))
  }

  @Test func aProblemLinkIsStyledByItsIndexAmongTheLinksDrawn() {
    let wheel = InjectionKey(Wheel.self)
    let engine = InjectionKey((any Engine).self)
    let garage = InjectionKey(Garage.self)
    let graph = DependencyGraph(
      injector: "app",
      nodes: [.init(key: garage, kind: .automatic), .init(key: engine, kind: .missing)],
      edges: [
        .init(from: garage, to: wheel, property: nil, isProblem: false),  // no node: not drawn
        .init(from: garage, to: engine, property: "engine", isProblem: true),
      ])

    let mermaid = graph.mermaid

    #expect(mermaid.contains("  linkStyle 0 stroke:#d00,color:#d00\n"))
  }

  @Test func exportIsTheSameForTheSameMappings() {
    #expect(garageInjector().dependencyGraph().dot() == garageInjector().dependencyGraph().dot())
    #expect(
      garageInjector().dependencyGraph().mermaid == garageInjector().dependencyGraph().mermaid)
  }

  @Test func cyclesThatFailAreRedAndModulesAndParentsAreOwners() throws {
    final class StarterModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(ValidateTests.Starter.self) {
          ValidateTests.Starter(battery: try $0.resolve(ValidateTests.Battery.self))
        }
      }
    }
    let parent = Injector(label: "app")
    parent.map(Wheel.self, named: "spare", scope: .singleton)
    let injector = parent.makeChild(label: "test")
    try injector.addModule(StarterModule())
    injector.map(ValidateTests.Battery.self) {
      ValidateTests.Battery(starter: try $0.resolve(ValidateTests.Starter.self))
    }

    let graph = injector.dependencyGraph()

    #expect(graph.edges.filter(\.isProblem).count == 2)
    #expect(
      graph.nodes.contains(
        .init(
          key: InjectionKey(Wheel.self, named: "spare"),
          kind: .mapped(
            scope: .singleton, recipe: .injectableType, owner: "inherited from \"app\" (direct)"),
          disposal: .notDisposed)))
    #expect(
      graph.nodes.contains(
        .init(
          key: InjectionKey(ValidateTests.Starter.self),
          kind: .mapped(scope: .transient, recipe: .factory, owner: "module StarterModule"))))
  }

  @Test func typesThatShareANameAreQualifiedOthersAreNot() {
    let graph = DependencyGraph(
      injector: "namesakes",
      nodes: [
        .init(key: InjectionKey(typeName: "Tires.Wheel"), kind: .automatic),
        .init(key: InjectionKey(typeName: "CarDemo.Wheel"), kind: .automatic),
        .init(key: InjectionKey(typeName: "CarDemo.Engine"), kind: .missing),
      ],
      edges: [
        .init(
          from: InjectionKey(typeName: "Tires.Wheel"), to: InjectionKey(typeName: "CarDemo.Wheel"),
          property: nil, isProblem: false)
      ])

    let dot = graph.dot()

    #expect(dot.contains("  \"Tires.Wheel\" -> \"CarDemo.Wheel\";"))
    #expect(dot.contains("  \"Engine\" [label="))
  }
}
