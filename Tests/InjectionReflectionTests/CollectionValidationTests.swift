import InjectionCore
import InjectionReflection
import Testing

/// Validation and the dependency graph of collections of contributions.
@Suite struct CollectionValidationTests {
  protocol Plugin: Sendable {}
  struct Clock: Sendable {}
  struct ClockPlugin: Plugin {
    let clock: Clock
  }
  struct PlainPlugin: Plugin {}

  final class PluginModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.contribute((any Plugin).self, scope: .singleton) { _ in PlainPlugin() }
    }
  }

  final class Host: Injectable {
    @Injected(all: (any Plugin).self) var plugins: [any Plugin]
    init() {}
  }

  private static let collection = InjectionKey([any Plugin].self)

  @Test func aContributionsMissingDependencyIsAProblemOnItsCollectionsPath() {
    let injector = Injector()
    injector.contribute((any Plugin).self) { ClockPlugin(clock: try $0.resolve()) }
    let report = injector.validationReport()
    #expect(
      report.problems == [.missingMapping(key: InjectionKey(Clock.self), path: [Self.collection])])
    #expect(report.checkedKeys == [Self.collection])
  }

  @Test func validCollectionsPassAndAreDrawnWithTheirContributors() throws {
    let injector = Injector()
    injector.map(Clock.self) { _ in Clock() }
    injector.contribute((any Plugin).self) { ClockPlugin(clock: try $0.resolve()) }
    try injector.addModule(PluginModule())
    let report = try injector.validate(roots: Host.self)
    let node = try #require(report.graph.nodes.first { $0.key == Self.collection })
    guard case .mapped(.transient, .factory, let owner) = node.kind else {
      Issue.record("a collection is drawn as \(node.kind)")
      return
    }
    #expect(
      owner
        == "collection of 2 contributions: direct, module CollectionValidationTests.PluginModule")
    let edges = Set(report.graph.edges.map { "\($0.from.typeName) -> \($0.to.typeName)" })
    #expect(edges.contains("\(InjectionKey(Host.self).typeName) -> \(Self.collection.typeName)"))
    #expect(edges.contains("\(Self.collection.typeName) -> \(InjectionKey(Clock.self).typeName)"))
  }

  @Test func anInheritedContributionIsValidatedInTheChild() {
    let parent = Injector(label: "app")
    parent.contribute((any Plugin).self) { ClockPlugin(clock: try $0.resolve()) }
    let child = parent.makeChild(label: "screen")
    #expect(!child.validationReport().isValid)
    child.map(Clock.self) { _ in Clock() }
    #expect(child.validationReport().isValid)
  }
}

/// Validation and the dependency graph of keyed collections.
@Suite struct KeyedCollectionValidationTests {
  protocol Plugin: Sendable {}
  struct Clock: Sendable {}
  struct ClockPlugin: Plugin {
    let clock: Clock
  }
  struct PlainPlugin: Plugin {}

  final class PluginModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.contribute((any Plugin).self, forKey: "plain", scope: .singleton) { _ in
        PlainPlugin()
      }
    }
  }

  final class Host: Injectable {
    @Injected(all: (any Plugin).self, keyedBy: String.self) var plugins: [String: any Plugin]
    init() {}
  }

  private static let collection = InjectionKey([String: any Plugin].self)

  @Test func anEntrysMissingDependencyIsAProblemOnItsCollectionsPath() {
    let injector = Injector()
    injector.contribute((any Plugin).self, forKey: "clock") { ClockPlugin(clock: try $0.resolve()) }
    let report = injector.validationReport()
    #expect(
      report.problems == [.missingMapping(key: InjectionKey(Clock.self), path: [Self.collection])])
    #expect(report.checkedKeys == [Self.collection])
  }

  @Test func anEntryThatAChildOverridesIsNotCheckedInTheChild() {
    let parent = Injector(label: "app")
    parent.contribute((any Plugin).self, forKey: "clock") { ClockPlugin(clock: try $0.resolve()) }
    let child = parent.makeChild(label: "screen")
    child.contribute((any Plugin).self, forKey: "clock") { _ in PlainPlugin() }
    #expect(child.validationReport().isValid)
    #expect(!parent.validationReport().isValid)
  }

  @Test func validKeyedCollectionsAreDrawnWithTheEntriesInForce() throws {
    let parent = Injector(label: "app")
    parent.contribute((any Plugin).self, forKey: "plain") { _ in PlainPlugin() }
    let injector = parent.makeChild(label: "screen")
    injector.map(Clock.self) { _ in Clock() }
    injector.contribute((any Plugin).self, forKey: "clock") { ClockPlugin(clock: try $0.resolve()) }
    try injector.addModule(PluginModule())
    let report = try injector.validate(roots: Host.self)
    let node = try #require(report.graph.nodes.first { $0.key == Self.collection })
    guard case .mapped(.transient, .factory, let owner) = node.kind else {
      Issue.record("a keyed collection is drawn as \(node.kind)")
      return
    }
    #expect(
      owner
        == """
        collection of 2 contributions: direct for "clock", \
        module KeyedCollectionValidationTests.PluginModule for "plain"
        """)
    let edges = Set(report.graph.edges.map { "\($0.from.typeName) -> \($0.to.typeName)" })
    #expect(edges.contains("\(InjectionKey(Host.self).typeName) -> \(Self.collection.typeName)"))
    #expect(edges.contains("\(Self.collection.typeName) -> \(InjectionKey(Clock.self).typeName)"))
  }
}
