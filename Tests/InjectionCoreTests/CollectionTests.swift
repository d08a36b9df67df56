import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// Contributions to collections (`contribute`, `resolveAll`, `@Injected(all:)`).
@Suite struct CollectionTests {
  protocol Destination: AnyObject, Sendable {
    var name: String { get }
  }

  final class NamedDestination: Destination {
    let name: String
    init(_ name: String) { self.name = name }
  }

  final class HookedDestination: Destination, InjectionCompletable {
    let name = "hooked"
    let hooks = Counter()
    func injectionDidComplete() { hooks.increment() }
  }

  final class Clock: Sendable {
    let zone: String
    init(zone: String) { self.zone = zone }
  }

  final class ClockedDestination: Destination, Injectable {
    let clock = Injected<Clock>()
    var name: String { "clocked \(clock.value.zone)" }
    init() {}
  }

  final class Logger: Injectable {
    @Injected(all: (any Destination).self) var destinations: [any Destination]
    @Injected(all: (any Destination).self, named: "audit") var audit: [any Destination]
    init() {}
  }

  final class DestinationModule: InjectionModule {
    let names: [String]
    init(_ names: String...) { self.names = names }
    func configure(_ mappings: ModuleMappings) {
      for name in names {
        mappings.contribute((any Destination).self, scope: .singleton) { _ in
          NamedDestination(name)
        }
      }
    }
  }

  private func names(_ injector: Injector, named name: String? = nil) throws -> [String] {
    try injector.resolveAll((any Destination).self, named: name).map(\.name)
  }

  @Test func aCollectionWithoutContributionsIsEmpty() throws {
    let injector = Injector()
    #expect(try injector.resolveAll((any Destination).self).isEmpty)
    #expect(try injector.resolveAll(Int.self).isEmpty)
  }

  @Test func contributionsResolveInTheOrderTheyWereMade() throws {
    let injector = Injector()
    injector.contribute((any Destination).self) { _ in NamedDestination("console") }
    injector.contribute((any Destination).self, to: NamedDestination("memory"))
    injector.contribute((any Destination).self, scope: .singleton) { _ in
      NamedDestination("file")
    }
    #expect(try names(injector) == ["console", "memory", "file"])
  }

  @Test func aContributionNeitherMapsNorReplacesTheElementType() throws {
    let injector = Injector()
    injector.contribute(Int.self, to: 1)
    injector.contribute(Int.self, to: 2)
    #expect(!injector.isMapped(Int.self))
    injector.map(Int.self, to: 42)
    #expect(try injector.resolve(Int.self) == 42)
    #expect(try injector.resolveAll(Int.self) == [1, 2])
    #expect(!injector.isMapped([Int].self))
  }

  @Test func eachContributionKeepsItsOwnScope() throws {
    let injector = Injector()
    let built = Counter()
    injector.contribute((any Destination).self, scope: .singleton) { _ in
      built.increment()
      return NamedDestination("singleton")
    }
    injector.contribute((any Destination).self) { _ in NamedDestination("transient") }
    let first = try injector.resolveAll((any Destination).self)
    let second = try injector.resolveAll((any Destination).self)
    #expect(first[0] === second[0])
    #expect(first[1] !== second[1])
    #expect(built.value == 1)
  }

  @Test func anEagerSingletonContributionIsBuiltWhenContributed() {
    let injector = Injector()
    let built = Counter()
    injector.contribute((any Destination).self, scope: .eagerSingleton) { _ in
      built.increment()
      return NamedDestination("eager")
    }
    #expect(built.value == 1)
  }

  @Test func namedCollectionsAreSeparate() throws {
    let injector = Injector()
    injector.contribute((any Destination).self) { _ in NamedDestination("console") }
    injector.contribute((any Destination).self, named: "audit") { _ in NamedDestination("disk") }
    #expect(try names(injector) == ["console"])
    #expect(try names(injector, named: "audit") == ["disk"])
    #expect(try names(injector, named: "other").isEmpty)
  }

  @Test func aChildReturnsItsOwnContributionsThenItsParents() throws {
    let parent = Injector(label: "app")
    parent.contribute((any Destination).self) { _ in NamedDestination("parent") }
    let child = parent.makeChild()
    child.contribute((any Destination).self) { _ in NamedDestination("child") }
    let grandchild = child.makeChild()
    grandchild.contribute((any Destination).self) { _ in NamedDestination("grandchild") }
    #expect(try names(grandchild) == ["grandchild", "child", "parent"])
    #expect(try names(parent) == ["parent"])
  }

  @Test func aParentsTransientContributionIsBuiltByTheAskingChild() throws {
    let parent = Injector()
    parent.map(Clock.self) { _ in Clock(zone: "UTC") }
    parent.contribute((any Destination).self) { _ in ClockedDestination() }
    let child = parent.makeChild()
    child.map(Clock.self) { _ in Clock(zone: "CET") }
    #expect(try names(child) == ["clocked CET"])
    #expect(try names(parent) == ["clocked UTC"])
  }

