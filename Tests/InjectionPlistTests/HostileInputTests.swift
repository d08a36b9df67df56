import Dispatch
import Foundation
import InjectionCore
import InjectionPlist
import Synchronization
import Testing

/// The files that crashed or hung the loader before (issue 20, points 1–3 and 12), made here.
@Suite(.timeLimit(.minutes(1))) struct HostileInputTests {
  /// A folder of its own for the files a test makes.
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("InjectionPlistTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The problems of loading `url` on a thread with a 512 KiB stack, so that any recursion per
  /// level of nesting would overflow it.
  private func problemsOnASmallStack(
    loading url: URL, options: PlistOptions
  ) -> [PlistError.Problem] {
    let result = Mutex<[PlistError.Problem]?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      do {
        _ = try ServicesFile(contentsOf: url, options: options)
        result.withLock { $0 = [] }
      } catch {
        result.withLock { $0 = (error as? PlistError)?.problems ?? [] }
      }
      done.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    done.wait()
    return result.withLock { $0 } ?? []
  }

  /// A services file whose entry `AService` nests `levels` containers spelled `open`/`close`.
  private func deepXML(levels: Int, open: String, close: String, prolog: String = "") -> String {
    prolog
      + "<plist><dict><key>Services</key><dict><key>AService</key><dict><key>a</key>"
      + String(repeating: open, count: levels) + String(repeating: close, count: levels)
      + "</dict></dict></dict></plist>"
  }

  static let spellings: [(open: String, close: String)] = [
    ("<array >", "</array >"),
    ("<array\n\t>", "</array\n>"),
    ("<array id=\"x\" class='y'>", "</array>"),
    ("<dict ><key>k</key>", "</dict>"),
    ("<array><!-- <dict> -->", "</array>"),
    ("<array><string><![CDATA[</array>]]></string>", "</array>"),
    ("<array><?pi <array>?>", "</array>"),
  ]

  @Test(arguments: spellings, [10_000, 100_000])
  func deepNestingIsRefusedWhateverTheSpellingOfItsTags(
    spelling: (open: String, close: String), levels: Int
  ) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Deep.plist")
    try Data(deepXML(levels: levels, open: spelling.open, close: spelling.close).utf8).write(
      to: url)

    let found = problemsOnASmallStack(
      loading: url, options: PlistOptions(maximumFileSize: 8 << 20))

    #expect(found.map(\.kind) == [.tooDeep(limit: 32)])
    // The 31st container is one too many (Services and AService are two more, the root one).
    let newlines = spelling.open.filter { $0 == "\n" }.count
    #expect(found.first?.line == 1 + 30 * newlines)
    #expect(found.first?.keyPath.hasPrefix("AService.a") == true)
  }

  @Test func aDepthLimitAbove512CountsAs512() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Deep.plist")
    try Data(deepXML(levels: 100_000, open: "<array>", close: "</array>").utf8).write(to: url)

    let found = problemsOnASmallStack(
      loading: url, options: PlistOptions(maximumFileSize: 8 << 20, maximumDepth: .max))

    #expect(found.map(\.kind) == [.tooDeep(limit: 512)])
  }

  @Test func aFileNestedTo512LevelsLoadsOnASmallStack() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Deep.plist")
    try Data(deepXML(levels: 509, open: "<array>", close: "</array>").utf8).write(to: url)

    let found = problemsOnASmallStack(
      loading: url, options: PlistOptions(maximumFileSize: 8 << 20, maximumDepth: 512))

    #expect(found.isEmpty)
  }

  @Test func entityDefinitionsInADoctypeAreRefused() throws {
    let prolog = "<!DOCTYPE plist [<!ENTITY a \"<array>\"><!ENTITY b \"&a;&a;&a;&a;\">]>"
    let xml = deepXML(levels: 10_000, open: "&b;", close: "", prolog: prolog)

    #expect(
      problems { _ = try ServicesFile(data: Data(xml.utf8), source: "Entities.plist") } == [
        "Entities.plist:1: not a property list: a DOCTYPE with an internal subset (entity definitions) is refused"
      ])
  }

  @Test func thePredefinedEntitiesCharacterReferencesAndCDATAAreRead() throws {
    let file = try servicesFile(
      """
      <!-- a comment --><key>Bar&#x44;ummyService</key><dict >\
      <key>stringValue</key><string>a &lt;b&gt; &amp; &#233;<![CDATA[ <c> ]]><!-- x --></string>\
      </dict>
      """)
    let injector = Injector(label: "entities")
    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))

    #expect(try injector.resolve(BarDummy.self).stringValue == "a <b> & é <c> ")
  }

  /// 14 arrays that each hold the one below 14 times, 8 levels deep: 14⁸ ≈ 1.5 × 10⁹ leaves
  /// in about 600 bytes.
  private func sharedReferences(width: Int, levels: Int) -> Data {
    BinaryPlist.services { plist in
      var below = plist.add(.string("x"))
      for _ in 0..<levels { below = plist.add(.array(Array(repeating: below, count: width))) }
      return below
    }.data
  }

  @Test func sharedReferencesThatExpandToBillionsOfValuesAreRefusedBeforeTheyAreBuilt() {
    let data = sharedReferences(width: 14, levels: 8)
    #expect(data.count < 700)

    let found =
      (try? ServicesFile(data: data, source: "DAG.plist")).map { _ in [] }
      ?? problems { _ = try ServicesFile(data: data, source: "DAG.plist") }

    #expect(
      found.count == 1
        && found[0].hasSuffix("more than 250000 values (each shared reference counted), the limit"))
  }

  @Test func sharedReferencesWithinTheLimitLoad() throws {
    let data = sharedReferences(width: 10, levels: 2)
    let file = try ServicesFile(
      data: data, source: "Shared.plist", options: PlistOptions(unknownProperties: .ignore))
    #expect(file.entries.map(\.key) == ["AService"])
  }

  @Test func aReferenceCycleInABinaryFileIsRefused() {
    var plist = BinaryPlist.services { plist in plist.add(.string("placeholder")) }
    // The entry's property `a` becomes an array that holds itself.
    plist.objects[1] = .array([1])

    #expect(
      problems { _ = try ServicesFile(data: plist.data, source: "Cycle.plist") } == [
        "Cycle.plist: AService.a[0]: not a property list: a reference cycle: an object contains itself"
      ])
  }

  @Test(arguments: [0, 9, 200])
  func aBinaryTrailerWithAnOffsetSizeOutsideOneToEightIsRefused(size: Int) {
    var plist = BinaryPlist.services { plist in plist.add(.integer(1)) }
    plist.offsetSize = size

    #expect(
      problems { _ = try ServicesFile(data: plist.data, source: "Trailer.plist") } == [
        "Trailer.plist: not a property list: the offset size is \(size); it is 1 to 8 bytes"
      ])
  }

  @Test func aDuplicateServicesKeyIsAProblemNotAnEmptyFile() throws {
    var plist = BinaryPlist()
    let key = plist.add(.string("Services"))
    let empty = plist.add(.dictionary([]))
    let entryKey = plist.add(.string("BarDummyService"))
    let value = plist.add(.string("stringValue"))
    let text = plist.add(.string("x"))
    let entry = plist.add(.dictionary([(value, text)]))
    let services = plist.add(.dictionary([(entryKey, entry)]))
    plist.top = plist.add(.dictionary([(key, services), (key, empty)]))

    let file = try ServicesFile(data: plist.data, source: "Twice.plist")

    #expect(
      moduleProblems(file).map(\.description) == [
        "Twice.plist: Services: the key \"Services\" appears twice in this dictionary; one value per key"
      ])
  }

  @Test func aDuplicateKeyInAnXMLFileIsAProblemOnItsLine() throws {
    let file = try servicesFile(
      """
      <key>BarDummyService</key><dict><key>stringValue</key><string>a</string>
      <key>stringValue</key><string>b</string></dict>
      """)

    #expect(
      moduleProblems(file).map(\.description) == [
        "Test.plist:3: BarDummyService.stringValue: the key \"stringValue\" appears twice in this dictionary; one value per key"
      ])
  }

  @Test(arguments: ["inf", "-infinity", "nan"])
  func aNumberThatIsNotFiniteIsAProblem(text: String) throws {
    let file = try servicesFile(
      "<key>NumbersService</key><dict><key>double</key><real>\(text)</real></dict>")

    #expect(
      moduleProblems(file).map(\.kind) == [.nonFiniteNumber(text)])
  }

  @Test func aBinaryNumberThatIsNotFiniteIsAProblem() throws {
    var plist = BinaryPlist.services { plist in plist.add(.real(.infinity)) }
    plist.objects[0] = .string("double")
    plist.objects[2] = .dictionary([(0, 1)])
    let entryKey = plist.objects.firstIndex {
      if case .string("AService") = $0 { return true } else { return false }
    }!
    plist.objects[entryKey] = .string("NumbersService")

    let file = try ServicesFile(data: plist.data, source: "Inf.plist")

    #expect(
      moduleProblems(file).map(\.description) == [
        "Inf.plist: NumbersService.double: inf is not a finite number; a services file's numbers must be finite"
      ])
  }

  @Test func aHugeFileIsRefusedFromItsSizeBeforeItIsRead() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("Huge.plist")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    // A sparse gigabyte: no disk space, and reading it whole takes seconds.
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()

    #expect(
      problems { _ = try ServicesFile(contentsOf: url) } == [
        "Huge.plist: the file has 1073741824 bytes, over the limit of 1048576"
      ])
  }

  @Test func aFileWithoutASizeIsReadNoFurtherThanTheLimitAndOneByte() {
    // /dev/zero never ends: reading it whole would never return.
    #expect(
      problems { _ = try ServicesFile(contentsOf: URL(fileURLWithPath: "/dev/zero")) } == [
        "zero: the file has more than 1048576 bytes, the limit"
      ])
  }
}
