import Foundation
import InjectionCore
import InjectionPlist
import Testing

/// Text that is not what its file says it is (issue 31, item 5): each spelling loads exactly
/// as written or is refused where it is, never repaired into U+FFFD.
@Suite struct HostileTextTests {
  /// The lines of a services file whose `BarDummyService.stringValue` is on line 3.
  private static func lines(declaration: String?) -> (head: String, tail: String) {
    let prolog = declaration.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>" } ?? ""
    return (
      prolog + "\n<plist version=\"1.0\"><dict><key>Services</key><dict>\n"
        + "<key>BarDummyService</key><dict><key>stringValue</key><string>",
      "</string></dict>\n</dict></dict></plist>\n"
    )
  }

  /// A services file in an 8-bit encoding whose string value is `value`, byte for byte.
  private static func document(declaration: String? = "UTF-8", value: [UInt8]) -> Data {
    let (head, tail) = lines(declaration: declaration)
    return Data(Array(head.utf8) + value + Array(tail.utf8))
  }

  /// A services file in UTF-16 whose string value is `value`, unit for unit.
  private static func utf16Document(
    declaration: String? = "UTF-16", value: [UInt16], bigEndian: Bool, byteOrderMark: Bool = true
  ) -> Data {
    let (head, tail) = lines(declaration: declaration)
    let units = (byteOrderMark ? [0xFEFF] : []) + Array(head.utf16) + value + Array(tail.utf16)
    return Data(
      units.flatMap { unit in
        bigEndian
          ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      })
  }

