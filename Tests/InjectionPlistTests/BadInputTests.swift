import Foundation
import InjectionCore
import InjectionPlist
import Testing

@Suite struct BadInputTests {
  /// The problems `body` throws, as their descriptions; `["not a PlistError: …"]` for
  /// another error.
  private func problems(_ body: () throws -> Void) -> [String] {
    do {
      try body()
      return []
    } catch let error as PlistError {
      return error.problems.map(\.description)
    } catch {
      return ["not a PlistError: \(error)"]
    }
  }

  @Test func anUnreadableFileSaysSo() {
    let found = problems {
      _ = try ServicesFile(contentsOf: URL(fileURLWithPath: "/nonexistent/Services.plist"))
    }
    #expect(found.count == 1)
    #expect(
      found == [
        "Services.plist: cannot read the file at /nonexistent/Services.plist: no such file"
      ])
  }

  @Test func notAPropertyListGivesTheParsersMessageWithItsLine() {
    let found = problems {
      _ = try ServicesFile(
        data: Data("<plist><dict><key>x</key></plist>".utf8), source: "Bad.plist")
    }
    #expect(found.first?.hasPrefix("Bad.plist: not a property list:") == true)
    #expect(found.first?.contains("line 1") == true)
  }

  @Test(arguments: [
    ("<plist><array/></plist>", "Bad.plist: the root is an array of 0, not a dictionary"),
    ("<plist><dict/></plist>", "Bad.plist: no Services dictionary at the root; found []"),
    (
      "<plist><dict><key>Services</key><string>x</string></dict></plist>",
      "Bad.plist: Services: expected a dictionary, found the string \"x\""
    ),
  ])
  func aFileOfTheWrongShapeSaysWhatItFound(xml: String, expected: String) {
    #expect(
      problems { _ = try ServicesFile(data: Data(xml.utf8), source: "Bad.plist") } == [expected])
  }

  @Test func everyEntryProblemOfAFileIsListedAtOnce() {
    let found = problems {
      _ = try servicesFile(
        """
        <key>Engine</key><dict/>
        <key>RadioService</key><string>loud</string>
        <key>WheelService</key><dict><key>@scope</key><string>forever</string>\
        <key>@color</key><string>red</string></dict>
        """)
    }
    #expect(
      found == [
        "Test.plist: Engine: a service entry's key is <Name>Service, such as EngineService",
        "Test.plist: RadioService: expected a dictionary of property values, found the string \"loud\"",
        "Test.plist: WheelService.@scope: expected \"singleton\" or \"transient\", found the string \"forever\"",
        "Test.plist: WheelService.@color: unknown reserved key; the reserved keys are @type and @scope",
      ])
  }

  @Test func valuesAreCheckedWhenTheModuleIsMadeEveryProblemAtOnce() throws {
    let file = try servicesFile(
      """
      <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
      <key>horsepower</key><string>fast</string></dict>
      <key>BarDummyService</key><dict><key>stringvalue</key><string>typo</string></dict>
      <key>FooDummyService</key><dict><key>array</key><array/><key>string</key><string>s</string>\
      <key>extra</key><integer>1</integer></dict>
      <key>RadioService</key><dict/>
      <key>SettingsService</key><dict><key>name</key><string>x</string><key>speedLimit</key>\
      <integer>1</integer><key>isOpen</key><true/><key>opened</key><date>2011-11-14T12:00:00Z</date>\
      <key>logo</key><data>AA==</data><key>tags</key><array/><key>limits</key><dict/>\
      <key>homepage</key><string>https://x.y</string><key>color</key><string>green</string>\
      <key>address</key><dict><key>city</key><string>Lyon</string><key>zip</key><string>69</string></dict></dict>
      """)

    let found = problems { _ = try ServicesModule(file: file, registry: makeRegistry()) }

    #expect(
      found.contains("Test.plist: BarDummyService.stringValue: missing; this property is required"))
    #expect(
      found.contains(
        "Test.plist: EngineService.horsepower: expected an integer, found the string \"fast\""))
    #expect(
      found.contains(
        "Test.plist: FooDummyService.extra: unknown property of FooDummy; remove it, or fix its name"
      ))
    #expect(
      found.contains {
        $0.hasPrefix(
          "Test.plist: RadioService: \"Radio\" is not registered; registered: BarDummy, Dashboard, FooDummy, Garage, HybridEngine, Keeper, Settings, V8Engine"
        )
      })
    #expect(
      found.contains { $0.hasPrefix("Test.plist: SettingsService.color:") && $0.contains("green") })
    #expect(found.count == 5)
  }

  @Test func twoEntriesForOneKeyAreAnError() throws {
    let file = try servicesFile(
      """
      <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
      <key>horsepower</key><integer>1</integer></dict>
      <key>V8EngineService</key><dict><key>horsepower</key><integer>2</integer></dict>
      """)

    let found = problems { _ = try ServicesModule(file: file, registry: makeRegistry()) }

    #expect(
      found == [
        "Test.plist: V8EngineService: EngineService already provides Engine; one entry per key"
      ])
  }

  @Test func limitsRejectAHostileFileBeforeAnythingIsBuilt() {
    let deep = String(repeating: "<array>", count: 40) + String(repeating: "</array>", count: 40)
    let xml =
      "<plist><dict><key>Services</key><dict><key>AService</key><dict><key>a</key>\(deep)</dict></dict></dict></plist>"

    #expect(
      problems { _ = try ServicesFile(data: Data(xml.utf8), source: "Deep.plist") }
        == ["Deep.plist: nested 42 levels deep, over the limit of 32"])
    #expect(
      problems {
        _ = try ServicesFile(
          data: Data(xml.utf8), source: "Big.plist", limits: PlistLimits(maximumFileSize: 100))
      }.first?.hasPrefix("Big.plist: the file has") == true)
    let many = (0..<3).map { "<key>S\($0)Service</key><dict/>" }.joined()
    #expect(
      problems {
        _ = try ServicesFile(
          data: Data("<plist><dict><key>Services</key><dict>\(many)</dict></dict></plist>".utf8),
          source: "Many.plist", limits: PlistLimits(maximumServiceCount: 2))
      } == ["Many.plist: Services: 3 entries, over the limit of 2"])
  }

  @Test func theErrorListsEveryProblemUnderOneCount() {
    let error = PlistError(problems: [
      .init(file: "A.plist", keyPath: "XService", message: "one"),
      .init(file: "A.plist", keyPath: "", message: "two"),
    ])
    #expect(error.description == "A.plist: 2 problems\n  A.plist: XService: one\n  A.plist: two")
  }
}
