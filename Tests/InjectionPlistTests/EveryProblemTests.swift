import Foundation
import InjectionCore
import InjectionPlist
import Testing

/// One load reports every problem of a file (issue 20, points 5–7, 10 and 11).
@Suite struct EveryProblemTests {
  @Test func aFileWithSixMistakesReportsAllSixInOneLoad() throws {
    let file = try servicesFile(
      """
      <key>Garage</key><dict><key>name</key><string>Main</string>\
      <key>engine</key><dict><key>@service</key><string>Engine</string></dict></dict>
      <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
      <key>@scope</key><string>forever</string><key>horsepower</key><string>fast</string></dict>
      <key>RadoiService</key><dict/>
      <key>BarDummyService</key><dict><key>stringvalue</key><string>typo</string></dict>
      """)

    #expect(
      moduleProblems(file).map(\.description) == [
        "Test.plist: BarDummyService.stringValue: missing; this property is required",
        "Test.plist: BarDummyService.stringvalue: unknown property of BarDummy; did you mean stringValue? remove it, or fix its name",
        "Test.plist: EngineService.@scope: expected \"singleton\" or \"transient\", found the string \"forever\"",
        "Test.plist: EngineService.horsepower: expected an integer of type Int (-9223372036854775808...9223372036854775807), found the string \"fast\"",
        "Test.plist: Garage: a service entry's key is <Name>Service, such as EngineService",
        "Test.plist: RadoiService: \"Radoi\" is not registered; registered: Alpha, BarDummy, Beta, Dashboard, Fleet, FooDummy, Garage, HybridEngine, Keeper, Numbers, Settings, V8Engine",
      ])
  }

  @Test func aWrongTypeHidesNeitherAnUnknownNorAMissingPropertyOfTheSameEntry() throws {
    let file = try servicesFile(
      """
      <key>SettingsService</key><dict><key>name</key><integer>1</integer>\
      <key>speedLimit</key><string>fast</string><key>isOpen</key><true/>\
      <key>opened</key><string>today</string><key>logo</key><data>AA==</data>\
      <key>tags</key><string>one</string><key>limits</key><dict/>\
      <key>homepage</key><string>https://x.y</string><key>color</key><string>red</string>\
      <key>adress</key><dict/></dict>
      """)

    #expect(
      moduleProblems(file).map(\.description) == [
        "Test.plist: SettingsService.name: expected a string, found the integer 1",
        "Test.plist: SettingsService.speedLimit: expected a number (Double), found the string \"fast\"",
        "Test.plist: SettingsService.opened: expected a date, found the string \"today\"",
        "Test.plist: SettingsService.tags: expected an array, found the string \"one\"",
        "Test.plist: SettingsService.address: missing; this property is required",
        "Test.plist: SettingsService.adress: unknown property of Settings; did you mean address? remove it, or fix its name",
      ])
  }

  @Test func unknownKeysInsideArraysOfDictionariesAreFound() throws {
    let file = try servicesFile(
      """
      <key>FleetService</key><dict><key>cars</key><array>\
      <dict><key>model</key><string>a</string><key>sunroof</key><true/></dict>\
      <dict><key>model</key><string>b</string></dict>\
      <dict><key>modl</key><string>c</string></dict></array></dict>
      """)

    #expect(
      moduleProblems(file).map(\.description) == [
        "Test.plist: FleetService.cars[2].model: missing; this property is required",
        "Test.plist: FleetService.cars[0].sunroof: unknown property of Fleet.Car; remove it, or fix its name",
        "Test.plist: FleetService.cars[2].modl: unknown property of Fleet.Car; did you mean model? remove it, or fix its name",
      ])
  }

  @Test func anEnumsUnknownRawValueIsReportedWithTheTypeThatRefusedIt() throws {
    let file = try servicesFile(
      """
      <key>SettingsService</key><dict><key>name</key><string>x</string>\
      <key>speedLimit</key><integer>1</integer><key>isOpen</key><true/>\
      <key>opened</key><date>2011-11-14T12:00:00Z</date><key>logo</key><data>AA==</data>\
      <key>tags</key><array/><key>limits</key><dict/><key>homepage</key><string>https://x.y</string>\
      <key>color</key><string>green</string><key>extra</key><true/>\
      <key>address</key><dict><key>city</key><string>Lyon</string></dict></dict>
      """)

    let found = moduleProblems(file)

    #expect(
      found.map(\.keyPath) == ["SettingsService.color", "SettingsService.extra"])
    #expect(
      found.first?.kind
        == .invalidValue(
          type: "Color", found: "the string \"green\"",
          reason: "Cannot initialize Color from invalid String value green"))
  }

  @Test func anUnregisteredNameGetsADidYouMeanSuggestion() throws {
    let file = try servicesFile("<key>BarDumyService</key><dict/>")

    #expect(
      moduleProblems(file).first?.kind
        == .notRegistered(
          name: "BarDumy", suggestion: "BarDummy", registered: makeRegistry().names))
  }

  @Test func theDepthLimitNamesTheEntryAndTheLine() {
    let xml = servicesXML(
      "\n<key>AService</key><dict><key>a</key>"
        + String(repeating: "<array>", count: 31) + String(repeating: "</array>", count: 31)
        + "</dict>")

    #expect {
      try ServicesFile(data: Data(xml.utf8), source: "Deep.plist")
    } throws: { error in
      let problem = (error as? PlistError)?.problems.first
      return problem?.kind == .tooDeep(limit: 32) && problem?.line == 3
        && problem?.keyPath == "AService.a" + String(repeating: "[0]", count: 30)
    }
  }

  @Test(
    arguments: [
      ("uint64", "<integer>18446744073709551615</integer>", nil),
      ("int64", "<integer>-9223372036854775808</integer>", nil),
      (
        "int8", "<integer>300</integer>",
        "NumbersService.int8: the integer 300 is out of range for Int8 (-128...127)"
      ),
      (
        "uint", "<integer>-1</integer>",
        "NumbersService.uint: the integer -1 is out of range for UInt (0...18446744073709551615)"
      ),
      (
        "int64", "<integer>18446744073709551615</integer>",
        "NumbersService.int64: the integer 18446744073709551615 is out of range for Int64 (-9223372036854775808...9223372036854775807)"
      ),
      (
        "int", "<integer>123456789012345678901234567890</integer>",
        "NumbersService.int: the integer 123456789012345678901234567890 (beyond 64 bits) is out of range for Int (-9223372036854775808...9223372036854775807)"
      ),
      (
        "uint8", "<integer>12abc</integer>",
        "NumbersService.uint8: expected an integer of type UInt8 (0...255), found the malformed integer \"12abc\""
      ),
      (
        "int", "<real>1.5</real>",
        "NumbersService.int: expected an integer of type Int (-9223372036854775808...9223372036854775807), found the number 1.5"
      ),
      (
        "float", "<real>1e300</real>",
        "NumbersService.float: the number 1e+300 is out of range for Float (±3.4028235e+38)"
      ),
      ("double", "<integer>7</integer>", nil),
    ] as [(String, String, String?)])
  func everyNumericProblemNamesThePropertysTypeAndItsRange(
    property: String, value: String, expected: String?
  ) throws {
    let file = try servicesFile(
      "<key>NumbersService</key><dict><key>\(property)</key>\(value)</dict>")

    #expect(
      moduleProblems(file).map(\.description)
        == (expected.map { ["Test.plist: \($0)"] } ?? []))
  }

  @Test func theLargestUnsignedIntegerLoads() throws {
    let file = try servicesFile(
      "<key>NumbersService</key><dict><key>uint64</key><integer>18446744073709551615</integer></dict>"
    )
    let injector = Injector(label: "numbers")
    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))

    #expect(try injector.resolve(Numbers.self).uint64 == .max)
  }
}
