import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// Decorators (`decorate`, `removeDecorators`): every new value of a key wrapped, in order.
@Suite struct DecoratorTests {
  protocol Engine: AnyObject, Sendable {
    var description: String { get }
  }

  final class V8: Engine {
    let description = "V8"
  }

  final class Wrapped: Engine {
    let tag: String
    let inner: any Engine
    init(_ tag: String, _ inner: any Engine) {
      self.tag = tag
      self.inner = inner
    }
    var description: String { "\(tag)(\(inner.description))" }
  }

  final class HookedEngine: Engine, InjectionCompletable {
    let hooks = Counter()
    let description = "hooked"
    func injectionDidComplete() { hooks.increment() }
  }

  final class Log: Sendable {
    let prefix: String
    init(_ prefix: String) { self.prefix = prefix }
  }

  struct Failure: Error {}

  final class Car: Injectable {
    let engine = Injected<any Engine>()
    let spare = Injected<any Engine>()
    init() {}
  }

  final class LoggingModule: InjectionModule {
    let tag: String
    init(_ tag: String) { self.tag = tag }
    func configure(_ mappings: ModuleMappings) {
      let tag = self.tag
      mappings.decorate((any Engine).self) { Wrapped(tag, $0) }
    }
  }

  private func engine(_ injector: Injector, named name: String? = nil) throws -> String {
    try injector.resolve((any Engine).self, named: name).description
  }

  @Test func eachNewTransientValueIsDecorated() throws {
    let injector = Injector()
    let calls = Counter()
    injector.map((any Engine).self) { _ in V8() }
    injector.decorate((any Engine).self) { engine in
      calls.increment()
      return Wrapped("log", engine)
    }
    let first = try injector.resolve((any Engine).self)
    let second = try injector.resolve((any Engine).self)
    #expect(first.description == "log(V8)")
    #expect(first !== second)
    #expect(calls.value == 2)
  }

  @Test func decoratorsApplyInTheOrderAdded() throws {
    let injector = Injector()
    injector.map((any Engine).self) { _ in V8() }
    injector.decorate((any Engine).self) { Wrapped("first", $0) }
    injector.decorate((any Engine).self) { Wrapped("second", $0) }
    #expect(try engine(injector) == "second(first(V8))")
  }

  @Test func aDecoratorOfOneNameLeavesTheOthersAlone() throws {
    let injector = Injector()
    injector.map((any Engine).self) { _ in V8() }
    injector.map((any Engine).self, named: "spare") { _ in V8() }
    injector.decorate((any Engine).self, named: "spare") { Wrapped("spare", $0) }
    #expect(try engine(injector) == "V8")
    #expect(try engine(injector, named: "spare") == "spare(V8)")
    #expect(injector.isDecorated((any Engine).self, named: "spare"))
    #expect(!injector.isDecorated((any Engine).self))
  }

  @Test(arguments: [Scope.singleton, .eagerSingleton, .weak])
  func aCachedValueIsDecoratedOnceAndTheCacheHoldsTheDecoratedValue(scope: Scope) throws {
    let injector = Injector()
    let calls = Counter()
    injector.decorate((any Engine).self) { engine in
      calls.increment()
      return Wrapped("log", engine)
    }
    injector.map((any Engine).self, scope: MappingScope(scope)) { _ in V8() }
    let first = try injector.resolve((any Engine).self)
    let second = try injector.resolve((any Engine).self)
    #expect(first === second)
    #expect(first.description == "log(V8)")
    #expect(calls.value == 1)
  }

  @Test func aGraphValueIsDecoratedOncePerGraph() throws {
    let injector = Injector()
    let calls = Counter()
    injector.map((any Engine).self, scope: .graph) { _ in V8() }
    injector.decorate((any Engine).self) { engine in
      calls.increment()
      return Wrapped("log", engine)
    }
    let car = try injector.resolve(Car.self)
    #expect(car.engine.value === car.spare.value)
    #expect(car.engine.value.description == "log(V8)")
    #expect(calls.value == 1)
    let other = try injector.resolve(Car.self)
    #expect(other.engine.value !== car.engine.value)
    #expect(calls.value == 2)
  }

  @Test func aDecoratorReceivesTheInjectorThatBuiltTheValue() throws {
    let parent = Injector(label: "parent")
    parent.map(Log.self, to: Log("parent"))
    parent.map((any Engine).self) { _ in V8() }
    parent.decorate((any Engine).self) { engine, injector in
      Wrapped(try injector.resolve(Log.self).prefix, engine)
    }
    let child = parent.makeChild(label: "child")
    child.map(Log.self, to: Log("child"))
    #expect(try engine(parent) == "parent(V8)")
    #expect(try engine(child) == "child(V8)")
  }

  @Test func theHookRunsOnTheBuiltValueBeforeItIsDecorated() throws {
    let injector = Injector()
    let hooked = Mutex<HookedEngine?>(nil)
    injector.map((any Engine).self) { _ in HookedEngine() }
    injector.decorate((any Engine).self) { engine in
      let inner = engine as! HookedEngine
      #expect(inner.hooks.value == 1)
      hooked.withLock { $0 = inner }
      return Wrapped("log", engine)
    }
    #expect(try engine(injector) == "log(hooked)")
    #expect(hooked.withLock { $0?.hooks.value } == 1)
  }

