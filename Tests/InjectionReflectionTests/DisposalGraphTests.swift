import InjectionCore
import InjectionReflection
import Testing

/// The graph shows which values are disposed, and validation says when a captive is disposed
/// under its holder (issue 34).
@Suite struct DisposalGraphTests {
  enum VisitScope: ResettableScope {}

  /// A connection that closes when disposed.
  final class Connection: InjectionDisposable, Sendable {
    init() {}
    func dispose() throws {}
  }

  /// A key whose values' types decide.
  protocol Store: Sendable {}
  final class DiskStore: Store, InjectionDisposable {
    func dispose() throws {}
  }
  final class MemoryStore: Store {}

  /// Keeps whatever it is built with.
  final class Reporter: Sendable {
    let held: any Sendable
    init(holding held: any Sendable) { self.held = held }
  }

  @Test func aNodeSaysWhetherItsValuesAreDisposed() throws {
    let injector = Injector(label: "app")
    injector.map(Connection.self, scope: .singleton) { _ in Connection() }
    injector.map(Connection.self, named: "each") { _ in Connection() }
    injector.map((any Store).self, named: "disk", scope: .singleton) { _ in DiskStore() }
    injector.map((any Store).self, named: "memory", scope: .singleton) { _ in MemoryStore() }

    let graph = injector.dependencyGraph(
      rootKeys: [
        InjectionKey(Connection.self), InjectionKey(Connection.self, named: "each"),
        InjectionKey((any Store).self, named: "disk"),
        InjectionKey((any Store).self, named: "memory"),
      ])

    func node(_ key: InjectionKey) -> DependencyGraph.Node? {
      graph.nodes.first { $0.key == key }
    }
    #expect(node(InjectionKey(Connection.self))?.disposal == .disposed)
    #expect(node(InjectionKey(Connection.self, named: "each"))?.disposal == .notOwned)
    // Validation built them: their own types decide.
    #expect(node(InjectionKey((any Store).self, named: "disk"))?.disposal == .disposed)
    #expect(node(InjectionKey((any Store).self, named: "memory"))?.disposal == .notDisposed)
    let dot = graph.dot()
    #expect(dot.contains("root, singleton, direct, disposed"), "\(dot)")
    #expect(graph.mermaid.contains("singleton, direct, disposed"))
    #expect(!dot.contains("transient, direct, disposed"), "\(dot)")
  }

  @Test func aSingletonHoldingAValueItsResetDisposesIsAUseAfterDisposal() throws {
    let injector = Injector(label: "app")
    injector.map(Connection.self, scope: .resettable(VisitScope.self)) { _ in Connection() }
    injector.map(Reporter.self, scope: .singleton) {
      Reporter(holding: try $0.resolve(Connection.self))
    }

    let report = injector.validationReport(roots: Reporter.self)

    let captive = try #require(
      report.problems.first { $0.kind == .captiveDependency }, "\(report)")
    #expect(captive.key == InjectionKey(Connection.self))
    #expect(
      captive.description.contains(
        "(in VisitScope) is disposed by reset(VisitScope.self) and then used after its disposal "
          + "by singleton"),
      "\(captive)")
  }
}
