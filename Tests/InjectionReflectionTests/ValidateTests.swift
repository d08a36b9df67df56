import InjectionCore
import InjectionReflection
import InjectionTestHelpers
import Testing

@Suite struct ValidateTests {
  @Test func aCompleteGraphValidatesAndTheInjectorBuildsNothing() throws {
    let built = Counter()
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in
      built.increment()
      return V8()
    }
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }

    let report = try injector.validate()

    #expect(report.problems.isEmpty)
    #expect(report.checkedKeys == [InjectionKey((any Engine).self), InjectionKey(Garage.self)])
    #expect(built.value == 1, "built once, in the copy")
    #expect(injector.snapshot().mappings.allSatisfy { !$0.isBuilt }, "the injector keeps nothing")
    #expect(report.description.hasPrefix("Validation of injector \"app\": 0 problems, 0 notes"))
  }

  /// Starts its engine later, with `await`.
  final class Ignition: Injectable {
    @Injected var makeEngine: Provider<any Engine>
    @Injected var engine: Lazy<any Engine>
    init() {}
  }

  @Test func aGraphThatAwaitsAnAsyncMappingThroughAProviderOrLazyIsValidAndHasTheEdge()
    async throws
  {
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in
      await Task.yield()
      return V8()
    }

    let report = try await injector.validate(roots: Ignition.self)

    #expect(report.problems.isEmpty, "\(report)")
    let edges = Set(
      report.graph.edges.map { "\($0.from.unqualifiedTypeName) -> \($0.to.unqualifiedTypeName)" })
    #expect(edges.contains("ValidateTests.Ignition -> Provider<Engine>"), "\(edges)")
    #expect(edges.contains("Provider<Engine> -> Engine"), "\(edges)")
    #expect(edges.contains("Lazy<Engine> -> Engine"), "\(edges)")
    #expect(!report.notes.contains { if case .allowedCycle = $0 { true } else { false } })
  }

  @Test func anUnbuiltAsyncMappingIsOneProblemInTheSynchronousFormAndBuiltInTheAsyncOne()
    async throws
  {
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in
      await Task.yield()
      return V8()
    }
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }
    let synchronous = { injector.validationReport() }

    let report = synchronous()

    #expect(report.problems.count == 1, "once, though the root and the garage's car need it")
    #expect(report.problems.first?.key == InjectionKey((any Engine).self))
    #expect(report.notes.isEmpty, "never a note that leaves the report passing")
    let awaited = await injector.validationReport()
    #expect(awaited.problems.map(\.key) == [InjectionKey((any Engine).self)], "\(awaited)")
    #expect(
      awaited.problems.first?.path == [InjectionKey(Garage.self), InjectionKey(Car.self)],
      "the garage's factory resolves the engine synchronously, which fails in the app too")
  }

  @Test func everyProblemIsReportedAtOnce() throws {
    let calls = Counter()
    let injector = Injector(label: "app")
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }  // Car needs Engine
    injector.map(Settings.self) { _ in throw ConfigurationMissing() }
    injector.map(Starter.self) { Starter(battery: try $0.resolve(Battery.self)) }
    injector.map(Battery.self) { Battery(starter: try $0.resolve(Starter.self)) }
    registerSingleton(Turbo.self, on: injector) { Turbo() }
    injector.map(Wheel.self, named: "flaky") { _ in
      guard calls.increment() == 1 else { throw ConfigurationMissing() }
      return Wheel()
    }
    injector.map(Spares.self) { Spares(first: try $0.resolve(Wheel.self, named: "flaky")) }

    let error = #expect(throws: ValidationError.self) { try injector.validate() }
    let problems = try #require(error?.report.problems)

    #expect(
      problems.contains(
        .missingMapping(
          key: InjectionKey((any Engine).self),
          path: [InjectionKey(Garage.self), InjectionKey(Car.self)])))
    #expect(problems.contains(.hookNeverCalled(key: InjectionKey(Turbo.self))))
    #expect(
      problems.contains(
        .factoryFailed(key: InjectionKey(Settings.self), path: [], error: "ConfigurationMissing()"))
    )
    #expect(
      problems.contains { problem in
        guard case .cycle(let path) = problem else { return false }
        return Set(path) == [InjectionKey(Starter.self), InjectionKey(Battery.self)]
      })
    #expect(
      problems.contains { problem in
        guard case .factoryFailed(let key, _, _) = problem else { return false }
        return key == InjectionKey(Wheel.self, named: "flaky")
      }, "a factory that throws only on its second call")
    #expect(problems.count == 5)
    let text = error?.report.description ?? ""
    #expect(text.contains("missing mapping: Engine, needed by Garage -> Car"))
  }

  @Test func legalSingletonCyclesAreNotesNotProblems() throws {
    let injector = Injector(label: "app")
    injector.map(Pilot.self, scope: .singleton)
    injector.map(Plane.self, scope: .singleton)

    let report = try injector.validate()

    #expect(
      report.notes == [
        .allowedCycle(path: [
          InjectionKey(Pilot.self), InjectionKey(Plane.self), InjectionKey(Pilot.self),
        ])
      ])
  }

  @Test func anUnmappedOptionalDependencyIsANote() throws {
    let injector = Injector(label: "app")
    injector.map((any Engine).self) { _ in V8() }
    injector.map(Level3.self) { _ in Level3() }
    injector.map(Wheel.self, named: "spare") { _ in Wheel() }

    let report = try injector.validate()

    #expect(
      report.notes == [
        .optionalNotMapped(key: InjectionKey((any Radio).self), path: [InjectionKey(Level3.self)])
      ])
  }

  @Test func anExcludedKeyIsNeverBuilt() throws {
    let built = Counter()
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .eagerSingleton) { _ in
      built.increment()
      return V8()
    }
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }
    let before = built.value

    let report = try injector.validate(excluding: [InjectionKey((any Engine).self)])

    #expect(built.value == before, "its factory never ran during validation")
    #expect(report.checkedKeys == [InjectionKey(Garage.self)])
  }

  /// Needs a value built on the main actor.
  final class Cockpit: Injectable {
    @Injected(named: "main actor") var wheel: Wheel
    init() {}
  }

  @Test func aMainActorFactoryTheSynchronousFormCannotBuildIsAProblemUnlessAllowed() throws {
    let injector = Injector(label: "app")
    injector.map(Wheel.self, named: "main actor", scope: .singleton) { @MainActor _ in Wheel() }
    let key = InjectionKey(Wheel.self, named: "main actor")

    // Off the main actor, the synchronous form cannot build it.
    let report = injector.validationReport(roots: Cockpit.self)
    let allowed = injector.validationReport(
      roots: Cockpit.self, arguments: [.unchecked(Wheel.self, named: "main actor")])

    let problem = try #require(report.problems.first { $0.key == key }, "\(report)")
    #expect(problem.path == [InjectionKey(Cockpit.self)])
    #expect(
      report.description.contains(
        "arguments: [.unchecked(Wheel.self, named: \"main actor\")]"), "\(report)")
    #expect(allowed.problems.isEmpty, "\(allowed)")
    #expect(allowed.notes.contains { $0.kind == .notBuiltSynchronously && $0.key == key })
  }

  @Test func aFailingEagerSingletonIsReportedAndTheRestIsStillChecked() async throws {
    let injector = Injector(label: "app")
    let eager = injector.makeChild(label: "child")
    try eager.addModule(EagerModule())  // off the main actor: not built now
    eager.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }

    let report = await MainActor.run { eager.validationReport() }

    #expect(
      report.problems.contains { problem in
        guard case .eagerSingletonFailed(let key, _) = problem else { return false }
        return key == InjectionKey(Dashboard.self)
      })
    #expect(report.problems.contains { if case .missingMapping = $0 { true } else { false } })
    #expect(report.checkedKeys.contains(InjectionKey(Garage.self)))
  }

  @Test func aCycleThroughAModulesMappingAndAChildsOverrideIsFound() throws {
    let parent = Injector(label: "app")
    try parent.addModule(StarterModule())
    parent.map(Battery.self) { _ in Battery(starter: nil) }
    let child = parent.makeChild(label: "test")
    child.map(Battery.self) { Battery(starter: try $0.resolve(Starter.self)) }

    let problems = child.validationReport().problems

    #expect(
      problems.contains { problem in
        guard case .cycle(let path) = problem else { return false }
        return Set(path) == [InjectionKey(Starter.self), InjectionKey(Battery.self)]
      })
    #expect(try parent.validate().isValid, "the parent alone has no cycle")
  }

  /// One exploration serves the report and both exports (issue 21, point 3); how long it takes
  /// is measured by the Benchmarks package (W13), not here.
  @Test(.timeLimit(.minutes(1)))
  func tenThousandMappingsValidateOnceAndTheReportsGraphExportsThem() throws {
    let injector = Injector(label: "large")
    let builds = Counter()
    for index in 0..<10_000 {
      injector.map(Wheel.self, named: "wheel \(index)") { _ in
        builds.increment()
        return Wheel()
      }
    }

    let report = injector.validationReport()
    let dot = report.graph.dot()
    let mermaid = report.graph.mermaid

    #expect(builds.value == 10_000, "each factory ran once: the exports explore nothing again")
    #expect(report.checkedKeys.count == 10_000)
    #expect(report.problems.isEmpty)
    #expect(report.graph.nodes.count == 10_000)
    #expect(dot.contains("\"Wheel named \\\"wheel 9999\\\"\""))
    #expect(mermaid.contains("n9999[\"Wheel named #quot;wheel"))
  }
}

extension ValidateTests {
  struct Settings: Sendable {}

  final class Starter: Sendable {
    let battery: Battery
    init(battery: Battery) { self.battery = battery }
  }

  final class Battery: Sendable {
    let starter: Starter?
    init(starter: Starter?) { self.starter = starter }
  }

  final class Spares: Sendable {
    let first: Wheel
    init(first: Wheel) { self.first = first }
  }

  final class Dashboard: Sendable {
    init() {}
  }

  /// Maps an eager singleton with a `@MainActor` factory that fails: added off the main actor,
  /// it is not built (an eager singleton the injector built is judged by that build).
  final class EagerModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(
        Dashboard.self, scope: .eagerSingleton,
        mainActor: { _ in
          throw ConfigurationMissing()
        })
    }
  }

  /// Maps the starter, which needs a battery.
  final class StarterModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Starter.self) { Starter(battery: try $0.resolve(Battery.self)) }
    }
  }
}