  @Test func aThrowingDecoratorFailsTheResolutionAsAFactoryWould() throws {
    let injector = Injector()
    injector.map((any Engine).self, scope: .singleton) { _ in V8() }
    let fails = Atomic<Bool>(true)
    injector.decorate((any Engine).self) { engine in
      if fails.load(ordering: .relaxed) { throw Failure() }
      return Wrapped("log", engine)
    }
    #expect {
      try injector.resolve((any Engine).self)
    } throws: { error in
      guard case .factoryFailed(let key, _, let underlying) = error as? InjectionError else {
        return false
      }
      return key == InjectionKey((any Engine).self) && underlying is Failure
    }
    // Nothing was cached: the next resolution builds and decorates again.
    fails.store(false, ordering: .relaxed)
    #expect(try engine(injector) == "log(V8)")
  }

  @Test func aDecoratorResolvingItsOwnTransientKeyIsACycle() throws {
    let injector = Injector()
    injector.map((any Engine).self) { _ in V8() }
    injector.decorate((any Engine).self) { _, injector in
      try injector.resolve((any Engine).self)
    }
    #expect {
      try injector.resolve((any Engine).self)
    } throws: { error in
      guard case .cycle = error as? InjectionError else { return false }
      return true
    }
  }

  @Test func removingDecoratorsAffectsOnlyValuesBuiltAfterwards() throws {
    let injector = Injector()
    injector.map((any Engine).self, scope: .singleton) { _ in V8() }
    injector.map((any Engine).self, named: "transient") { _ in V8() }
    injector.decorate((any Engine).self) { Wrapped("log", $0) }
    injector.decorate((any Engine).self, named: "transient") { Wrapped("log", $0) }
    let cached = try injector.resolve((any Engine).self)
    #expect(injector.removeDecorators(of: (any Engine).self))
    #expect(injector.removeDecorators(of: (any Engine).self, named: "transient"))
    #expect(!injector.removeDecorators(of: (any Engine).self))
    #expect(try injector.resolve((any Engine).self) === cached)
    #expect(cached.description == "log(V8)")
    #expect(try engine(injector, named: "transient") == "V8")
    #expect(!injector.isDecorated((any Engine).self))
  }

  @Test func aModulesDecoratorsAreRemovedWithIt() throws {
    let injector = Injector()
    injector.map((any Engine).self) { _ in V8() }
    injector.decorate((any Engine).self) { Wrapped("direct", $0) }
    let module = LoggingModule("module")
    try injector.addModule(module)
    #expect(try engine(injector) == "module(direct(V8))")
    #expect(injector.removeModule(module))
    #expect(try engine(injector) == "direct(V8)")
  }

  @Test func removingDecoratorsRemovesThoseOfModulesToo() throws {
    let injector = Injector()
    injector.map((any Engine).self) { _ in V8() }
    let module = LoggingModule("module")
    try injector.addModule(module)
    #expect(injector.removeDecorators(of: (any Engine).self))
    #expect(try engine(injector) == "V8")
    #expect(injector.removeModule(module))
    #expect(try engine(injector) == "V8")
  }

  @Test func aChildTransientGetsTheParentsDecoratorsThenItsOwn() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self) { _ in V8() }
    parent.decorate((any Engine).self) { Wrapped("parent", $0) }
    let child = parent.makeChild(label: "child")
    child.decorate((any Engine).self) { Wrapped("child", $0) }
    #expect(try engine(child) == "child(parent(V8))")
    #expect(try engine(parent) == "parent(V8)")
  }

  @Test func aParentsSingletonResolvedThroughAChildIsNotRewrapped() throws {
    let parent = Injector(label: "parent")
    let calls = Counter()
    parent.map((any Engine).self, scope: .singleton) { _ in V8() }
    parent.decorate((any Engine).self) { Wrapped("parent", $0) }
    let child = parent.makeChild(label: "child")
    child.decorate((any Engine).self) { engine in
      calls.increment()
      return Wrapped("child", engine)
    }
    let throughChild = try child.resolve((any Engine).self)
    let throughParent = try parent.resolve((any Engine).self)
    #expect(throughChild === throughParent)
    #expect(throughChild.description == "parent(V8)")
    #expect(try child.resolve((any Engine).self) === throughChild)
    #expect(calls.value == 0)
  }

  @Test func aChildsOwnSingletonGetsTheParentsDecoratorsThenItsOwnOnce() throws {
    let parent = Injector(label: "parent")
    parent.decorate((any Engine).self) { Wrapped("parent", $0) }
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self, scope: .singleton) { _ in V8() }
    child.decorate((any Engine).self) { Wrapped("child", $0) }
    let first = try child.resolve((any Engine).self)
    #expect(first.description == "child(parent(V8))")
    #expect(try child.resolve((any Engine).self) === first)
  }

  @Test func aDecoratorAddedToTheParentLaterReachesTheChildsNextBuild() throws {
    let parent = Injector(label: "parent")
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self) { _ in V8() }
    #expect(try engine(child) == "V8")
    parent.decorate((any Engine).self) { Wrapped("parent", $0) }
    #expect(try engine(child) == "parent(V8)")
  }

  @Test func contributionsAreNotDecorated() throws {
    let injector = Injector()
    injector.contribute((any Engine).self) { _ in V8() }
    injector.decorate((any Engine).self) { Wrapped("log", $0) }
    #expect(try injector.resolveAll((any Engine).self).map(\.description) == ["V8"])
  }

  @Test func aMappingWithArgumentsIsDecorated() throws {
    let injector = Injector()
    injector.map((any Engine).self, taking: String.self) { _, tag in Wrapped(tag, V8()) }
    injector.decorate((any Engine).self) { Wrapped("log", $0) }
    #expect(
      try injector.resolve((any Engine).self, arguments: "turbo").description == "log(turbo(V8))")
  }

  @Test func anAsyncValueIsDecorated() async throws {
    let injector = Injector()
    injector.map((any Engine).self, scope: .singleton) { _ async in V8() }
    injector.decorate((any Engine).self) { Wrapped("log", $0) }
    let first = try await injector.resolveAsync((any Engine).self)
    #expect(first.description == "log(V8)")
    #expect(try await injector.resolveAsync((any Engine).self) === first)
  }

  @Test func aCopyKeepsTheChainsDecoratorsInOrder() throws {
    let parent = Injector(label: "parent")
    parent.decorate((any Engine).self) { Wrapped("parent", $0) }
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self) { _ in V8() }
    child.decorate((any Engine).self) { Wrapped("child", $0) }
    let copy = try child.makeCopy(label: "copy") { _ in }
    #expect(try engine(copy) == "child(parent(V8))")
    parent.removeDecorators(of: (any Engine).self)
    #expect(try engine(copy) == "child(parent(V8))")
  }

  @Test func theSnapshotListsDecoratorsInOrderWithTheirOwners() throws {
    let parent = Injector(label: "parent")
    parent.decorate((any Engine).self) { Wrapped("parent", $0) }
    let child = parent.makeChild(label: "child")
    child.decorate((any Engine).self) { Wrapped("child", $0) }
    let module = LoggingModule("module")
    try child.addModule(module)
    let snapshot = child.snapshot()
    let key = InjectionKey((any Engine).self)
    #expect(
      snapshot.decorators.map(\.owner) == [
        .direct, .module(String(reflecting: LoggingModule.self)),
      ])
    #expect(snapshot.inherited.first?.decorators.map(\.key) == [key])
    #expect(snapshot.decorators(for: key).count == 3)
    #expect(snapshot.decorators(for: InjectionKey(Log.self)).isEmpty)
    #expect(snapshot.description.contains("decorators, in the order applied:"))
    #expect(snapshot.description.contains("decorators inherited from \"parent\", applied first:"))
    #expect(snapshot.decorators[0].description.hasSuffix(": decorated, direct"))
  }

  @Test func aDecoratorIsAMappingThatACustomMapperSees() {
    final class Recorder: Mapper, @unchecked Sendable {
      var seen: [Mapping] = []
      func add(_ mapping: Mapping) { seen.append(mapping) }
    }
    let recorder = Recorder()
    recorder.decorate((any Engine).self) { $0 }
    recorder.map((any Engine).self) { _ in V8() }
    #expect(recorder.seen.map(\.isDecorator) == [true, false])
    #expect(recorder.seen[0].key == InjectionKey((any Engine).self))
    #expect(!recorder.seen[0].isContribution)
  }

  @Test func aModulesEagerSingletonIsBuiltBeforeItsDecoratorsAreInPlace() throws {
    final class EagerModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map((any Engine).self, scope: .eagerSingleton) { _ in V8() }
        mappings.decorate((any Engine).self) { Wrapped("module", $0) }
      }
    }
    let injector = Injector()
    injector.decorate((any Engine).self) { Wrapped("direct", $0) }
    try injector.addModule(EagerModule())
    #expect(try engine(injector) == "direct(V8)")
  }

  @Test func anObserverSeesADecoratorsDependenciesInsideTheDecoratedKey() throws {
    let injector = Injector()
    injector.map((any Engine).self) { _ in V8() }
    injector.map(Log.self, to: Log("log"))
    injector.decorate((any Engine).self) { engine, injector in
      Wrapped(try injector.resolve(Log.self).prefix, engine)
    }
    let paths = Mutex<[String]>([])
    let observation = injector.observeResolutions { event in
      guard case .started = event.phase else { return }
      let path = (event.path + [event.key]).map(\.unqualifiedTypeName)
      paths.withLock { $0.append(path.joined(separator: " -> ")) }
    }
    defer { observation.cancel() }
    #expect(try engine(injector) == "log(V8)")
    #expect(
      paths.withLock { $0 } == [
        "DecoratorTests.Engine", "DecoratorTests.Engine -> DecoratorTests.Log",
      ])
  }
}
