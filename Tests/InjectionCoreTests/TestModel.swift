import InjectionCore
import Synchronization

// Types shared by the suites. Nothing here is global mutable state: every counter and log is
// created by the test that uses it and reaches the types through a factory or a mapping.

// MARK: - Test instruments

/// An ordered record of events from any thread, such as hook calls.
///
/// Each test makes its own and maps it as an instance, so that the types it builds can record
/// into it through `@Injected`.
final class EventLog: Sendable {
  private let entries = Mutex<[String]>([])

  /// Appends an event.
  func record(_ event: String) {
    entries.withLock { $0.append(event) }
  }

  /// Every event, oldest first.
  var events: [String] { entries.withLock { $0 } }

  /// How many times `event` was recorded.
  func count(of event: String) -> Int {
    entries.withLock { $0.filter { $0 == event }.count }
  }
}

/// A weak reference, to prove that something was released.
struct WeakReference<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object?) {
    self.object = object
  }
}

/// An error that a factory throws on purpose.
struct FactoryError: Error, Equatable, CustomStringConvertible {
  let reason: String

  var description: String { "FactoryError(\(reason))" }
}

// MARK: - The car model

/// An engine, mapped under its protocol.
protocol Engine: AnyObject, Sendable {
  var model: String { get }
}

/// An engine that is created automatically when asked for by its own type.
final class HybridEngine: Engine, Injectable {
  let model = "hybrid"

  init() {}
}

/// A second engine, to tell mappings apart.
final class V8Engine: Engine, Injectable {
  let model = "v8"

  init() {}
}

/// A radio; nothing conforms to it, so it is never mapped unless a test maps it.
protocol Radio: Sendable {
  var station: String { get }
}

/// A radio value, for optional dependencies that are mapped.
struct FMRadio: Radio {
  let station: String
}

/// A leaf dependency that is created automatically.
final class Wheel: Injectable, Sendable {
  init() {}
}

/// A car that declares its dependencies with `@Injected`, created automatically.
final class Car: Injectable {
  @Injected var engine: any Engine
  @Injected var wheel: Wheel

  init() {}
}

/// A car that gets its engine through its initializer, built by a factory.
final class Coupe: Sendable {
  let engine: any Engine

  init(engine: any Engine) {
    self.engine = engine
  }
}

/// A value type with a payload, for mappings of values.
struct Settings: Sendable, Equatable {
  var speedLimit: Int
}

/// An object that records its injection-complete hook in the `EventLog` mapped in its injector.
///
/// `@unchecked Sendable`: its only stored properties are `@Injected` wrappers, assigned once by
/// `init` and thread-safe themselves (their value is published once, atomically).
final class LoggingEngine: Engine, Injectable, @unchecked Sendable {
  @Injected var log: EventLog
  let model = "logging"

  init() {}

  func injectionDidComplete() {
    log.record("LoggingEngine")
  }
}

/// A wheel that records its hook.
///
/// `@unchecked Sendable`: see ``LoggingEngine``.
final class LoggingWheel: Injectable, @unchecked Sendable {
  @Injected var log: EventLog

  init() {}

  func injectionDidComplete() {
    log.record("LoggingWheel")
  }
}

/// A car that records its hook, after checking that its dependencies are complete.
final class LoggingCar: Injectable {
  @Injected var log: EventLog
  @Injected var engine: any Engine
  @Injected var frontWheel: LoggingWheel
  @Injected var rearWheel: LoggingWheel

  init() {}

  func injectionDidComplete() {
    log.record("LoggingCar")
  }
}

// MARK: - Helpers

extension InjectionError {
  /// The parts of a `notMapped` error, or `nil` for another case.
  var notMapped:
    (
      key: InjectionKey, path: [InjectionKey], searched: [String],
      mappedNames: InjectionError.MappedNames
    )?
  {
    guard case .notMapped(let key, let path, let searched, let mappedNames) = self else {
      return nil
    }
    return (key, path, searched, mappedNames)
  }

  /// The path of a `cycle` error, or `nil` for another case.
  var cyclePath: [InjectionKey]? {
    guard case .cycle(let path) = self else { return nil }
    return path
  }
}

/// The key that diagnostics print for a type of this test module.
func key<T>(_ type: T.Type, named name: String? = nil) -> InjectionKey {
  InjectionKey(typeName: String(reflecting: type), name: name)
}

/// A new injector with an `EventLog` mapped as an instance.
func makeLoggingInjector(label: String = "logging") -> (Injector, EventLog) {
  let injector = Injector(label: label)
  let log = EventLog()
  injector.map(EventLog.self, to: log)
  return (injector, log)
}
