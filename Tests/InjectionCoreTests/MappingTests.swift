import InjectionCore
import InjectionTestHelpers
import Testing

@Suite struct MappingTests {
  @Test func factoryMappingBuildsWithTheFactory() throws {
    let injector = Injector(label: "mapping")
    let calls = Counter()
    injector.map((any Engine).self) { _ in
      calls.increment()
      return V8Engine()
    }

    let engine = try injector.resolve((any Engine).self)

    #expect(engine is V8Engine)
    #expect(calls.value == 1)
  }

  @Test func factoryReceivesTheInjectorToResolveDependencies() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, scope: .singleton, with: V8Engine.init)
    injector.map(Coupe.self) { injector in Coupe(engine: try injector.resolve((any Engine).self)) }

    let coupe = try injector.resolve(Coupe.self)

    #expect(coupe.engine === (try injector.resolve((any Engine).self)))
  }

  @Test func initializerMappingConvertsToTheProtocol() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, with: HybridEngine.init)

    let first = try injector.resolve((any Engine).self)
    let second = try injector.resolve((any Engine).self)

    #expect(first is HybridEngine)
    #expect(first !== second)
  }

  @Test func initializerMappingTakesAScope() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)

    #expect((try injector.resolve((any Engine).self)) === (try injector.resolve((any Engine).self)))
  }

  @Test func instanceMappingReturnsThatInstance() throws {
    let injector = Injector(label: "mapping")
    let engine = V8Engine()
    injector.map((any Engine).self, to: engine)

    #expect((try injector.resolve((any Engine).self)) === engine)
    #expect((try injector.resolve((any Engine).self)) === engine)
  }

  @Test func instanceMappingOfAValueReturnsThatValue() throws {
    let injector = Injector(label: "mapping")
    injector.map(Settings.self, to: Settings(speedLimit: 130))

    #expect(try injector.resolve(Settings.self) == Settings(speedLimit: 130))
  }

  @Test func injectableTypeMappingBuildsTheTypeInItsScope() throws {
    let injector = Injector(label: "mapping")
    injector.map(Wheel.self, scope: .singleton)

    #expect(injector.isMapped(Wheel.self))
    #expect((try injector.resolve(Wheel.self)) === (try injector.resolve(Wheel.self)))
  }

  @Test func injectableTypeMappingIsTransientByDefault() throws {
    let injector = Injector(label: "mapping")
    injector.map(Wheel.self)

    #expect(injector.isMapped(Wheel.self))
    #expect((try injector.resolve(Wheel.self)) !== (try injector.resolve(Wheel.self)))
  }

  @Test func namedMappingsOfOneTypeAreSeparateKeys() throws {
    let injector = Injector(label: "mapping")
    let primary = V8Engine()
    let backup = HybridEngine()
    injector.map((any Engine).self, named: "primary", to: primary)
    injector.map((any Engine).self, named: "backup", to: backup)

    #expect((try injector.resolve((any Engine).self, named: "primary")) === primary)
    #expect((try injector.resolve((any Engine).self, named: "backup")) === backup)
    #expect(!injector.isMapped((any Engine).self))
    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Engine).self)
    }
    #expect(error?.notMapped?.key == key((any Engine).self))
  }

  @Test func namedKeyIsNotTheUnnamedOne() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, to: V8Engine())

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Engine).self, named: "primary")
    }
    #expect(error?.notMapped?.key == key((any Engine).self, named: "primary"))
  }

  @Test func mappingAKeyAgainReplacesTheEarlierMapping() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, with: HybridEngine.init)
    injector.map((any Engine).self, with: V8Engine.init)

    #expect(try injector.resolve((any Engine).self) is V8Engine)
    injector.unmap((any Engine).self)
    #expect(!injector.isMapped((any Engine).self))
  }

  @Test func unmapThenResolveIsNotMapped() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    _ = try injector.resolve((any Engine).self)

    injector.unmap((any Engine).self)

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Engine).self)
    }
    #expect(error?.notMapped?.key == key((any Engine).self))
  }

  @Test func unmapRemovesOnlyTheGivenName() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, with: HybridEngine.init)
    injector.map((any Engine).self, named: "race", with: V8Engine.init)

    injector.unmap((any Engine).self, named: "race")

    #expect(!injector.isMapped((any Engine).self, named: "race"))
    #expect(injector.isMapped((any Engine).self))
    #expect(try injector.resolve((any Engine).self) is HybridEngine)
  }

  @Test func unmapOfAnUnmappedKeyChangesNothing() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Engine).self, with: HybridEngine.init)

    injector.unmap(Settings.self)

    #expect(injector.isMapped((any Engine).self))
  }

  @Test func isMappedIsTrueOnlyForMappedKeys() {
    let injector = Injector(label: "mapping")
    #expect(!injector.isMapped((any Engine).self))
    #expect(!injector.isMapped(Wheel.self), "auto-creation is not a mapping")

    injector.map((any Engine).self, with: HybridEngine.init)

    #expect(injector.isMapped((any Engine).self))
    #expect(!injector.isMapped((any Engine).self, named: "primary"))
  }

  @Test func resolvingInjectorGivesTheResolvingInjector() throws {
    let injector = Injector(label: "mapping")
    let child = injector.makeChild(label: "child")

    #expect((try injector.resolve(Injector.self)) === injector)
    #expect((try child.resolve(Injector.self)) === child)
  }

  @Test func optionalResolveIsNilWhenUnmapped() throws {
    let injector = Injector(label: "mapping")

    let radio = try injector.resolve((any Radio)?.self)

    #expect(radio == nil)
  }

  @Test func optionalResolveReturnsTheMappedValue() throws {
    let injector = Injector(label: "mapping")
    injector.map((any Radio).self, to: FMRadio(station: "jazz"))

    let radio = try injector.resolve((any Radio)?.self)

    #expect(radio?.station == "jazz")
  }

  @Test func optionalResolveOfANamedInjectableTypeReturnsTheNamedMapping() throws {
    let injector = Injector(label: "mapping")
    let spare = Wheel()
    injector.map(Wheel.self, named: "spare", to: spare)

    #expect(try injector.resolve(Wheel?.self, named: "spare") === spare)
    #expect(try injector.resolve(Wheel?.self, named: "front") == nil)
  }

  @Test func optionalResolveStillThrowsForAMissingDependency() throws {
    let injector = Injector(label: "mapping")
    injector.map(Coupe.self) { injector in Coupe(engine: try injector.resolve((any Engine).self)) }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(Coupe?.self)
    }
    #expect(error?.notMapped?.key == key((any Engine).self))
    #expect(error?.notMapped?.path == [key(Coupe.self)])
  }

  @Test func mappingWorksThroughTheMapperProtocol() throws {
    func mapEngine(on mapper: some Mapper) {
      mapper.map((any Engine).self, scope: .singleton, with: V8Engine.init)
    }
    let injector = Injector(label: "mapping")

    mapEngine(on: injector)

    #expect(try injector.resolve((any Engine).self) is V8Engine)
  }

  @Test func manyNamedMappingsStayFindableThroughUnmapsAndRemaps() throws {
    let injector = Injector(label: "churn")
    let names = (0..<2_000).map { "engine \($0)" }
    for name in names {
      injector.map(Int.self, named: name, to: name.count)
    }
    for (index, name) in names.enumerated() where index % 3 != 0 {
      injector.unmap(Int.self, named: name)
    }
    // Remapped keys take the place their removal left, or a new one; both must be found.
    for (index, name) in names.enumerated() where index % 3 == 1 {
      injector.map(Int.self, named: name, to: -index)
    }

    for (index, name) in names.enumerated() {
      switch index % 3 {
      case 0: #expect(try injector.resolve(Int.self, named: name) == name.count)
      case 1: #expect(try injector.resolve(Int.self, named: name) == -index)
      default: #expect(!injector.isMapped(Int.self, named: name))
      }
    }
  }

  @Test func aCustomMapperSeesTheKeyOfEachMapping() {
    final class RecordingMapper: Mapper {
      var keys: [InjectionKey] = []
      func add(_ mapping: Mapping) { keys.append(mapping.key) }
    }
    let mapper = RecordingMapper()

    mapper.map((any Engine).self) { _ in HybridEngine() }
    mapper.map(Wheel.self, named: "spare", scope: .singleton)

    #expect(
      mapper.keys == [InjectionKey((any Engine).self), InjectionKey(Wheel.self, named: "spare")])
  }

  @Test func unmapByKeyRemovesTheMappingLikeUnmapByType() throws {
    let injector = Injector(label: "tests")
    injector.map((any Engine).self) { _ in HybridEngine() }
    injector.map(Wheel.self, named: "spare", scope: .singleton)

    #expect(injector.unmap(InjectionKey((any Engine).self)))
    #expect(injector.unmap(InjectionKey(typeName: String(reflecting: Wheel.self), name: "spare")))
    #expect(!injector.unmap(InjectionKey(Wheel.self)))

    #expect(!injector.isMapped((any Engine).self))
    #expect(!injector.isMapped(Wheel.self, named: "spare"))
  }

  @Test func unmapByAKeyFromASnapshotEmptiesTheInjector() {
    let injector = Injector(label: "tests")
    injector.map((any Engine).self) { _ in HybridEngine() }
    injector.map(Wheel.self, named: "spare", scope: .singleton)

    for mapping in injector.snapshot().mappings { injector.unmap(mapping.key) }

    #expect(injector.snapshot().mappings.isEmpty)
  }

  @Test func resolveByKeyUsesTheMappingOfTheKeysTypeInTheChain() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, scope: .singleton) { _ in HybridEngine() }
    let child = parent.makeChild(label: "child")
    child.map(Wheel.self, named: "spare") { _ in Wheel() }

    let engine = try child.resolve(InjectionKey((any Engine).self))
    let spare = try child.resolve(
      InjectionKey(typeName: String(reflecting: Wheel.self), name: "spare"))

    #expect(engine as? HybridEngine === (try parent.resolve((any Engine).self)) as? HybridEngine)
    #expect(spare is Wheel)
  }

  @Test func resolveByKeyDoesNotCreateAnUnmappedTypeAndSaysSo() {
    let injector = Injector(label: "keys")

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(InjectionKey(Wheel.self))
    }

    guard case .notMapped(let key, _, let searched, _)? = error else { return }
    #expect(key == InjectionKey(Wheel.self))
    #expect(searched == ["keys"])
  }
}
