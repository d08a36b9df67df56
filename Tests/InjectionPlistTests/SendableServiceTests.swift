import InjectionCore
import InjectionPlist
import Testing

/// The route Documentation/ServicesFromAPlist.md recommends for a plist service with a
/// dependency from the injector: a `Sendable` class whose dependency is a constant `Injected`,
/// without `@unchecked Sendable`.
@Suite struct SendableServiceTests {
  /// The guide's `Dashboard`, as written there.
  final class Dashboard: Decodable, Sendable {
    let title: String  // from the file
    let engine = Injected<any Engine>()  // from the injector
    private enum CodingKeys: String, CodingKey { case title }
  }

  private func injector(engine: String) throws -> Injector {
    let registry = ServiceRegistry()
    registry.register(Dashboard.self, as: "Dashboard")
    registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
    registry.register(V8Engine.self, providing: (any Engine).self) { $0 }
    let file = try servicesFile(
      """
      <key>DashboardService</key><dict><key>title</key><string>Speed</string></dict>
      <key>EngineService</key><dict><key>@type</key><string>\(engine)</string>\
      <key>horsepower</key><integer>450</integer></dict>
      """)
    let injector = Injector(label: "dashboard")
    try injector.addModule(ServicesModule(file: file, registry: registry))
    return injector
  }

  @Test func aSendableServiceGetsItsInjectedConstantFromTheInjectorThatBuiltIt() throws {
    let injector = try injector(engine: "V8Engine")

    let dashboard = try injector.resolve(Dashboard.self)

    #expect(dashboard.title == "Speed")
    #expect(dashboard.engine.isResolved)  // resolved before resolve returned
    #expect(dashboard.engine.value.model == "v8")
    #expect(dashboard === (try injector.resolve(Dashboard.self)))  // a plist singleton
  }

  @Test func theSingletonIsSharedWithOtherTasksWithoutUncheckedSendable() async throws {
    let dashboard = try injector(engine: "HybridEngine").resolve(Dashboard.self)

    let models = await withTaskGroup(of: String.self) { group in
      for _ in 0..<8 {
        group.addTask { dashboard.engine.value.model }  // Dashboard is Sendable
      }
      return await group.reduce(into: []) { $0.append($1) }
    }

    #expect(models == Array(repeating: "hybrid", count: 8))
  }
}
