import InjectionCore
import InjectionReflection
import Testing

/// Validation judges an eager singleton by what its build did: a module's eager singleton,
/// built when the module was added, is not a problem because a build with mappings made later
/// would fail (issue 32, cause c).
@Suite struct EagerSingletonValidationTests {
  protocol Fuel: Sendable {}
  final class Petrol: Fuel {}
  final class Engine: Sendable {}

  final class EngineModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Engine.self, scope: .eagerSingleton) { injector in
        _ = try injector.resolve((any Fuel).self)
        return Engine()
      }
    }
  }

  /// An app whose engine was built with the petrol, which is unmapped afterwards.
  private static func makeApp() throws -> Injector {
    let app = Injector(label: "app")
    app.map((any Fuel).self) { _ in Petrol() }
    try app.addModule(EngineModule())  // builds the engine with the petrol
    app.unmap((any Fuel).self)
    return app
  }

  @Test func aModulesEagerSingletonBuiltBeforeALaterUnmapIsNotAProblem() async throws {
    let report = Self.synchronousReport(of: try Self.makeApp())
    let awaited = await (try Self.makeApp()).validationReport(roots: Engine.self)

    for report in [report, awaited] {
      #expect(report.problems.isEmpty, "\(report)")
    }
    _ = try Self.makeApp().resolve(Engine.self)
  }

  private static func synchronousReport(of injector: Injector) -> ValidationReport {
    injector.validationReport(roots: Engine.self)
  }
}
