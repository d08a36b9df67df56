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

  /// Maps an eager singleton whose first build succeeds and every later one fails.
  final class EagerModule: InjectionModule {
    let builds = Counter()

    func configure(_ mappings: ModuleMappings) {
      let builds = builds
      mappings.map(Settings.self, named: "eager", scope: .eagerSingleton) { _ in
        guard builds.increment() == 1 else { throw ConfigurationMissing() }
        return Settings()
      }
    }
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

  @Test func everyProblemHasAKindAKeyAndAPath() throws {
    let report = try brokenInjector().validationReport()
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

    let notes = try injector.validate().notes
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
    #expect(Set(ValidationNote.Kind.allCases) == Set(notes.map(\.kind)))
  }

  @Test func findingsShareOneFaceForGenericAssertions() throws {
    func keys<Finding: ValidationFinding>(of findings: [Finding]) -> [InjectionKey] {
      findings.map(\.key)
    }
    let report = try brokenInjector().validationReport()

    #expect(keys(of: report.problems).contains(InjectionKey((any Engine).self)))
    #expect(keys(of: report.notes).contains(InjectionKey((any Radio).self)))
    #expect(
      Set(report.problems.map(\.kind)).isSuperset(of: [
        .missingMapping, .cycle, .factoryFailed, .hookNeverCalled, .eagerSingletonFailed,
      ]))
  }
}
