import InjectionCore
import InjectionReflection
import Testing

/// Validation and the dependency graph of decorated keys.
@Suite struct DecoratorGraphTests {
  protocol Engine: Sendable {}
  struct V8: Engine {}
  final class EngineLog: Sendable {}
  struct LoggingEngine: Engine {
    let engine: any Engine
    let log: EngineLog
  }

  private static let engine = InjectionKey((any Engine).self)

  private func node(_ graph: DependencyGraph, _ key: InjectionKey) throws -> DependencyGraph.Node {
    try #require(graph.nodes.first { $0.key == key })
  }

  @Test func aDecoratedKeyIsMarkedInTheGraph() throws {
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in V8() }
    injector.map(EngineLog.self, scope: .singleton) { _ in EngineLog() }
    injector.decorate((any Engine).self) { engine, injector in
      LoggingEngine(engine: engine, log: try injector.resolve())
    }
    let report = injector.validationReport(rootKeys: [Self.engine])
    #expect(report.problems.isEmpty)
    #expect(try node(report.graph, Self.engine).decoratorCount == 1)
    #expect(try node(report.graph, InjectionKey(EngineLog.self)).decoratorCount == 0)
    // The decorator's dependency is the key's dependency.
    #expect(
      report.graph.edges.contains {
        $0.from == Self.engine && $0.to == InjectionKey(EngineLog.self)
      })
    #expect(report.graph.mermaid.contains("decorated"))
    #expect(report.graph.dot().contains("singleton, direct, decorated"))
  }

  @Test func aChildsDecoratorDoesNotCountForAParentsSingleton() throws {
    let parent = Injector(label: "app")
    parent.map((any Engine).self, scope: .singleton) { _ in V8() }
    parent.map(String.self) { _ in "transient" }
    parent.decorate((any Engine).self) { $0 }
    let child = parent.makeChild(label: "screen")
    child.decorate((any Engine).self) { $0 }
    child.decorate(String.self) { $0 }
    child.decorate(String.self) { $0 }
    let graph = child.validationReport(rootKeys: [Self.engine, InjectionKey(String.self)]).graph
    #expect(try node(graph, Self.engine).decoratorCount == 1)
    #expect(try node(graph, InjectionKey(String.self)).decoratorCount == 2)
    #expect(graph.dot().contains("2 decorators"))
  }

  @Test func aDecoratorsMissingDependencyIsAProblem() {
    let injector = Injector()
    injector.map((any Engine).self) { _ in V8() }
    injector.decorate((any Engine).self) { engine, injector in
      LoggingEngine(engine: engine, log: try injector.resolve())
    }
    let report = injector.validationReport(rootKeys: [Self.engine])
    #expect(
      report.problems == [.missingMapping(key: InjectionKey(EngineLog.self), path: [Self.engine])])
  }
}
