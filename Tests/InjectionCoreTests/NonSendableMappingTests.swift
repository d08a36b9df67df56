import InjectionCore
import InjectionTestHelpers
import Testing

/// Types that are not `Sendable` map in the scopes that never share a value between threads.
///
/// Transient and graph (issue 21, point 2): each test would stop compiling if its overload
/// demanded `Sendable` again.
@Suite struct NonSendableMappingTests {
  /// Not `Sendable`: a mutable class, as a request's service usually is.
  protocol Ledger: AnyObject {
    var entries: [String] { get set }
  }

  final class Book: Ledger {
    var entries: [String] = []
  }

  /// `Injectable` and not `Sendable`, with a dependency.
  final class OrderService: Injectable {
    @Injected var ledger: any Ledger
    var orders = 0
    init() {}
  }

  /// Not `Sendable`, with an injection-complete hook.
  final class Audit: InjectionCompletable {
    var completions = 0
    func injectionDidComplete() { completions += 1 }
  }

  /// Holds two ledgers, to tell a graph-scoped one from a transient one.
  final class Pair {
    let first: any Ledger
    let second: any Ledger
    init(first: any Ledger, second: any Ledger) {
      self.first = first
      self.second = second
    }
  }

  @Test func anInjectableTypeThatIsNotSendableMapsAsATransient() throws {
    let injector = Injector(label: "orders")
    injector.map((any Ledger).self) { _ in Book() }
    injector.map(OrderService.self)

    let first = try injector.resolve(OrderService.self)
    let second = try injector.resolve(OrderService.self)

    #expect(first !== second)
    #expect(first.ledger !== second.ledger)
    #expect(injector.isMapped(OrderService.self))
    let mapping = injector.snapshot().mappings.first { $0.key == InjectionKey(OrderService.self) }
    #expect(mapping?.scope == .transient)
    #expect(mapping?.recipe == .injectableType)
  }

  @Test func anExplicitTransientScopeTakesATypeThatIsNotSendable() throws {
    let injector = Injector(label: "orders")
    injector.map((any Ledger).self, scope: .transient) { _ in Book() }
    injector.map(Book.self, named: "initializer", scope: .transient, with: Book.init)

    #expect(try injector.resolve((any Ledger).self) !== (try injector.resolve((any Ledger).self)))
    #expect(
      try injector.resolve(Book.self, named: "initializer")
        !== (try injector.resolve(Book.self, named: "initializer")))
  }

  @Test func aGraphScopeTakesATypeThatIsNotSendableAndSharesItWithinOneResolution() throws {
    let injector = Injector(label: "orders")
    injector.map((any Ledger).self, scope: .graph) { _ in Book() }
    injector.map(Pair.self) { injector in
      Pair(first: try injector.resolve(), second: try injector.resolve())
    }

    let first = try injector.resolve(Pair.self)
    let second = try injector.resolve(Pair.self)

    #expect(first.first === first.second, "one ledger within one resolution")
    #expect(first.first !== second.first, "a new ledger for the next resolution")
  }

  @Test func aHookedTypeThatIsNotSendableGetsItsHookInAnUnsharedScope() throws {
    let injector = Injector(label: "orders")
    injector.map(Audit.self, scope: .transient) { _ in Audit() }
    injector.map(Audit.self, named: "graph", scope: .graph, with: Audit.init)

    #expect(try injector.resolve(Audit.self).completions == 1)
    #expect(try injector.resolve(Audit.self, named: "graph").completions == 1)
  }

  @Test(arguments: [MappingScope<Book>.transient, .graph])
  func anUnsharedMappingScopeStandsForTheScopeOfTheSameName(scope: MappingScope<Book>) {
    #expect(scope.description == scope.scope.description)
    let injector = Injector(label: "orders")
    injector.map(Book.self, scope: scope) { _ in Book() }
    #expect(injector.snapshot().mappings.first?.scope == scope.scope)
  }

  @Test func aSendableTypeWithAnExplicitTransientScopeStillMapsAsBefore() throws {
    let injector = Injector(label: "orders")
    injector.map((any Engine).self, scope: .transient) { _ in HybridEngine() }
    let scope: Scope = .singleton
    injector.map((any Engine).self, named: "kept", scope: MappingScope(scope)) { _ in HybridEngine()
    }

    #expect(try injector.resolve((any Engine).self) !== (try injector.resolve((any Engine).self)))
    #expect(
      try injector.resolve((any Engine).self, named: "kept")
        === (try injector.resolve((any Engine).self, named: "kept")))
  }
}