  /// The string value the file loads with, through a module and an injector.
  private func loadedValue(_ data: Data) throws -> String {
    let file = try ServicesFile(data: data, source: "Text.plist")
    let injector = Injector(label: "text")
    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))
    return try injector.resolve(BarDummy.self).stringValue
  }

  private func refusal(_ data: Data) -> [String] {
    problems { _ = try ServicesFile(data: data, source: "Text.plist") }
  }

  static let invalidUTF8: [([UInt8], String)] = [
    ([0xC0, 0xAF], "the bytes 0xC0 0xAF, an overlong encoding"),
    ([0xC1, 0xBF], "the bytes 0xC1 0xBF, an overlong encoding"),
    ([0xE0, 0x80, 0xAF], "the bytes 0xE0 0x80 0xAF, an overlong encoding"),
    ([0xF0, 0x80, 0x80, 0xAF], "the bytes 0xF0 0x80 0x80 0xAF, an overlong encoding"),
    ([0x61, 0xC3], "the byte 0xC3, a sequence cut short"),
    ([0xE2, 0x82, 0x61], "the bytes 0xE2 0x82, a sequence cut short"),
    ([0xF0, 0x9F, 0x98], "the bytes 0xF0 0x9F 0x98, a sequence cut short"),
    ([0xFF], "the byte 0xFF, which UTF-8 never uses"),
    ([0xFE, 0xFF], "the byte 0xFE, which UTF-8 never uses"),
    ([0xF8, 0x88, 0x80, 0x80, 0x80], "the byte 0xF8, which UTF-8 never uses"),
    ([0x80], "the byte 0x80, a continuation byte without a lead byte"),
    ([0x63, 0x61, 0x66, 0xE9], "the byte 0xE9, a sequence cut short"),
    ([0xED, 0xA0, 0x80], "the bytes 0xED 0xA0 0x80, the surrogate code point U+D800"),
    ([0xED, 0xBF, 0xBF], "the bytes 0xED 0xBF 0xBF, the surrogate code point U+DFFF"),
    (
      [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80],
      "the bytes 0xED 0xA0 0xBD, the surrogate code point U+D83D"
    ),
    ([0xF4, 0x90, 0x80, 0x80], "the bytes 0xF4 0x90 0x80 0x80, past U+10FFFF"),
    ([0xF5, 0x80, 0x80, 0x80], "the byte 0xF5, which UTF-8 never uses"),
  ]

  @Test(arguments: invalidUTF8)
  func invalidUTF8IsRefusedAtItsKeyPathAndLine(bytes: [UInt8], detail: String) {
    #expect(
      refusal(Self.document(value: bytes)) == [
        "Text.plist:3: BarDummyService.stringValue: the text is not valid UTF-8: \(detail)"
      ])
  }

  @Test func invalidUTF8InAKeyIsRefusedAtItsDictionary() {
    let head = "\n<plist><dict><key>Services</key><dict>\n<key>BarDummyService</key><dict><key>a"
    let tail = "b</key><string>x</string></dict>\n</dict></dict></plist>"
    #expect(
      refusal(Data(Array(head.utf8) + [0xC3] + Array(tail.utf8))) == [
        "Text.plist:3: BarDummyService: the text is not valid UTF-8: the byte 0xC3, a sequence cut short"
      ])
  }

  @Test func invalidUTF8InACommentIsRefusedToo() {
    let data = Data(
      Array("<plist><dict><key>Services</key><dict/>\n<!-- ".utf8) + [0xFF]
        + Array(" --></dict></plist>".utf8))
    #expect(
      refusal(data) == [
        "Text.plist:2: the text is not valid UTF-8: the byte 0xFF, which UTF-8 never uses"
      ])
  }

  @Test(arguments: ["&#xD800;", "&#55296;", "&#xDFFF;", "&#xD83D;&#xDE00;"])
  func aCharacterReferenceToASurrogateIsRefused(reference: String) {
    let code = reference.dropFirst(2).prefix { $0 != ";" }
    let value =
      code.first == "x" ? UInt32(code.dropFirst(), radix: 16)! : UInt32(code, radix: 10)!
    let hex = String(value, radix: 16, uppercase: true)
    let shown = reference.prefix { $0 != ";" } + ";"
    #expect(
      refusal(Self.document(value: Array(reference.utf8))) == [
        "Text.plist:3: BarDummyService.stringValue: the text is not valid Unicode: \(shown) refers to the surrogate code point U+\(hex), not a character"
      ])
  }

  @Test(arguments: [[0xE9], [0x41, 0x80], [0xFF]] as [[UInt8]])
  func aBinaryASCIIStringWithAByteOver0x7FIsRefused(bytes: [UInt8]) {
    let plist = BinaryPlist.services { plist in plist.add(.asciiBytes(bytes)) }
    let byte = String(bytes.first { $0 >= 0x80 }!, radix: 16, uppercase: true)
    #expect(
      refusal(plist.data) == [
        "Text.plist: AService.a: the text is not valid ASCII: the byte 0x\(byte) in a binary property list's ASCII string (marker 0x5_)"
      ])
  }

  @Test func aBinaryASCIIKeyWithAByteOver0x7FIsRefused() {
    var plist = BinaryPlist.services { plist in plist.add(.string("x")) }
    plist.objects[0] = .asciiBytes([0x63, 0x61, 0x66, 0xE9])
    #expect(
      refusal(plist.data) == [
        "Text.plist: AService: the text is not valid ASCII: the byte 0xE9 in a binary property list's ASCII string (marker 0x5_)"
      ])
  }

  static let loneSurrogates: [([UInt16], UInt16)] = [
    ([0xD800], 0xD800),
    ([0x61, 0xDC00], 0xDC00),
    ([0xD83D, 0x61], 0xD83D),
    ([0xDE00, 0xD83D], 0xDE00),
    ([0x61, 0xDBFF], 0xDBFF),
  ]

  @Test(arguments: loneSurrogates)
  func aLoneSurrogateInABinaryUTF16StringIsRefused(units: [UInt16], lone: UInt16) {
    let plist = BinaryPlist.services { plist in plist.add(.utf16Units(units)) }
    #expect(
      refusal(plist.data) == [
        "Text.plist: AService.a: the text is not valid UTF-16: the unit 0x\(String(lone, radix: 16, uppercase: true)), a lone surrogate"
      ])
  }

  @Test(arguments: loneSurrogates, [true, false])
  func aLoneSurrogateInAnXMLFileInUTF16IsRefused(
    surrogate: (units: [UInt16], lone: UInt16), bigEndian: Bool
  ) {
    let (units, lone) = surrogate
    #expect(
      refusal(Self.utf16Document(value: units, bigEndian: bigEndian)) == [
        "Text.plist:3: BarDummyService.stringValue: the text is not valid UTF-16: the unit 0x\(String(lone, radix: 16, uppercase: true)), a lone surrogate"
      ])
  }

  @Test(arguments: ["ISO-8859-1", "iso-8859-1", "ISO_8859-1", "latin1"])
  func anXMLFileInLatin1LoadsExactly(name: String) throws {
    let value = try loadedValue(Self.document(declaration: name, value: [0x63, 0x61, 0x66, 0xE9]))
    #expect(value == "caf\u{E9}")
    let every = try loadedValue(Self.document(declaration: name, value: [0x80, 0x9F, 0xA0, 0xFF]))
    #expect(every.unicodeScalars.map(\.value) == [0x80, 0x9F, 0xA0, 0xFF])
  }

  @Test(arguments: ["windows-1252", "Windows-1252", "cp1252"])
  func anXMLFileInWindows1252LoadsExactly(name: String) throws {
    let value = try loadedValue(
      Self.document(declaration: name, value: [0x80, 0x20, 0x93, 0x63, 0x61, 0x66, 0xE9, 0x94]))
    #expect(value == "\u{20AC} \u{201C}caf\u{E9}\u{201D}")
  }

  @Test(arguments: [0x81, 0x8D, 0x8F, 0x90, 0x9D] as [UInt8])
  func aByteThatWindows1252LeavesUndefinedIsRefused(byte: UInt8) {
    #expect(
      refusal(Self.document(declaration: "windows-1252", value: [0x61, byte])) == [
        "Text.plist:3: BarDummyService.stringValue: the text is not valid Windows-1252: the byte 0x\(String(byte, radix: 16, uppercase: true)), which Windows-1252 leaves undefined"
      ])
  }

  @Test func anXMLFileInUSASCIIWithAByteOver0x7FIsRefused() {
    #expect(
      refusal(Self.document(declaration: "US-ASCII", value: [0x63, 0x61, 0x66, 0xE9])) == [
        "Text.plist:3: BarDummyService.stringValue: the text is not valid US-ASCII: the byte 0xE9, over 0x7F"
      ])
  }

  @Test(arguments: [true, false], ["UTF-16", "utf-16", nil] as [String?])
  func anXMLFileInUTF16WithAByteOrderMarkLoadsExactly(
    bigEndian: Bool, declaration: String?
  ) throws {
    let text = "caf\u{E9} \u{1F600} \u{20AC}"
    let data = Self.utf16Document(
      declaration: declaration, value: Array(text.utf16), bigEndian: bigEndian)
    #expect(try loadedValue(data) == text)
  }

  @Test(arguments: [(true, "UTF-16BE"), (false, "UTF-16LE")])
  func anXMLFileInUTF16DeclaringItsByteOrderLoadsExactly(
    bigEndian: Bool, declaration: String
  ) throws {
    let text = "caf\u{E9} \u{1F600}"
    let data = Self.utf16Document(
      declaration: declaration, value: Array(text.utf16), bigEndian: bigEndian)
    #expect(try loadedValue(data) == text)
  }

  @Test(arguments: [true, false], ["UTF-16", nil] as [String?])
  func anXMLFileInUTF16WithoutAByteOrderMarkIsRefusedByName(
    bigEndian: Bool, declaration: String?
  ) {
    let data = Self.utf16Document(
      declaration: declaration, value: Array("caf\u{E9}".utf16), bigEndian: bigEndian,
      byteOrderMark: false)
    #expect(
      refusal(data) == [
        "Text.plist:1: the encoding UTF-16 without a byte order mark is not read; save the file as UTF-8, or declare one this reader reads: UTF-16 with a byte order mark, US-ASCII, ISO-8859-1, Windows-1252"
      ])
  }

  @Test func anXMLFileInUTF32IsRefusedByName() {
    let text = Self.lines(declaration: "UTF-32").head + "x" + Self.lines(declaration: nil).tail
    let data = Data(
      [0x00, 0x00, 0xFE, 0xFF]
        + text.unicodeScalars.flatMap { scalar in
          (0..<4).reversed().map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
        })
    #expect(
      refusal(data) == [
        "Text.plist:1: the encoding UTF-32 is not read; save the file as UTF-8, or declare one this reader reads: UTF-16 with a byte order mark, US-ASCII, ISO-8859-1, Windows-1252"
      ])
  }

  @Test(arguments: ["x-made-up", "Shift_JIS", "EBCDIC-US", "UTF-7", ""])
  func anUnknownOrUnreadDeclaredEncodingIsRefusedByName(name: String) {
    #expect(
      refusal(Self.document(declaration: name, value: Array("FIP".utf8))) == [
        "Text.plist:1: the encoding \"\(name)\" is not read; save the file as UTF-8, or declare one this reader reads: UTF-16 with a byte order mark, US-ASCII, ISO-8859-1, Windows-1252"
      ])
  }

  @Test(arguments: ["ISO-8859-1", "windows-1252", "UTF-16", "US-ASCII"])
  func aUTF8ByteOrderMarkThatDisagreesWithTheDeclarationIsRefused(declaration: String) {
    let data = Data([0xEF, 0xBB, 0xBF]) + Self.document(declaration: declaration, value: [0x61])
    #expect(
      refusal(data) == [
        "Text.plist:1: the XML declaration says the encoding is \"\(declaration)\", but the file starts with a UTF-8 byte order mark; declare the encoding the file is saved in"
      ])
  }

  @Test(arguments: [
    (true, "UTF-8", "UTF-16BE"), (false, "UTF-8", "UTF-16LE"), (true, "ISO-8859-1", "UTF-16BE"),
    (true, "UTF-16LE", "UTF-16BE"), (false, "UTF-16BE", "UTF-16LE"),
  ])
  func aUTF16ByteOrderMarkThatDisagreesWithTheDeclarationIsRefused(
    bigEndian: Bool, declaration: String, mark: String
  ) {
    let data = Self.utf16Document(declaration: declaration, value: [0x61], bigEndian: bigEndian)
    #expect(
      refusal(data) == [
        "Text.plist:1: the XML declaration says the encoding is \"\(declaration)\", but the file starts with a \(mark) byte order mark; declare the encoding the file is saved in"
      ])
  }

  @Test func aDeclarationOfUTF16InAFileOf8BitTextIsRefused() {
    #expect(
      refusal(Self.document(declaration: "UTF-16", value: [0x61])) == [
        "Text.plist:1: the XML declaration says the encoding is \"UTF-16\", but the file starts with 8-bit text and no byte order mark; declare the encoding the file is saved in"
      ])
  }
}
