import InjectionCore
import InjectionReflection
import Testing

/// The scope of a signed-in session, for these tests.
private enum SessionScope: ResettableScope {}

/// A value of the session.
private final class Session: Sendable {
  init() {}
}

/// A transient that needs the session.
private final class Checkout: Sendable {
  let session: Session

  init(session: Session) {
    self.session = session
  }
}

@Suite struct ResettableScopeGraphTests {
  @Test func aNodeOfAResettableScopeNamesTheScope() {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in Session() }
    injector.map(Checkout.self) { Checkout(session: try $0.resolve()) }

    let graph = injector.dependencyGraph()

    let session = graph.nodes.first { $0.key == InjectionKey(Session.self) }
    #expect(session?.kind == .mapped(scope: .singleton, recipe: .factory, owner: "direct"))
    #expect(session?.resettableScope == "SessionScope")
    let checkout = graph.nodes.first { $0.key == InjectionKey(Checkout.self) }
    #expect(checkout != nil)
    #expect(checkout?.resettableScope == nil)
    #expect(graph.dot().contains("[label=\"Session\\nsingleton in SessionScope, direct\"]"))
    #expect(graph.edges.contains { $0.from == InjectionKey(Checkout.self) })
  }

  @Test func validationBuildsAResettableValueAndTheInjectorStillResetsIt() throws {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in Session() }

    #expect(injector.validationReport().problems.isEmpty)
    let built = try injector.resolve(Session.self)
    injector.reset(SessionScope.self)

    #expect(try injector.resolve(Session.self) !== built)
  }
}
