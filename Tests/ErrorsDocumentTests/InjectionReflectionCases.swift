import InjectionCore
import InjectionReflection
import Synchronization

/// What the entries of validation findings need: the kinds are `CaseIterable` in the library,
/// so a kind added there has no anchor here until the document has its entry.
extension ValidationProblem.Kind {
  var anchor: String { "validationproblem-\(rawValue.lowercased())" }

  /// The report of an injector with a problem of this kind.
  func trigger() throws -> ValidationReport {
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
      try injector.addModule(FlakyEngineModule())
    }
    return injector.validationReport()
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

/// Maps an eager singleton whose factory works once (when the module is added) and fails
/// afterwards, as when validation builds it again in a copy.
final class FlakyEngineModule: InjectionModule {
  private let builds = Builds()

  func configure(_ mappings: ModuleMappings) {
    mappings.map((any Engine).self, scope: .eagerSingleton) { [builds] _ in
      guard builds.count.add(1, ordering: .relaxed).newValue == 1 else { throw EngineOffline() }
      return V8()
    }
  }
}

/// How often the flaky engine was built.
final class Builds: Sendable {
  let count = Atomic(0)
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
