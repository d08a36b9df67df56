import Foundation
import InjectionCore
import InjectionPlist
import Testing

@Suite struct ServicesTests {
  private func garage() throws -> (Injector, ServicesModule) {
    let file = try ServicesFile(contentsOf: try fixture("Garage-Services"))
    let module = try ServicesModule(file: file, registry: makeRegistry())
    let injector = Injector(label: "garage")
    try injector.addModule(module)
    return (injector, module)
  }

  @Test func everyKindOfValueIsDecodedWithTheTypeItsPropertyDeclares() throws {
    let (injector, _) = try garage()

    let settings = try injector.resolve(Settings.self)

    #expect(settings.name == "Garage")
    #expect(settings.speedLimit == 120.5)
    #expect(settings.isOpen)
    #expect(settings.opened == Date(timeIntervalSince1970: 1_321_272_000))
    #expect(settings.logo == Data([0, 1, 2]))
    #expect(settings.tags == ["cars", "wheels"])
    #expect(settings.limits == ["cars": 3])
    #expect(settings.homepage == URL(string: "https://example.com/garage"))
    #expect(settings.color == .red)
    #expect(settings.address == Address(city: "Lyon"))
    #expect(settings.nickname == nil, "an absent optional is nil")
  }

  @Test func theFileChoosesTheImplementationOfAProtocolKey() throws {
    let (injector, _) = try garage()

    let engine = try injector.resolve((any Engine).self)

    #expect(engine.model == "hybrid")
    #expect(engine.horsepower == 300)
  }

  @Test func servicesAreSingletonsUnlessTheEntrySaysTransient() throws {
    let (injector, _) = try garage()

    #expect(try injector.resolve(BarDummy.self) === (try injector.resolve(BarDummy.self)))
    let scopes = injector.snapshot().mappings.map { ($0.key, $0.scope) }
    #expect(scopes.contains { $0 == (InjectionKey(Settings.self), .transient) })
    #expect(scopes.contains { $0 == (InjectionKey(BarDummy.self), .singleton) })
  }

  @Test func aServiceGetsValuesFromTheFileAndDependenciesFromTheInjector() throws {
    let file = try servicesFile(
      """
      <key>DashboardService</key><dict><key>title</key><string>Speed</string></dict>
      <key>EngineService</key><dict><key>@type</key><string>V8Engine</string>\
      <key>horsepower</key><integer>450</integer></dict>
      """)
    let injector = Injector(label: "dashboard")
    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))

    let dashboard = try injector.resolve(Dashboard.self)

    #expect(dashboard.title == "Speed")
    #expect(dashboard.engine.model == "v8")
  }

  @Test func removingTheModuleRestoresWhatItShadowed() throws {
    let injector = Injector(label: "code")
    injector.map((any Engine).self) { _ in V8Engine(horsepower: 1) }
    let module = try ServicesModule(
      file: try ServicesFile(contentsOf: try fixture("Garage-Services")), registry: makeRegistry())

    try injector.addModule(module)
    #expect(try injector.resolve((any Engine).self).model == "hybrid")
    injector.removeModule(module)

    #expect(try injector.resolve((any Engine).self).model == "v8")
    #expect(!injector.isMapped(Settings.self))
  }

  @Test func aBinaryPropertyListReadsLikeAnXMLOne() throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let data = try encoder.encode(["Services": ["BarDummyService": ["stringValue": "binary"]]])

    let file = try ServicesFile(data: data, source: "Binary.plist")
    let injector = Injector(label: "binary")
    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))

    #expect(try injector.resolve(BarDummy.self).stringValue == "binary")
  }

  @Test func anUnknownPropertyCanBeIgnoredWhenTheOptionsSaySo() throws {
    let entry =
      "<key>BarDummyService</key><dict><key>stringValue</key><string>x</string><key>color</key><string>red</string></dict>"
    let file = try servicesFile(entry, options: PlistOptions(unknownProperties: .ignore))
    #expect(
      moduleProblems(try servicesFile(entry)).map(\.kind) == [
        .unknownProperty(name: "color", type: "BarDummy", suggestion: nil)
      ])

    let module = try ServicesModule(
      file: file, registry: makeRegistry())

    #expect(module.file.entries.first?.propertyNames == ["color", "stringValue"])
  }

  @Test func replacingTheModuleWithANewerFileSwapsTheServicesAtOnce() throws {
    let registry = makeRegistry()
    let injector = Injector(label: "reload")
    let first = try ServicesModule(
      file: try servicesFile(
        "<key>EngineService</key><dict><key>@type</key><string>HybridEngine</string><key>horsepower</key><integer>1</integer></dict>"
      ), registry: registry)
    try injector.addModule(first)
    let newer = try ServicesModule(
      file: try servicesFile(
        "<key>EngineService</key><dict><key>@type</key><string>V8Engine</string><key>horsepower</key><integer>2</integer></dict>"
      ), registry: registry)

    #expect(try injector.replaceModule(first, with: newer))

    let engine = try injector.resolve((any Engine).self)
    #expect(engine.model == "v8")
    #expect(engine.horsepower == 2)
  }
}
