import Foundation
import InjectionCore
import InjectionPlist
import Testing

/// What an app needs to wire real services (issue 20, points 13–17).
@Suite struct WiringTests {
  /// A service mapped in code that plist services refer to.
  final class Telemetry: Sendable {}

  /// A plist service that refers to a service mapped in code.
  struct Dashboard: Decodable, Sendable {
    let title: String
    @ServiceReference var telemetry: Telemetry
  }

  @Test func aReferenceNamesAServiceMappedInCodeThatTheAppMadeReferable() throws {
    let registry = ServiceRegistry()
    registry.register(Dashboard.self, as: "Dashboard")
    registry.allowReferences(to: Telemetry.self, named: "main", as: "Telemetry")
    let injector = Injector(label: "code references")
    let telemetry = Telemetry()
    injector.map(Telemetry.self, named: "main", to: telemetry)
    let file = try servicesFile(
      """
      <key>DashboardService</key><dict><key>title</key><string>Speed</string>\
      <key>telemetry</key><dict><key>@service</key><string>Telemetry</string></dict></dict>
      """)

    try injector.addModule(ServicesModule(file: file, registry: registry))

    #expect(try injector.resolve(Dashboard.self).telemetry === telemetry)
    #expect(registry.referableNames == ["Telemetry"])
  }

  @Test func aReferenceToAKeyThatIsNotReferableIsALocatedErrorAtLoadTime() throws {
    let registry = ServiceRegistry()
    registry.register(Dashboard.self, as: "Dashboard")
    registry.allowReferences(to: Telemetry.self, as: "Telemetry")
    let file = try servicesFile(
      """
      <key>DashboardService</key><dict><key>title</key><string>Speed</string>\
      <key>telemetry</key><dict><key>@service</key><string>Telemetri</string></dict></dict>
      """)

    #expect {
      try ServicesModule(file: file, registry: registry)
    } throws: { error in
      (error as? PlistError)?.problems.map(\.description) == [
        "Test.plist: DashboardService.telemetry: a reference to the unknown service \"Telemetri\"; did you mean Telemetry? referable: Dashboard, Telemetry"
      ]
    }
  }

  @Test func everyProblemHasAKindWithItsDetails() throws {
    let file = try servicesFile(
      "<key>EngineService</key><dict><key>@type</key><string>V8Engine</string><key>hp</key><integer>1</integer></dict>"
    )

    #expect(
      moduleProblems(file).map(\.kind) == [
        .missingProperty("horsepower"),
        .unknownProperty(name: "hp", type: "V8Engine", suggestion: nil),
      ])
    #expect(
      moduleProblems(file).map(\.keyPath) == ["EngineService.horsepower", "EngineService.hp"])
  }

  @Test func aRegistrationCanMapANamedKey() throws {
    let registry = ServiceRegistry()
    registry.register(HybridEngine.self, providing: (any Engine).self, named: "eco") { $0 }
    registry.register(BarDummy.self, named: "bar")
    let injector = Injector(label: "named")
    let file = try servicesFile(
      """
      <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
      <key>horsepower</key><integer>90</integer></dict>
      <key>BarDummyService</key><dict><key>stringValue</key><string>b</string></dict>
      """)

    try injector.addModule(ServicesModule(file: file, registry: registry))

    #expect(try injector.resolve((any Engine).self, named: "eco").horsepower == 90)
    #expect(try injector.resolve(BarDummy.self, named: "bar").stringValue == "b")
    #expect(!injector.isMapped((any Engine).self))
  }

  @Test func aFileLoadsFromABundleByName() throws {
    let file = try ServicesFile(named: "Fixtures/Services", in: .module)

    #expect(file.source == "Services.plist")
    #expect(file.entries.map(\.key) == ["FooDummyService"])
  }

  @Test func aMissingBundleResourceNamesTheBundleAndTheResource() {
    #expect {
      try ServicesFile(named: "Missing", in: .module)
    } throws: { error in
      guard
        case .resourceNotFound(let resource, let bundle)? = (error as? PlistError)?
          .problems.first?.kind
      else { return false }
      return resource == "Missing.plist" && !bundle.isEmpty
        && (error as? PlistError)?.description
          == "Missing.plist: the bundle \(bundle) has no resource Missing.plist"
    }
  }

  @Test func oneOptionsValueCarriesTheLimitsAndTheUnknownPropertyPolicy() throws {
    let options = PlistOptions(maximumServiceCount: 1, unknownProperties: .ignore)
    let file = try servicesFile(
      "<key>BarDummyService</key><dict><key>stringValue</key><string>x</string><key>extra</key><true/></dict>",
      options: options)

    #expect(file.options == options)
    #expect(moduleProblems(file).isEmpty)
    #expect(
      problems {
        _ = try servicesFile(
          "<key>AService</key><dict/><key>BService</key><dict/>", options: options)
      } == ["Test.plist: Services: 2 entries, over the limit of 1"])
  }
}
