import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// Contributions under keys (`contribute(_:forKey:)`, `resolveAll(_:keyedBy:)`,
/// `resolve(_:forKey:)`, `@Injected(all:keyedBy:)`, `Provider` called with a key).
@Suite struct KeyedCollectionTests {
  protocol Parser: AnyObject, Sendable {
    var format: String { get }
  }

  final class NamedParser: Parser {
    let format: String
    init(_ format: String) { self.format = format }
  }

  final class HookedParser: Parser, InjectionCompletable {
    let format = "hooked"
    let hooks = Counter()
    func injectionDidComplete() { hooks.increment() }
  }

  final class Locale: Sendable {
    let identifier: String
    init(_ identifier: String) { self.identifier = identifier }
  }

  final class LocalizedParser: Parser {
    let format: String
    init(locale: Locale) { format = "csv \(locale.identifier)" }
  }

  enum FileKind: Hashable, Sendable {
    case json, csv
  }

  final class Importer: Injectable {
    @Injected(all: (any Parser).self, keyedBy: String.self) var parsers: [String: any Parser]
    @Injected(all: (any Parser).self, keyedBy: FileKind.self) var byKind: [FileKind: any Parser]
    init() {}
  }

  final class Router: Injectable {
    @Injected var makeParser: Provider<any Parser>
    init() {}
  }

  final class ParserModule: InjectionModule {
    let entries: [(String, String)]
    let overriding: Bool
    init(_ entries: (String, String)..., overriding: Bool = false) {
      self.entries = entries
      self.overriding = overriding
    }
    func configure(_ mappings: ModuleMappings) {
      for (key, format) in entries {
        mappings.contribute(
          (any Parser).self, forKey: key, scope: .singleton, overriding: overriding
        ) { _ in NamedParser(format) }
      }
    }
  }

  private func formats(_ injector: Injector) throws -> [String: String] {
    try injector.resolveAll((any Parser).self, keyedBy: String.self).mapValues(\.format)
  }

