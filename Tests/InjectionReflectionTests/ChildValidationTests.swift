import InjectionCore
import InjectionReflection
import Testing

/// Validating a child judges each cached value as the app builds it: by the injector that holds
/// its mapping, with that injector's mappings and decorators (Concepts.md, child injectors).
@Suite struct ChildValidationTests {
  protocol Clock: Sendable {}
  protocol TimeZone: Sendable {}
  final class SystemClock: Clock {}
  final class UTC: TimeZone {}
  struct DecoratorFailure: Error {}

  /// Holds a provider of the time zone, bound to the injector that builds it.
  // @unchecked Sendable: its one property is resolved before the injector hands it out, and
  // the test reads it on one task.
  final class Scheduler: Injectable, @unchecked Sendable {
    @Injected var timeZone: Provider<any TimeZone>
    init() {}
  }

  @Test func aParentsSingletonThatNeedsAKeyOnlyTheChildMapsIsAMissingMapping() throws {
    let app = Injector(label: "app")
    app.map((any Clock).self, scope: .singleton) { injector in
      _ = try injector.resolve((any TimeZone).self)
      return SystemClock()
    }
    let child = app.makeChild(label: "request")
    child.map((any TimeZone).self) { _ in UTC() }

    let report = child.validationReport()

    #expect(
      report.problems.contains(
        .missingMapping(
          key: InjectionKey((any TimeZone).self), path: [InjectionKey((any Clock).self)])),
      "\(report)")
    #expect(throws: InjectionError.self) { try child.resolve((any Clock).self) }
  }

  @Test func aChildsThrowingDecoratorDoesNotWrapAParentsWeakValue() throws {
    let app = Injector(label: "app")
    app.map((any Clock).self, scope: .weak) { _ in SystemClock() }
    let child = app.makeChild(label: "request")
    child.decorate((any Clock).self) { (_: any Clock) throws -> any Clock in
      throw DecoratorFailure()
    }

    let report = child.validationReport()

    #expect(report.problems.isEmpty, "\(report)")
    _ = try child.resolve((any Clock).self)
  }

  @Test func aProviderHeldByAParentsSingletonResolvesInTheParent() async throws {
    let app = Injector(label: "app")
    app.map(Scheduler.self, scope: .singleton)
    let child = app.makeChild(label: "request")
    child.map((any TimeZone).self) { _ in UTC() }

    let report = await child.validationReport()

    #expect(
      report.problems.contains {
        $0.kind == .missingMapping && $0.key == InjectionKey((any TimeZone).self)
      }, "\(report)")
    #expect(throws: InjectionError.self) { try child.resolve(Scheduler.self).timeZone() }
  }

  /// Needs the clock synchronously, through `@Injected`.
  final class Alarm: Injectable {
    @Injected var clock: any Clock
    init() {}
  }

  @Test func theAsyncFormPreparesAParentsAsyncEagerSingletonAsTheAppDoes() async throws {
    let app = Injector(label: "app")
    app.map((any Clock).self, scope: .eagerSingleton) { _ async in SystemClock() }
    let child = app.makeChild(label: "request")

    let report = await child.validationReport(roots: Alarm.self)

    #expect(report.problems.isEmpty, "\(report)")
    try await app.prepare()
    _ = try child.resolve(Alarm.self)
  }
}