  @Test func contributionsAreInjectedAndTheirHookRunsOnce() throws {
    let injector = Injector()
    injector.map(Clock.self) { _ in Clock(zone: "UTC") }
    injector.contribute((any Destination).self) { _ in ClockedDestination() }
    let hooked = HookedDestination()
    injector.contribute((any Destination).self, scope: .singleton) { _ in hooked }
    #expect(try names(injector) == ["clocked UTC", "hooked"])
    _ = try injector.resolveAll((any Destination).self)
    #expect(hooked.hooks.value == 1)
  }

  @Test func removingAModuleRemovesExactlyItsContributions() throws {
    let injector = Injector()
    injector.contribute((any Destination).self) { _ in NamedDestination("direct") }
    let first = DestinationModule("a1", "a2")
    let second = DestinationModule("b")
    try injector.addModule(first)
    try injector.addModule(second)
    injector.contribute((any Destination).self) { _ in NamedDestination("late") }
    #expect(try names(injector) == ["direct", "a1", "a2", "b", "late"])
    #expect(injector.removeModule(first))
    #expect(try names(injector) == ["direct", "b", "late"])
    try injector.replaceModule(second, with: DestinationModule("c"))
    #expect(try names(injector) == ["direct", "late", "c"])
  }

  @Test func aModulesEagerSingletonSeesTheCollectionWithoutTheModulesOwnContributions() throws {
    final class CountingModule: InjectionModule {
      let seen = Locked<Int?>(nil)
      func configure(_ mappings: ModuleMappings) {
        mappings.contribute(Int.self, to: 2)
        mappings.map(String.self, scope: .eagerSingleton) { injector in
          let count = try injector.resolveAll(Int.self).count
          self.seen.withLock { $0 = count }
          return "\(count)"
        }
      }
    }
    let injector = Injector()
    injector.contribute(Int.self, to: 1)
    let module = CountingModule()
    try injector.addModule(module)
    #expect(module.seen.withLock { $0 } == 1)
    #expect(try injector.resolveAll(Int.self) == [1, 2])
  }

  @Test func removingAModuleReleasesItsSingletonContributions() throws {
    let injector = Injector()
    let module = DestinationModule("a")
    try injector.addModule(module)
    weak let built = try injector.resolveAll((any Destination).self).first
    #expect(built != nil)
    injector.removeModule(module)
    #expect(built == nil)
  }

