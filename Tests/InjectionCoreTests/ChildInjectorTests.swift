import InjectionCore
import Synchronization
import Testing

extension ChildInjectorTests {
  /// A singleton that remembers which injector built it (without keeping it alive) and what
  /// engine it got from there.
  final class Pit: Sendable {
    let builder: ObjectIdentifier
    let engine: any Engine

    init(builder: Injector, engine: any Engine) {
      self.builder = ObjectIdentifier(builder)
      self.engine = engine
    }
  }
}

@Suite struct ChildInjectorTests {
  @Test func childInjectorFallsBackToParent() throws {
    let parent = Injector(label: "parent")
    let engine = HybridEngine()
    parent.map((any Engine).self, to: engine)
    let child = parent.makeChild(label: "child")

    #expect(try child.resolve((any Engine).self) === engine)
    #expect(child.isMapped((any Engine).self))
  }

  @Test func childMappingOverridesTheParentsOnlyInTheChild() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    let child = parent.makeChild(label: "child")

    child.map((any Engine).self, with: V8Engine.init)

    #expect(try child.resolve((any Engine).self) is V8Engine)
    #expect(try parent.resolve((any Engine).self) is HybridEngine)
  }

  @Test func parentDoesNotSeeTheChildsMappings() {
    let parent = Injector(label: "parent")
    let child = parent.makeChild(label: "child")

    child.map((any Engine).self, with: V8Engine.init)

    #expect(!parent.isMapped((any Engine).self))
    #expect(throws: InjectionError.self) { try parent.resolve((any Engine).self) }
  }

  @Test func transientMappedInParentIsBuiltByTheChildSoItsOverrideReachesTheDependency() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    parent.map(Coupe.self) { injector in Coupe(engine: try injector.resolve((any Engine).self)) }
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self, with: V8Engine.init)

    #expect(try child.resolve(Coupe.self).engine is V8Engine)
    #expect(try parent.resolve(Coupe.self).engine is HybridEngine)
  }

  @Test func transientFactoryMappedInParentReceivesTheChild() throws {
    let parent = Injector(label: "parent")
    let received = Mutex<[String]>([])
    parent.map(Wheel.self) { injector in
      received.withLock { $0.append(injector.label) }
      return Wheel()
    }
    let child = parent.makeChild(label: "child")

    _ = try child.resolve(Wheel.self)

    #expect(received.withLock { $0 } == ["child"])
  }

  @Test func autoCreatedValueResolvedThroughTheChildGetsTheChildsOverrides() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self, with: V8Engine.init)

    #expect(try child.resolve(Car.self).engine is V8Engine)
    #expect(try parent.resolve(Car.self).engine is HybridEngine)
  }

  @Test func singletonMappedInParentIsBuiltByTheParentAndSharedWithChildren() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    parent.map(Pit.self, scope: .singleton) { injector in
      Pit(builder: injector, engine: try injector.resolve((any Engine).self))
    }
    let first = parent.makeChild(label: "first")
    first.map((any Engine).self, with: V8Engine.init)
    let second = parent.makeChild(label: "second")

    let pit = try first.resolve(Pit.self)

    #expect(pit.builder == ObjectIdentifier(parent))
    #expect(pit.engine is HybridEngine, "the child's override must not reach a parent singleton")
    #expect(try second.resolve(Pit.self) === pit)
    #expect(try parent.resolve(Pit.self) === pit)
  }

  @Test func singletonMappedInEachChildIsSeparate() throws {
    let parent = Injector(label: "parent")
    let first = parent.makeChild(label: "first")
    let second = parent.makeChild(label: "second")
    for child in [first, second] {
      child.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    }

    #expect(try first.resolve((any Engine).self) === first.resolve((any Engine).self))
    #expect(try first.resolve((any Engine).self) !== second.resolve((any Engine).self))
  }

  @Test func grandchildFallsBackThroughEveryAncestor() throws {
    let root = Injector(label: "root")
    let engine = V8Engine()
    root.map((any Engine).self, to: engine)
    let grandchild = root.makeChild(label: "child").makeChild(label: "grandchild")

    #expect(try grandchild.resolve((any Engine).self) === engine)
  }

  @Test func unmapInTheChildLeavesTheParentsMapping() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, with: HybridEngine.init)
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self, with: V8Engine.init)

    child.unmap((any Engine).self)

    #expect(try child.resolve((any Engine).self) is HybridEngine)
    #expect(parent.isMapped((any Engine).self))
  }

  @Test func childKnowsItsParentAndLabel() {
    let parent = Injector(label: "garage")

    let named = parent.makeChild(label: "test")
    let unnamed = parent.makeChild()

    #expect(named.parent === parent)
    #expect(named.label == "test")
    #expect(unnamed.label == "child of garage")
    #expect(parent.parent == nil)
    #expect(named.description == "Injector(\"test\")")
  }

  @Test func unmappedKeyInAChildNamesEveryInjectorSearched() throws {
    let parent = Injector(label: "parent")
    let child = parent.makeChild(label: "child")

    let error = #expect(throws: InjectionError.self) {
      try child.resolve((any Engine).self)
    }

    #expect(error?.notMapped?.searched == ["child", "parent"])
  }
}
