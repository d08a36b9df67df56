import Foundation
import InjectionCore
import InjectionPlist
import Testing

@Suite struct BadInputTests {
  @Test func anUnreadableFileSaysSo() {
    let found = problems {
      _ = try ServicesFile(contentsOf: URL(fileURLWithPath: "/nonexistent/Services.plist"))
    }
    #expect(
      found == [
        "Services.plist: cannot read the file at /nonexistent/Services.plist: no such file"
      ])
  }

  @Test func notAPropertyListSaysWhatIsWrongOnItsLine() {
    let found = problems {
      _ = try ServicesFile(
        data: Data("<plist><dict><key>x</key></plist>".utf8), source: "Bad.plist")
    }
    #expect(found == ["Bad.plist:1: x: not a property list: the key \"x\" has no value"])
  }

  @Test func aMalformedXMLFileNamesTheLineOfTheFaultNotTheFirstLine() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>Services</key>
        <dict>
          <key>EngineService</key>
          <dict>
            <key>horsepower</key>
            <integer>1</integr>
          </dict>
        </dict>
      </dict>
      </plist>
      """
    #expect {
      try ServicesFile(data: Data(xml.utf8), source: "Bad.plist")
    } throws: { error in
      let problem = (error as? PlistError)?.problems.first
      return problem?.line == 9 && problem?.keyPath == "EngineService.horsepower"
    }
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

  @Test func theEntryProblemsOfAFileAreReportedWithTheRegistrysInOneLoad() throws {
    let file = try servicesFile(
      """
      <key>Engine</key><dict/>
      <key>RadioService</key><string>loud</string>
      <key>WheelService</key><dict><key>@scope</key><string>forever</string>\
      <key>@color</key><string>red</string></dict>
      """)

    #expect(file.problems.count == 4, "the file keeps what it found, and does not throw")
    #expect(
      moduleProblems(file).map(\.description) == [
        "Test.plist: Engine: a service entry's key is <Name>Service, such as EngineService",
        "Test.plist: Engine: \"Engine\" is not registered; did you mean V8Engine? registered: Alpha, BarDummy, Beta, Dashboard, Fleet, FooDummy, Garage, HybridEngine, Keeper, Numbers, Settings, V8Engine",
        "Test.plist: RadioService: expected a dictionary of property values, found the string \"loud\"",
        "Test.plist: WheelService.@scope: expected \"singleton\" or \"transient\", found the string \"forever\"",
        "Test.plist: WheelService.@color: unknown reserved key; the reserved keys are @type and @scope",
        "Test.plist: WheelService: \"Wheel\" is not registered; registered: Alpha, BarDummy, Beta, Dashboard, Fleet, FooDummy, Garage, HybridEngine, Keeper, Numbers, Settings, V8Engine",
      ])
  }

  @Test func twoEntriesForOneKeyAreAnError() throws {
    let file = try servicesFile(
      """
      <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
      <key>horsepower</key><integer>1</integer></dict>
      <key>V8EngineService</key><dict><key>horsepower</key><integer>2</integer></dict>
      """)

    #expect(
      moduleProblems(file).map(\.description) == [
        "Test.plist: V8EngineService: EngineService already provides Engine; one entry per key"
      ])
  }

  @Test func limitsRejectAHostileFileBeforeAnythingIsBuilt() {
    let deep = String(repeating: "<array>", count: 40) + String(repeating: "</array>", count: 40)
    let xml =
      "<plist><dict><key>Services</key><dict><key>AService</key><dict><key>a</key>\(deep)</dict></dict></dict></plist>"

    let path = "AService.a" + String(repeating: "[0]", count: 30)
    #expect(
      problems { _ = try ServicesFile(data: Data(xml.utf8), source: "Deep.plist") }
        == ["Deep.plist:1: \(path): nested deeper than the limit of 32 levels"])
    #expect(
      problems {
        _ = try ServicesFile(
          data: Data(xml.utf8), source: "Big.plist", options: PlistOptions(maximumFileSize: 100))
      } == ["Big.plist: the file has \(xml.utf8.count) bytes, over the limit of 100"])
    let many = (0..<3).map { "<key>S\($0)Service</key><dict/>" }.joined()
    #expect(
      problems {
        _ = try ServicesFile(
          data: Data("<plist><dict><key>Services</key><dict>\(many)</dict></dict></plist>".utf8),
          source: "Many.plist", options: PlistOptions(maximumServiceCount: 2))
      } == ["Many.plist: Services: 3 entries, over the limit of 2"])
    #expect(
      problems {
        _ = try ServicesFile(
          data: Data("<plist><dict><key>Services</key><dict>\(many)</dict></dict></plist>".utf8),
          source: "Many.plist", options: PlistOptions(maximumValueCount: 4))
      } == [
        "Many.plist:1: S2Service: more than 4 values (each shared reference counted), the limit"
      ])
  }

  @Test func theErrorListsEveryProblemUnderOneCount() {
    let error = PlistError(problems: [
      .init(file: "A.plist", keyPath: "XService", kind: .missingProperty("x")),
      .init(file: "A.plist", keyPath: "", line: 3, kind: .malformed("two")),
    ])
    #expect(
      error.description
        == "A.plist: 2 problems\n  A.plist: XService: missing; this property is required\n  A.plist:3: not a property list: two"
    )
  }
}
