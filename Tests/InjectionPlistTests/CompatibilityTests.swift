import InjectionCore
import InjectionPlist
import Testing

@Suite struct CompatibilityTests {
  @Test func theSeedsServicesPlistBuildsFooDummyAsDocumented() throws {
    let file = try ServicesFile(contentsOf: try fixture("Services"))
    let injector = Injector(label: "seed")

    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))
    let foo = try injector.resolve(FooDummy.self)

    #expect(file.entries.map(\.key) == ["FooDummyService"])
    #expect(foo.string == "stringValue")
    #expect(foo.array.isEmpty)
    #expect(try injector.resolve(FooDummy.self) === foo, "a singleton, as in OCSimpleInjector")
  }

  @Test func barDummyGetsItsStringValue() throws {
    let file = try servicesFile(
      "<key>BarDummyService</key><dict><key>stringValue</key><string>My property is set!</string></dict>"
    )
    let injector = Injector(label: "bar")

    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))

    #expect(try injector.resolve(BarDummy.self).stringValue == "My property is set!")
  }
}
