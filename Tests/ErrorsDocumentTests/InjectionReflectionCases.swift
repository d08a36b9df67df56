import InjectionCore
import InjectionReflection
import Synchronization

/// What the entries of validation findings need: the kinds are `CaseIterable` in the library,
/// so a kind added there has no anchor here until the document has its entry.
extension ValidationProblem.Kind {
  var anchor: String { "validationproblem-\(rawValue.lowercased())" }

  /// The report of an injector with a problem of this kind.
  ///
  /// An eager singleton the injector built is judged by that build, so the failing one has a
  /// `@MainActor` factory: mapped here, off the main actor, it is not built, and validation on
  /// the main actor builds it.
  func trigger() async throws -> ValidationReport {
    let injector = try makeInjector()
    guard self == .eagerSingletonFailed else { return Self.report(of: injector) }
    return await MainActor.run { Self.report(of: injector) }
  }

  private static func report(of injector: Injector) -> ValidationReport {
    injector.validationReport()
  }

  private func makeInjector() throws -> Injector {
    let injector = Injector(label: "app")
    switch self {
    case .missingMapping:
      injector.map(Car.self) { Car(engine: try $0.resolve((any Engine).self)) }
    case .cycle:
      injector.map(Car.self) { Car(engine: try $0.resolve((any Engine).self)) }
      injector.map((any Engine).self) { injector in
        _ = try injector.resolve(Car.self)
        return V8()
      }
    case .factoryFailed:
      injector.map(Settings.self) { _ in throw SettingsFileMissing() }
    case .invalidMapping:
      injector.map(Wheel.self, taking: Int.self) { _, size in Wheel(size: size) }
      injector.map(Car.self) { injector in
        _ = try injector.resolve(Wheel.self)
        return Car(engine: V8())
      }
    case .hookNeverCalled:
      mapSingleton(Turbo.self, on: injector) { Turbo() }
    case .eagerSingletonFailed:
      try injector.addModule(MainActorEngineModule())
    case .unverifiedArguments:
      injector.map(Wheel.self, taking: Int.self) { _, size in Wheel(size: size) }
    case .captiveDependency:
      injector.map(Database.self, scope: .weak) { _ in Database() }
      injector.map(ReportCache.self, scope: .singleton) { ReportCache(database: try $0.resolve()) }
    }
    return injector
  }
}

extension ValidationNote.Kind {
  var anchor: String { "validationnote-\(rawValue.lowercased())" }

  /// The report of an injector with a note of this kind.
  func trigger() -> ValidationReport {
    let injector = Injector(label: "app")
    switch self {
    case .optionalNotMapped:
      injector.map(Cockpit.self) { _ in Cockpit() }
    case .allowedCycle:
      injector.map(Pilot.self, scope: .singleton)
      injector.map(Plane.self, scope: .singleton)
    case .notBuiltSynchronously:
      injector.map(Database.self, scope: .singleton) { @MainActor _ in Database() }
      return injector.validationReport(arguments: [.unchecked(Database.self)])
    case .unverifiedArguments:
      injector.map(Wheel.self, taking: Int.self) { _, size in Wheel(size: size) }
      return injector.validationReport(arguments: [.unchecked(Wheel.self)])
    case .duplicateMapping:
      try? injector.addModule(GarageEngineModule())
      try? injector.addModule(RacingEngineModule())
    }
    return injector.validationReport()
  }
}

/// The entry of `ValidationError`, the error `validate()` throws.
enum ValidationErrorCase: CaseIterable {
  case validationError

  var anchor: String { "validationerror" }

  /// The error of the example.
  func trigger() throws -> ValidationError {
    let injector = Injector(label: "app")
    injector.map(Car.self) { Car(engine: try $0.resolve((any Engine).self)) }
    guard let error = thrown(ValidationError.self, { try injector.validate() }) else {
      throw UnexpectedOutcome(description: "validate() threw nothing")
    }
    return error
  }
}

/// A singleton that keeps the database it is built with.
final class ReportCache: Sendable {
  let database: Database

  init(database: Database) {
    self.database = database
  }
}

/// Has an injection-complete hook.
final class Turbo: InjectionCompletable, Sendable {
  func injectionDidComplete() {}
}

/// Maps a type through a generic helper that does not know it has a hook.
func mapSingleton<T: Sendable>(
  _ type: T.Type, on injector: Injector, make: @escaping @Sendable () -> T
) {
  injector.map(T.self, scope: .singleton) { _ in make() }
}

/// Maps an eager singleton with a `@MainActor` factory that fails: added off the main actor,
/// it is not built.
final class MainActorEngineModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(
      (any Engine).self, scope: .eagerSingleton, mainActor: { _ in throw EngineOffline() })
  }
}

/// What the flaky engine's factory throws.
struct EngineOffline: Error {}

/// Has an optional dependency.
final class Cockpit: Injectable {
  @Injected var spare: (any Engine)?
  init() {}
}

/// A singleton that needs a ``Plane``, which needs it back.
final class Pilot: Injectable, Sendable {
  let plane = Injected<Plane>()
  init() {}
}

/// A singleton that needs a ``Pilot``.
final class Plane: Injectable, Sendable {
  let pilot = Injected<Pilot>()
  init() {}
}

/// Maps the engine.
final class GarageEngineModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map((any Engine).self) { _ in V8() }
  }
}

/// Maps the engine too, and shadows ``GarageEngineModule``'s mapping.
final class RacingEngineModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map((any Engine).self) { _ in V8() }
  }
}