  @Test func contributionsUnderKeysResolveAsADictionary() throws {
    let injector = Injector()
    injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("JSON") }
    injector.contribute((any Parser).self, forKey: "csv", to: NamedParser("CSV"))
    injector.contribute((any Parser).self, forKey: FileKind.json) { _ in NamedParser("kind") }
    #expect(try formats(injector) == ["json": "JSON", "csv": "CSV"])
    let byKind = try injector.resolveAll((any Parser).self, keyedBy: FileKind.self)
    #expect(byKind.mapValues(\.format) == [.json: "kind"])
  }

  @Test func aKeyedCollectionIsApartFromTheUnkeyedOneAndFromMappings() throws {
    let injector = Injector()
    #expect(try injector.resolveAll((any Parser).self, keyedBy: String.self).isEmpty)
    injector.contribute((any Parser).self) { _ in NamedParser("unkeyed") }
    injector.map((any Parser).self) { _ in NamedParser("mapped") }
    #expect(try injector.resolveAll((any Parser).self, keyedBy: String.self).isEmpty)
    injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("JSON") }
    injector.contribute((any Parser).self, forKey: "json", named: "legacy") { _ in
      NamedParser("old JSON")
    }
    #expect(try injector.resolveAll((any Parser).self).map(\.format) == ["unkeyed"])
    #expect(try formats(injector) == ["json": "JSON"])
    let legacy = try injector.resolveAll((any Parser).self, keyedBy: String.self, named: "legacy")
    #expect(legacy.mapValues(\.format) == ["json": "old JSON"])
  }

  @Test func resolvingOneKeyBuildsOnlyThatEntry() throws {
    let injector = Injector()
    let built = Counter()
    injector.contribute((any Parser).self, forKey: "json") { _ in
      built.increment()
      return NamedParser("JSON")
    }
    injector.contribute((any Parser).self, forKey: "csv") { _ in
      built.increment()
      return NamedParser("CSV")
    }
    #expect(try injector.resolve((any Parser).self, forKey: "csv")?.format == "CSV")
    #expect(built.value == 1)
    #expect(try injector.resolve((any Parser).self, forKey: "xml") == nil)
    #expect(built.value == 1)
  }

  @Test func eachEntryKeepsItsScope() throws {
    let injector = Injector()
    let eager = Counter()
    injector.contribute((any Parser).self, forKey: "transient") { _ in NamedParser("t") }
    injector.contribute((any Parser).self, forKey: "singleton", scope: .singleton) { _ in
      NamedParser("s")
    }
    injector.contribute((any Parser).self, forKey: "eager", scope: .eagerSingleton) { _ in
      eager.increment()
      return NamedParser("e")
    }
    #expect(eager.value == 1)
    let first = try injector.resolveAll((any Parser).self, keyedBy: String.self)
    let second = try injector.resolveAll((any Parser).self, keyedBy: String.self)
    #expect(first["transient"] !== second["transient"])
    #expect(first["singleton"] === second["singleton"])
    #expect(first["eager"] === second["eager"])
    #expect(eager.value == 1)
  }

  @Test func aWeakEntryLivesWhileSomethingHoldsIt() throws {
    let injector = Injector()
    injector.contribute((any Parser).self, forKey: "weak", scope: .weak) { _ in NamedParser("w") }
    let held = try #require(try injector.resolve((any Parser).self, forKey: "weak"))
    #expect(try injector.resolve((any Parser).self, forKey: "weak") === held)
  }

  @Test func anEntrysHookRunsOnceAndItsDependenciesResolve() throws {
    let injector = Injector()
    injector.map(Locale.self, to: Locale("fr"))
    injector.contribute((any Parser).self, forKey: "csv") { injector in
      LocalizedParser(locale: try injector.resolve())
    }
    injector.contribute((any Parser).self, forKey: "hooked") { _ in HookedParser() }
    let parsers = try injector.resolveAll((any Parser).self, keyedBy: String.self)
    #expect(parsers["csv"]?.format == "csv fr")
    #expect((parsers["hooked"] as? HookedParser)?.hooks.value == 1)
  }

  @Test func anEntrysFailureIsThrown() {
    let injector = Injector()
    injector.contribute((any Parser).self, forKey: "csv") { injector in
      LocalizedParser(locale: try injector.resolve())
    }
    #expect(throws: InjectionError.self) {
      _ = try injector.resolveAll((any Parser).self, keyedBy: String.self)
    }
  }

  @Test func aKeyContributedTwiceDirectlyStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let injector = Injector()
      injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("a") }
      injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("b") }
    }
  }

  @Test func aModuleContributingAKeyTheInjectorHoldsThrowsNamingBoth() throws {
    let injector = Injector()
    injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("direct") }
    let error = #expect(throws: InjectionError.self) {
      try injector.addModule(ParserModule(("csv", "CSV"), ("json", "module")))
    }
    let message = "\(try #require(error))"
    #expect(message.contains("\"json\""))
    #expect(message.contains("a direct contribution"))
    #expect(message.contains("module InjectionCoreTests.KeyedCollectionTests.ParserModule"))
    #expect(!injector.hasModule(ParserModule.self))
    #expect(try formats(injector) == ["json": "direct"])
  }

  @Test func aModuleContributingOneKeyTwiceThrows() {
    let injector = Injector()
    #expect(throws: InjectionError.self) {
      try injector.addModule(ParserModule(("json", "a"), ("json", "b")))
    }
    #expect(!injector.hasModule(ParserModule.self))
  }

  @Test func twoModulesContributingOneKeyIsAnErrorNamingBothModules() throws {
    final class OtherModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.contribute((any Parser).self, forKey: "json") { _ in NamedParser("other") }
      }
    }
    let injector = Injector()
    try injector.addModule(ParserModule(("json", "first")))
    let error = #expect(throws: InjectionError.self) { try injector.addModule(OtherModule()) }
    let message = "\(try #require(error))"
    #expect(message.contains("module InjectionCoreTests.KeyedCollectionTests.ParserModule"))
    #expect(message.contains("OtherModule"))
  }

  @Test func anOverridingEntryWinsAndItsModulesRemovalRestoresTheEarlierOne() throws {
    let injector = Injector()
    injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("direct") }
    let module = ParserModule(("json", "module"), ("xml", "XML"), overriding: true)
    try injector.addModule(module)
    #expect(try formats(injector) == ["json": "module", "xml": "XML"])
    injector.removeModule(module)
    #expect(try formats(injector) == ["json": "direct"])
  }

  @Test func anOverriddenEntryIsNotBuilt() throws {
    let parent = Injector()
    let built = Counter()
    parent.contribute((any Parser).self, forKey: "json") { _ in
      built.increment()
      return NamedParser("parent")
    }
    let child = parent.makeChild()
    child.contribute((any Parser).self, forKey: "json") { _ in
      built.increment()
      return NamedParser("direct")
    }
    try child.addModule(ParserModule(("json", "module"), overriding: true))
    #expect(try formats(child) == ["json": "module"])
    #expect(try child.resolve((any Parser).self, forKey: "json")?.format == "module")
    #expect(built.value == 0)
  }

  @Test func overridingOnesOwnEntryReplacesIt() throws {
    let injector = Injector()
    for value in 0..<5 {
      injector.contribute(Int.self, forKey: "retries", overriding: true, to: value)
    }
    #expect(try injector.resolveAll(Int.self, keyedBy: String.self) == ["retries": 4])
    #expect(injector.snapshot().contributions.count == 1)
  }

  @Test func aChildsEntryWinsOverItsParentsWithoutOverriding() throws {
    let parent = Injector(label: "app")
    parent.contribute((any Parser).self, forKey: "json") { _ in NamedParser("parent") }
    parent.contribute((any Parser).self, forKey: "csv") { _ in NamedParser("CSV") }
    let child = parent.makeChild(label: "request")
    child.contribute((any Parser).self, forKey: "json") { _ in NamedParser("child") }
    #expect(try formats(child) == ["json": "child", "csv": "CSV"])
    #expect(try child.resolve((any Parser).self, forKey: "json")?.format == "child")
    #expect(try formats(parent) == ["json": "parent", "csv": "CSV"])
  }

  @Test func removingAChildsModuleRestoresTheParentsEntry() throws {
    let parent = Injector(label: "app")
    parent.contribute((any Parser).self, forKey: "json") { _ in NamedParser("parent") }
    let child = parent.makeChild()
    let module = ParserModule(("json", "child module"))
    try child.addModule(module)
    #expect(try formats(child) == ["json": "child module"])
    child.removeModule(module)
    #expect(try formats(child) == ["json": "parent"])
  }

  @Test func aTransientEntryOfTheParentIsBuiltByTheAskingChild() throws {
    let parent = Injector()
    parent.map(Locale.self, to: Locale("en"))
    parent.contribute((any Parser).self, forKey: "csv") { injector in
      LocalizedParser(locale: try injector.resolve())
    }
    let child = parent.makeChild()
    child.map(Locale.self, to: Locale("de"))
    #expect(try formats(child) == ["csv": "csv de"])
    #expect(try formats(parent) == ["csv": "csv en"])
  }

  @Test func aSingletonEntryBelongsToTheInjectorThatHoldsIt() throws {
    let parent = Injector()
    parent.contribute((any Parser).self, forKey: "json", scope: .singleton) { _ in
      NamedParser("JSON")
    }
    let child = parent.makeChild()
    let throughChild = try child.resolve((any Parser).self, forKey: "json")
    #expect(throughChild === (try parent.resolve((any Parser).self, forKey: "json")))
  }

  @Test func removingTheContributionsEmptiesOnlyThisInjectorsCollection() throws {
    let parent = Injector()
    parent.contribute((any Parser).self, forKey: "csv") { _ in NamedParser("CSV") }
    let child = parent.makeChild()
    child.contribute((any Parser).self, forKey: "json") { _ in NamedParser("JSON") }
    try child.addModule(ParserModule(("xml", "XML")))
    #expect(child.removeContributions(to: (any Parser).self, keyedBy: String.self) == 2)
    #expect(try formats(child) == ["csv": "CSV"])
    child.contribute((any Parser).self, forKey: "xml") { _ in NamedParser("new XML") }
    #expect(try formats(child) == ["csv": "CSV", "xml": "new XML"])
  }

  @Test func replacingAModuleSwapsItsEntries() throws {
    let injector = Injector()
    let old = ParserModule(("json", "old"))
    try injector.addModule(old)
    try injector.replaceModule(old, with: ParserModule(("json", "new")))
    #expect(try formats(injector) == ["json": "new"])
  }

  @Test func anInjectedPropertyHoldsTheDictionary() throws {
    let injector = Injector()
    injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("JSON") }
    injector.contribute((any Parser).self, forKey: FileKind.csv) { _ in NamedParser("CSV") }
    let importer = try injector.resolve(Importer.self)
    #expect(importer.parsers.mapValues(\.format) == ["json": "JSON"])
    #expect(importer.byKind.mapValues(\.format) == [.csv: "CSV"])
  }

  @Test func aProviderCalledWithAKeyBuildsThatEntryEachTime() throws {
    let injector = Injector()
    let built = Counter()
    injector.contribute((any Parser).self, forKey: "json") { _ in
      built.increment()
      return NamedParser("JSON")
    }
    let router = try injector.resolve(Router.self)
    #expect(built.value == 0)
    let first = try router.makeParser(forKey: "json")
    let second = try router.makeParser(forKey: "json")
    #expect(first?.format == "JSON")
    #expect(first !== second)
    #expect(built.value == 2)
    #expect(try router.makeParser(forKey: "yaml") == nil)
    #expect(try router.makeParser(forKey: FileKind.json) == nil)
  }

  @Test func aSnapshotListsEachEntryWithItsKey() throws {
    let parent = Injector(label: "app")
    parent.contribute((any Parser).self, forKey: "csv") { _ in NamedParser("CSV") }
    let child = parent.makeChild(label: "request")
    try child.addModule(ParserModule(("json", "JSON")))
    let snapshot = child.snapshot()
    let own = try #require(snapshot.contributions.first)
    #expect(own.key == InjectionKey([String: any Parser].self))
    #expect(own.entryKey == #""json""#)
    #expect(own.owner == .module("InjectionCoreTests.KeyedCollectionTests.ParserModule"))
    #expect(snapshot.inherited.first?.contributions.map(\.entryKey) == [#""csv""#])
    #expect(own.description.contains("\"json\": singleton factory"))
  }

  @Test func observersSeeOneResolutionOfTheKeyedCollection() throws {
    let injector = Injector()
    injector.contribute((any Parser).self, forKey: "json") { _ in NamedParser("JSON") }
    let keys = Mutex<[InjectionKey]>([])
    let observation = injector.observeResolutions { event in
      if case .started = event.phase { keys.withLock { $0.append(event.key) } }
    }
    _ = try injector.resolveAll((any Parser).self, keyedBy: String.self)
    _ = try injector.resolve((any Parser).self, forKey: "json")
    observation.cancel()
    let collection = InjectionKey([String: any Parser].self)
    #expect(keys.withLock { $0 } == [collection, collection])
  }

  @Test func theErasedResolutionReturnsTheEntriesInForce() throws {
    let parent = Injector()
    parent.contribute((any Parser).self, forKey: "json") { _ in NamedParser("parent") }
    let child = parent.makeChild()
    child.contribute((any Parser).self, forKey: "json") { _ in NamedParser("child") }
    child.contribute((any Parser).self, forKey: "csv") { _ in NamedParser("CSV") }
    let values = try child.resolveAll(InjectionKey([String: any Parser].self))
    let formats = values.compactMap { ($0 as? any Parser)?.format }.sorted()
    #expect(formats == ["CSV", "child"])
  }

  @Test func aCopyKeepsWhichEntryWinsAndLetsALaterEntryOverride() throws {
    let parent = Injector(label: "app")
    parent.contribute((any Parser).self, forKey: "json") { _ in NamedParser("parent") }
    parent.contribute((any Parser).self, forKey: "csv") { _ in NamedParser("CSV") }
    let child = parent.makeChild()
    child.contribute((any Parser).self, forKey: "json") { _ in NamedParser("child") }
    let copy = try child.makeCopy { copy in
      copy.contribute((any Parser).self, forKey: "csv") { _ in NamedParser("copy") }
    }
    #expect(try formats(copy) == ["json": "child", "csv": "copy"])
    #expect(try formats(child) == ["json": "child", "csv": "CSV"])
  }
}