  @Test func removeContributionsEmptiesOnlyThisInjectorsCollection() throws {
    let parent = Injector()
    parent.contribute((any Destination).self) { _ in NamedDestination("parent") }
    let child = parent.makeChild()
    child.contribute((any Destination).self) { _ in NamedDestination("direct") }
    try child.addModule(DestinationModule("module"))
    child.contribute((any Destination).self, named: "audit") { _ in NamedDestination("kept") }
    #expect(child.removeContributions(to: (any Destination).self) == 2)
    #expect(try names(child) == ["parent"])
    #expect(try names(child, named: "audit") == ["kept"])
    #expect(
      child.removeContributions(to: InjectionKey([any Destination].self, named: "audit")) == 1)
    #expect(child.removeContributions(to: (any Destination).self) == 0)
  }

  @Test func injectedAllResolvesTheCollection() throws {
    let injector = Injector()
    injector.contribute((any Destination).self) { _ in NamedDestination("console") }
    injector.contribute((any Destination).self, named: "audit") { _ in NamedDestination("disk") }
    let logger = try injector.resolve(Logger.self)
    #expect(logger.destinations.map(\.name) == ["console"])
    #expect(logger.audit.map(\.name) == ["disk"])
    let empty = try Injector().resolve(Logger.self)
    #expect(empty.destinations.isEmpty)
  }

  @Test func injectedAllPropertyNamesTheCollectionKey() {
    let logger = withInjector(Injector()) { Logger() }
    let point = Mirror(reflecting: logger).children.compactMap { $0.value as? any InjectionPoint }
    #expect(
      point.map(\.key) == [
        InjectionKey([any Destination].self), InjectionKey([any Destination].self, named: "audit"),
      ])
  }

  @Test func aFailingContributionThrowsWithTheCollectionInThePath() {
    let injector = Injector()
    injector.contribute((any Destination).self) { _ in ClockedDestination() }
    #expect {
      try injector.resolveAll((any Destination).self)
    } throws: { error in
      guard case .notMapped(let key, let path, _, _)? = error as? InjectionError else {
        return false
      }
      return key == InjectionKey(Clock.self) && path.first == InjectionKey([any Destination].self)
    }
  }

  @Test func aContributionThatNeedsItsOwnCollectionIsACycle() {
    let injector = Injector()
    injector.contribute((any Destination).self) { injector in
      _ = try injector.resolveAll((any Destination).self)
      return NamedDestination("loop")
    }
    #expect {
      try injector.resolveAll((any Destination).self)
    } throws: { error in
      guard case .cycle? = error as? InjectionError else { return false }
      return true
    }
  }

  @Test func aWeakContributionOfAValueTypeIsInvalidInAModule() {
    final class WeakIntModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.contribute(Int.self, scope: .weak) { _ in 1 }
      }
    }
    let injector = Injector()
    #expect {
      try injector.addModule(WeakIntModule())
    } throws: { error in
      guard case .invalidMapping(let key, let reason)? = error as? InjectionError else {
        return false
      }
      return key == InjectionKey([Int].self) && reason.contains("Int is a value type")
    }
    #expect(!injector.hasModule(WeakIntModule.self))
  }

  @Test func aWeakContributionOfAnObjectLivesWhileHeld() throws {
    let injector = Injector()
    injector.contribute((any Destination).self, scope: .weak) { _ in NamedDestination("weak") }
    let held = try injector.resolveAll((any Destination).self)
    #expect(try injector.resolveAll((any Destination).self)[0] === held[0])
  }

  @Test func theErasedResolveAllReturnsTheSameValues() throws {
    let injector = Injector()
    injector.contribute(Int.self, to: 3)
    injector.makeChild().contribute(Int.self, to: 9)
    let child = injector.makeChild()
    child.contribute(Int.self, to: 4)
    #expect(try child.resolveAll(InjectionKey([Int].self)).compactMap { $0 as? Int } == [4, 3])
    #expect(try child.resolveAll(InjectionKey([String].self)).isEmpty)
  }

  @Test func observersSeeTheErasedResolveAllAsOneResolutionOfTheCollection() throws {
    let injector = Injector()
    injector.contribute(Int.self, to: 3)
    let events = Mutex<[String]>([])
    let observation = injector.observeResolutions { event in
      switch event.phase {
      case .started: events.withLock { $0.append("started \(event.key)") }
      case .ended(.built(let value)): events.withLock { $0.append("built \(value)") }
      default: break
      }
    }

    _ = try injector.resolveAll(InjectionKey([Int].self))
    observation.cancel()

    let key = InjectionKey([Int].self)
    #expect(events.withLock { $0 } == ["started \(key)", "built [3]"])
  }

  @Test func aCopyHasTheContributionsUnbuiltAndInOrder() throws {
    let parent = Injector()
    parent.contribute((any Destination).self, scope: .singleton) { _ in NamedDestination("p") }
    let child = parent.makeChild()
    try child.addModule(DestinationModule("m"))
    child.contribute((any Destination).self) { _ in NamedDestination("c") }
    let original = try child.resolveAll((any Destination).self)
    let copy = try child.makeCopy()
    let copied = try copy.resolveAll((any Destination).self)
    #expect(copied.map(\.name) == ["m", "c", "p"])
    #expect(copied[0] !== original[0])
    #expect(copied[2] !== original[2])
    copy.removeModule(DestinationModule.self)
    #expect(try names(copy) == ["c", "p"])
    #expect(try names(child) == ["m", "c", "p"])
  }

  @Test func theSnapshotListsContributionsInOrder() throws {
    let parent = Injector(label: "app")
    parent.contribute(Int.self, to: 1)
    let injector = parent.makeChild(label: "screen")
    injector.contribute((any Destination).self) { _ in NamedDestination("direct") }
    try injector.addModule(DestinationModule("m"))
    let snapshot = injector.snapshot()
    #expect(snapshot.mappings.isEmpty)
    #expect(
      snapshot.contributions.map(\.key) == [
        InjectionKey([any Destination].self), InjectionKey([any Destination].self),
      ])
    #expect(
      snapshot.contributions.map(\.owner) == [
        .direct, .module(String(reflecting: DestinationModule.self)),
      ])
    #expect(snapshot.contributions.map(\.scope) == [.transient, .singleton])
    #expect(snapshot.inherited.first?.contributions.map(\.recipe) == [.instance])
    #expect(snapshot.modules.first?.contributionKeys == [InjectionKey([any Destination].self)])
    #expect(snapshot.description.contains("contributions, in the order resolved:"))
    #expect(
      snapshot.description.contains(
        "CollectionTests.DestinationModule: contributes Array<CollectionTests.Destination>"))
  }

  @Test func observersSeeOneResolutionOfTheCollection() throws {
    let injector = Injector()
    injector.contribute((any Destination).self) { _ in NamedDestination("a") }
    let keys = Mutex<[InjectionKey]>([])
    let observation = injector.observeResolutions { event in
      if case .started = event.phase { keys.withLock { $0.append(event.key) } }
    }
    _ = try injector.resolveAll((any Destination).self)
    observation.cancel()
    #expect(keys.withLock { $0 } == [InjectionKey([any Destination].self)])
  }

  @Test func aCustomMapperSeesContributionsAsSuch() {
    final class Recorder: Mapper {
      var seen: [(InjectionKey, Bool)] = []
      func add(_ mapping: Mapping) { seen.append((mapping.key, mapping.isContribution)) }
    }
    let recorder = Recorder()
    recorder.contribute(Int.self, to: 1)
    recorder.map(Int.self, to: 1)
    #expect(recorder.seen.map(\.0) == [InjectionKey([Int].self), InjectionKey(Int.self)])
    #expect(recorder.seen.map(\.1) == [true, false])
  }
}
