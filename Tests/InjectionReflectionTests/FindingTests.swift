import InjectionCore
import InjectionReflection
import InjectionTestHelpers
import Testing

/// Every problem and note has a kind, a key and a path, so that a test asserts on them without
/// a `switch` over every case (issue 21, point 4).
@Suite struct FindingTests {
  struct Settings: Sendable {}

  final class Starter: Sendable {
    let battery: Battery
    init(battery: Battery) { self.battery = battery }
  }

  final class Battery: Sendable {
    let starter: Starter
    init(starter: Starter) { self.starter = starter }
  }

  /// Maps an eager singleton with a `@MainActor` factory that fails: added off the main actor,
  /// it is not built (an eager singleton the injector built is judged by that build).
  final class EagerModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(
        Settings.self, named: "eager", scope: .eagerSingleton,
        mainActor: { _ in
          throw ConfigurationMissing()
        })
    }
  }

  /// The report of `injector`, validated on the main actor, where the eager singleton of
  /// ``EagerModule`` is built.
  private func mainActorReport(of injector: Injector) async -> ValidationReport {
    await MainActor.run { injector.validationReport() }
  }

  /// An injector with one problem of every kind.
  private func brokenInjector() throws -> Injector {
    let injector = Injector(label: "app")
    try injector.addModule(EagerModule())
    injector.map(Garage.self) { Garage(car: try $0.resolve(Car.self)) }  // Car needs Engine
    injector.map(Settings.self) { _ in throw ConfigurationMissing() }
    injector.map(Starter.self) { Starter(battery: try $0.resolve(Battery.self)) }
    injector.map(Battery.self) { Battery(starter: try $0.resolve(Starter.self)) }
    registerSingleton(Turbo.self, on: injector) { Turbo() }
    injector.map(Wheel.self, named: "main actor", scope: .singleton) { @MainActor _ in Wheel() }
    injector.map(Level3.self) { _ in Level3() }  // its radio is optional and unmapped
    injector.map((any Engine).self, named: "spare", scope: .singleton) { _ in V8() }
    return injector
  }

  @Test func everyProblemHasAKindAKeyAndAPath() async throws {
    let report = await mainActorReport(of: try brokenInjector())
    func problem(_ kind: ValidationProblem.Kind) -> ValidationProblem? {
      report.problems.first { $0.kind == kind }
    }

    let missing = try #require(problem(.missingMapping))
    #expect(missing.key == InjectionKey((any Engine).self))
    #expect(missing.path == [InjectionKey(Garage.self), InjectionKey(Car.self)])

    let cycle = try #require(problem(.cycle))
    #expect(cycle.key == cycle.path.first, "a cycle's key is where it starts and ends")
    #expect(cycle.path.first == cycle.path.last)
    #expect(Set(cycle.path) == [InjectionKey(Starter.self), InjectionKey(Battery.self)])

    let factory = try #require(problem(.factoryFailed))
    #expect(factory.key == InjectionKey(Settings.self))
    #expect(factory.path.isEmpty, "a mapping checked on its own: nothing needed it")

    let hook = try #require(problem(.hookNeverCalled))
    #expect(hook.key == InjectionKey(Turbo.self))
    #expect(hook.path.isEmpty)

    let eager = try #require(problem(.eagerSingletonFailed))
    #expect(eager.key == InjectionKey(Settings.self, named: "eager"))
    #expect(eager.path.isEmpty)
  }

  @Test func anInvalidMappingHasItsKeyAndNoPath() {
    let injector = Injector(label: "app")
    injector.map(Wheel.self, named: "two arguments", taking: Int.self) { _, _ in Wheel() }
    injector.map(Garage.self) { injector in
      _ = try injector.resolve(Wheel.self, named: "two arguments")
      return Garage(car: Car())
    }

    let problem = injector.validationReport().problems.first

    #expect(problem?.kind == .invalidMapping)
    #expect(problem?.key == InjectionKey(Wheel.self, named: "two arguments"))
    #expect(problem?.path == [])
  }

  @Test func everyNoteHasAKindAKeyAndAPathWithoutItsKey() throws {
    let injector = Injector(label: "app")
    injector.map(Pilot.self, scope: .singleton)
    injector.map(Plane.self, scope: .singleton)
    injector.map(Level3.self) { _ in Level3() }
    injector.map((any Engine).self) { _ in V8() }
    injector.map(Wheel.self, named: "spare") { _ in Wheel() }
    injector.map(Wheel.self, named: "main actor", scope: .singleton) { @MainActor _ in Wheel() }
    injector.map(Wheel.self, named: "sized", taking: Int.self) { _, _ in Wheel() }
    try injector.addModule(SpareWheelModule())

    let notes = try injector.validate(arguments: [
      .unchecked(Wheel.self, named: "sized"), .unchecked(Wheel.self, named: "main actor"),
    ]).notes
    func note(_ kind: ValidationNote.Kind) -> ValidationNote? { notes.first { $0.kind == kind } }

    let optional = try #require(note(.optionalNotMapped))
    #expect(optional.key == InjectionKey((any Radio).self))
    #expect(optional.path == [InjectionKey(Level3.self)])

    let cycle = try #require(note(.allowedCycle))
    #expect(cycle.key == InjectionKey(Pilot.self))
    #expect(
      cycle.path == [InjectionKey(Pilot.self), InjectionKey(Plane.self), InjectionKey(Pilot.self)])

    let async = try #require(note(.notBuiltSynchronously))
    #expect(async.key == InjectionKey(Wheel.self, named: "main actor"))
    #expect(async.path.isEmpty, "checked as a mapping on its own; the path leaves out the key")
    let unchecked = try #require(note(.unverifiedArguments))
    #expect(unchecked.key == InjectionKey(Wheel.self, named: "sized"))
    #expect(unchecked.path.isEmpty)

    let duplicate = try #require(note(.duplicateMapping))
    #expect(duplicate.key == InjectionKey(Wheel.self, named: "spare"))
    #expect(duplicate.path.isEmpty, "about a mapping, which nothing needed")
    #expect(Set(ValidationNote.Kind.allCases) == Set(notes.map(\.kind)))
  }

  @Test func findingsShareOneFaceForGenericAssertions() async throws {
    func keys<Finding: ValidationFinding>(of findings: [Finding]) -> [InjectionKey] {
      findings.map(\.key)
    }
    let report = await mainActorReport(of: try brokenInjector())

    #expect(keys(of: report.problems).contains(InjectionKey((any Engine).self)))
    #expect(keys(of: report.notes).contains(InjectionKey((any Radio).self)))
    #expect(
      Set(report.problems.map(\.kind)).isSuperset(of: [
        .missingMapping, .cycle, .factoryFailed, .hookNeverCalled, .eagerSingletonFailed,
      ]))
  }
}

/// Maps the spare wheel again, over the direct mapping.
private final class SpareWheelModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(Wheel.self, named: "spare") { _ in Wheel() }
  }
}
