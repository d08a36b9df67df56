import InjectionCore
import InjectionReflection
import Testing

/// Validation judges each key as an app that resolves it first would, whatever order it checks
/// the keys in.
@Suite struct CheckOrderTests {
  protocol Gear: Sendable {}
  final class SpurGear: Gear {}

  /// A singleton that needs the gear through `@Injected`; validation checks it before the gear
  /// (sorted order).
  // @unchecked Sendable: its one property is resolved before the injector hands it out.
  final class Axle: Injectable, @unchecked Sendable {
    @Injected var gear: any Gear
    init() {}
  }

  private static func makeApp() -> Injector {
    let app = Injector(label: "app")
    app.map(Axle.self, scope: .singleton)
    app.map((any Gear).self, scope: .singleton) { injector in
      _ = try injector.resolve(Axle.self)
      return SpurGear()
    }
    return app
  }

  @Test func aSingletonThatMeetsItselfWhenResolvedFirstIsACycleThoughAnotherKeyIsCheckedFirst()
    async throws
  {
    let report = Self.synchronousReport(of: Self.makeApp())
    let awaited = await Self.makeApp().validationReport()

    for report in [report, awaited] {
      #expect(report.problems.contains { $0.kind == .cycle }, "\(report)")
    }
    #expect(throws: InjectionError.self) { try Self.makeApp().resolve((any Gear).self) }
    _ = try Self.makeApp().resolve(Axle.self)
  }

  /// A singleton that needs every gear through `@Injected`; its one gear, a singleton
  /// contribution, needs it (soundness seed 17631).
  // @unchecked Sendable: its one property is resolved before the injector hands it out.
  final class Gearbox: Injectable, @unchecked Sendable {
    @Injected(all: (any Gear).self) var gears: [any Gear]
    init() {}
  }

  private static func makeGearboxApp() -> Injector {
    let app = Injector(label: "app")
    app.map(Gearbox.self, scope: .singleton)
    app.contribute((any Gear).self, scope: .singleton) { injector in
      _ = try injector.resolve(Gearbox.self)
      return SpurGear()
    }
    return app
  }

  @Test func aCollectionThatMeetsItselfWhenResolvedFirstIsACycleThoughItsSingletonWasBuiltBefore()
    async throws
  {
    let report = Self.synchronousReport(of: Self.makeGearboxApp())
    let awaited = await Self.makeGearboxApp().validationReport()

    for report in [report, awaited] {
      #expect(report.problems.contains { $0.kind == .cycle }, "\(report)")
    }
    #expect(throws: InjectionError.self) { try Self.makeGearboxApp().resolveAll((any Gear).self) }
    _ = try Self.makeGearboxApp().resolve(Gearbox.self)
  }

  private static func synchronousReport(of injector: Injector) -> ValidationReport {
    injector.validationReport()
  }
}
