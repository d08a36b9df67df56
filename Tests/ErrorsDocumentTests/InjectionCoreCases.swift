import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Every case of `InjectionError`, each with the anchor of its entry and a trigger.
///
/// The `switch` of `init(_:)` is exhaustive: a case added to `InjectionError` stops this target
/// from building until it has a case here, and so an entry and a trigger.
enum InjectionErrorCase: String, CaseIterable {
  case notMapped, cycle, factoryFailed, invalidMapping, moduleAlreadyAdded, injectorReleased
  case argumentMismatch, asyncMapping, actorIsolated, cancelled, shutDown

  init(_ error: InjectionError) {
    switch error {
    case .notMapped: self = .notMapped
    case .cycle: self = .cycle
    case .factoryFailed: self = .factoryFailed
    case .invalidMapping: self = .invalidMapping
    case .moduleAlreadyAdded: self = .moduleAlreadyAdded
    case .injectorReleased: self = .injectorReleased
    case .argumentMismatch: self = .argumentMismatch
    case .asyncMapping: self = .asyncMapping
    case .actorIsolated: self = .actorIsolated
    case .cancelled: self = .cancelled
    case .shutDown: self = .shutDown
    }
  }

  var anchor: String { "injectionerror-\(rawValue.lowercased())" }

  /// The error of the example: what the trigger of the entry throws.
  func trigger() async throws -> InjectionError {
    let injector = Injector(label: "app")
    let error: InjectionError?
    switch self {
    case .notMapped:
      injector.map(Car.self) { Car(engine: try $0.resolve((any Engine).self)) }
      error = thrown(InjectionError.self) { _ = try injector.resolve(Car.self) }
    case .cycle:
      injector.map(Car.self) { Car(engine: try $0.resolve((any Engine).self)) }
      injector.map((any Engine).self) { injector in
        _ = try injector.resolve(Car.self)
        return V8()
      }
      error = thrown(InjectionError.self) { _ = try injector.resolve(Car.self) }
    case .factoryFailed:
      injector.map(Settings.self) { _ in throw SettingsFileMissing() }
      error = thrown(InjectionError.self) { _ = try injector.resolve(Settings.self) }
    case .invalidMapping:
      error = thrown(InjectionError.self) { try injector.addModule(SettingsModule()) }
    case .moduleAlreadyAdded:
      let module = EngineModule()
      try injector.addModule(module)
      error = thrown(InjectionError.self) { try injector.addModule(module) }
    case .injectorReleased:
      var owner: Injector? = Injector(label: "app")
      let makeEngine = try owner!.resolve(Provider<V8>.self)
      owner = nil
      error = thrown(InjectionError.self) { _ = try makeEngine() }
    case .argumentMismatch:
      injector.map(Wheel.self, taking: Int.self) { _, size in Wheel(size: size) }
      error = thrown(InjectionError.self) { _ = try injector.resolve(Wheel.self) }
    case .asyncMapping:
      injector.map(Database.self, scope: .singleton) { _ in
        await Task.yield()
        return Database()
      }
      error = thrown(InjectionError.self) { _ = try injector.resolve(Database.self) }
    case .actorIsolated:
      injector.map(Router.self, scope: .singleton) { @MainActor _ in Router() }
      // Off the main actor, whatever thread runs the test.
      let task = Task.detached {
        thrown(InjectionError.self) { _ = try injector.resolve(Router.self) }
      }
      error = await task.value
    case .cancelled:
      error = await Self.cancelledWaiter()
    case .shutDown:
      injector.map((any Engine).self, scope: .singleton) { _ in V8() }
      try await injector.shutdown()
      error = thrown(InjectionError.self) { _ = try injector.resolve((any Engine).self) }
    }
    guard let error else { throw UnexpectedOutcome(description: "\(self): nothing was thrown") }
    return error
  }

  /// What a task that waits for a singleton being built throws when it is cancelled.
  private static func cancelledWaiter() async -> InjectionError? {
    let injector = Injector(label: "app")
    let gate = AsyncGate()
    let started = Atomic(false)
    injector.map(Database.self, scope: .singleton) { _ in
      started.store(true, ordering: .releasing)
      await gate.wait()
      return Database()
    }
    let builder = Task { try await injector.resolveAsync(Database.self) }
    while !started.load(ordering: .acquiring) { await Task.yield() }
    let waiter = Task { () async throws -> Database in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await injector.resolveAsync(Database.self)
    }
    let error = await waiter.result.failure as? InjectionError
    gate.open()
    _ = try? await builder.value
    return error
  }
}

/// The entry of `DisposalError`, the error of a shutdown whose disposals failed.
enum DisposalErrorCase: CaseIterable {
  case disposalError

  var anchor: String { "disposalerror" }

  /// The error of the example: two values that fail to dispose, in reverse order of creation.
  func trigger() async throws -> DisposalError {
    let injector = Injector(label: "app")
    injector.map(Ledger.self, scope: .singleton) { _ in Ledger() }
    injector.map(LeakyCache.self, scope: .singleton) { _ in LeakyCache() }
    _ = try injector.resolve(Ledger.self)
    _ = try injector.resolve(LeakyCache.self)
    do {
      try await injector.shutdown(timeout: .milliseconds(50))
    } catch {
      return error
    }
    throw UnexpectedOutcome(description: "shutdown() threw nothing")
  }
}

/// A ledger whose disposal fails.
final class Ledger: InjectionDisposable, Sendable {
  func dispose() throws { throw LedgerBusy() }
}

/// What a ledger throws when it is disposed.
struct LedgerBusy: Error {}

/// A cache whose asynchronous disposal never ends on its own.
final class LeakyCache: AsyncInjectionDisposable, Sendable {
  func dispose() async throws {
    try await Task.sleep(for: .seconds(60))
  }
}

extension Result {
  /// The error, or `nil` for a success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
