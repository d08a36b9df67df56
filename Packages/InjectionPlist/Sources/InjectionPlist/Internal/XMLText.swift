/// The text of an XML property list as UTF-8, checked before it is parsed: nothing is ever
/// repaired into U+FFFD.
///
/// The encoding comes from the byte order mark, else from the XML declaration, else UTF-8:
///
/// - UTF-8 (with or without its byte order mark) is read as it is, once every byte is checked;
/// - UTF-16 with a byte order mark, US-ASCII, ISO-8859-1 and Windows-1252 are converted to UTF-8
///   exactly, byte for byte (ISO-8859-1 maps each byte to the code point of its value);
/// - UTF-16 without a byte order mark, UTF-32 and every other declared name are refused by
///   name, and so is a byte order mark that disagrees with the declaration.
///
/// Text that is not valid in its encoding (an overlong or cut UTF-8 sequence, a surrogate, a
/// lone UTF-16 surrogate, a byte over 0x7F in US-ASCII, one of the five bytes Windows-1252
/// leaves undefined) is found here, and ``invalid`` says where, in the UTF-8.
struct XMLText {
  /// The UTF-8: the file's own bytes from `start`, or the conversion of the file.
  enum Storage {
    case file(start: Int)
    case converted([UInt8])
  }

  let storage: Storage
  /// The first text that is not valid in the file's encoding: its offset in the UTF-8 (the
  /// conversion stops there), and the problem.
  let invalid: (offset: Int, kind: PlistError.Problem.Kind)?

  /// An encoding of one byte a unit that a declaration may name, as the reader reads it.
  private enum Encoding {
    case utf8, ascii, latin1, windows1252

    /// The encoding of a declared name (compared without case), or `nil` for one not read.
    init?(declared name: String) {
      switch name.uppercased() {
      case "UTF-8", "UTF8": self = .utf8
      case "US-ASCII", "ASCII": self = .ascii
      case "ISO-8859-1", "ISO_8859-1", "LATIN1", "L1", "ISO-IR-100", "CP819", "IBM819":
        self = .latin1
      case "WINDOWS-1252", "CP1252": self = .windows1252
      default: return nil
      }
    }
  }

  /// Checks `bytes` and, unless they are UTF-8, converts them.
  ///
  /// - Throws: An encoding that is not read, or a byte order mark and declaration that
  ///   disagree, on line 1.
  init(_ bytes: UnsafeBufferPointer<UInt8>) throws(ReadProblem) {
    func refusal(_ kind: PlistError.Problem.Kind) -> ReadProblem {
      ReadProblem(path: [], line: 1, kind: kind)
    }
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00])
    {
      throw refusal(.unsupportedEncoding(name: "UTF-32", isDeclared: false))
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
      let bigEndian = bytes[0] == 0xFE
      let name = bigEndian ? "UTF-16BE" : "UTF-16LE"
      let (utf8, invalid) = Self.convertUTF16(bytes, bigEndian: bigEndian)
      if let declared = Self.declaredEncoding(utf8[...]),
        !["UTF-16", name].contains(declared.uppercased())
      {
        throw refusal(
          .conflictingEncoding(declared: declared, found: "a \(name) byte order mark"))
      }
      self.init(storage: .converted(utf8), invalid: invalid)
      return
    }
    if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 {
      let name = bytes.count >= 4 && (bytes[2] == 0) == (bytes[1] == 0) ? "UTF-32" : "UTF-16"
      throw refusal(
        .unsupportedEncoding(name: "\(name) without a byte order mark", isDeclared: false))
    }
    let hasMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    let start = hasMark ? 3 : 0
    var encoding = Encoding.utf8
    if let declared = Self.declaredEncoding(bytes[start...]) {
      if let named = Encoding(declared: declared) {
        encoding = named
      } else if ["UTF-16", "UTF-16BE", "UTF-16LE"].contains(declared.uppercased()) {
        throw refusal(
          .conflictingEncoding(
            declared: declared,
            found: hasMark ? "a UTF-8 byte order mark" : "8-bit text and no byte order mark"))
      } else {
        throw refusal(.unsupportedEncoding(name: declared, isDeclared: true))
      }
      if hasMark, encoding != .utf8 {
        throw refusal(.conflictingEncoding(declared: declared, found: "a UTF-8 byte order mark"))
      }
    }
    switch encoding {
    case .utf8:
      let text = UnsafeBufferPointer(rebasing: bytes[start...])
      self.init(storage: .file(start: start), invalid: Self.firstInvalidUTF8(text))
    case .ascii:
      var invalid: (offset: Int, kind: PlistError.Problem.Kind)?
      if let offset = bytes.firstIndex(where: { $0 >= 0x80 }) {
        let detail = "the byte \(Self.hex(bytes[offset])), over 0x7F"
        invalid = (offset, .invalidText(encoding: "US-ASCII", detail: detail))
      }
      self.init(storage: .file(start: 0), invalid: invalid)
    case .latin1, .windows1252:
      let (utf8, invalid) = Self.convert8Bit(bytes, windows1252: encoding == .windows1252)
      self.init(storage: .converted(utf8), invalid: invalid)
    }
  }

  private init(storage: Storage, invalid: (offset: Int, kind: PlistError.Problem.Kind)?) {
    self.storage = storage
    self.invalid = invalid
  }

  /// The line of the byte at `offset` of `utf8`, counted from 1.
  static func line(at offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
    1 + utf8[..<min(offset, utf8.count)].count { $0 == UInt8(ascii: "\n") }
  }

  static func hex(_ byte: UInt8) -> String {
    "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
  }

  private static func hex(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  // MARK: - The declaration

  /// The `encoding` of an XML declaration at the start of `text`, as written.
  private static func declaredEncoding(_ text: some Collection<UInt8>) -> String? {
    guard text.starts(with: "<?xml".utf8) else { return nil }
    var rest = text.dropFirst(5)
    guard let space = rest.first, space == 0x20 || space == 0x09 || space == 0x0A || space == 0x0D
    else { return nil }
    let end = rest.indices.first { rest[$0...].starts(with: "?>".utf8) } ?? rest.endIndex
    rest = rest[..<end]
    while let found = rest.indices.first(where: { rest[$0...].starts(with: "encoding".utf8) }) {
      var after = rest[found...].dropFirst(8).drop { $0 == 0x20 || $0 == 0x09 }
      guard after.first == UInt8(ascii: "=") else {
        rest = rest[rest.index(after: found)...]
        continue
      }
      after = after.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }
      guard let quote = after.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
      else { return nil }
      let name = after.dropFirst().prefix { $0 != quote }
      // A name is ASCII letters, digits, `.`, `_` and `-`; anything else is shown as it is
      // read in Latin-1, which every byte has.
      return String(name.map { Character(Unicode.Scalar($0)) })
    }
    return nil
  }

  // MARK: - Checking and converting

  /// The first sequence of `text` that is not valid UTF-8, with its offset.
  private static func firstInvalidUTF8(
    _ text: UnsafeBufferPointer<UInt8>
  ) -> (offset: Int, kind: PlistError.Problem.Kind)? {
    var index = 0
    while index < text.count {
      let lead = text[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      switch lead {
      case 0xC0...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      case 0x80...0xBF:
        return (
          index, utf8Problem("the byte \(hex(lead)), a continuation byte without a lead byte")
        )
      default:
        return (index, utf8Problem("the byte \(hex(lead)), which UTF-8 never uses"))
      }
      var end = index + 1
      while end < index + length, end < text.count, (0x80...0xBF).contains(text[end]) { end += 1 }
      let sequence = text[index..<end]
      let shown =
        (sequence.count == 1 ? "the byte " : "the bytes ")
        + sequence.map { hex($0) }.joined(separator: " ")
      guard sequence.count == length else {
        return (index, utf8Problem("\(shown), a sequence cut short"))
      }
      let second = text[index + 1]
      if lead <= 0xC1 || (lead == 0xE0 && second < 0xA0) || (lead == 0xF0 && second < 0x90) {
        return (index, utf8Problem("\(shown), an overlong encoding"))
      }
      if lead == 0xED, second >= 0xA0 {
        let scalar = 0xD000 | UInt16(second & 0x3F) << 6 | UInt16(text[index + 2] & 0x3F)
        return (
          index,
          utf8Problem(
            "\(shown), the surrogate code point U+\(String(scalar, radix: 16, uppercase: true))")
        )
      }
      if lead == 0xF4, second >= 0x90 {
        return (index, utf8Problem("\(shown), past U+10FFFF"))
      }
      index = end
    }
    return nil
  }

  private static func utf8Problem(_ detail: String) -> PlistError.Problem.Kind {
    .invalidText(encoding: "UTF-8", detail: detail)
  }

  /// UTF-16 after its byte order mark, as UTF-8 up to its first lone surrogate.
  private static func convertUTF16(
    _ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool
  ) -> ([UInt8], (offset: Int, kind: PlistError.Problem.Kind)?) {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count)
    let count = bytes.count / 2
    func unit(_ position: Int) -> UInt16 {
      let (first, second) = (UInt16(bytes[2 * position]), UInt16(bytes[2 * position + 1]))
      return bigEndian ? first << 8 | second : second << 8 | first
    }
    func lone(_ unit: UInt16) -> ([UInt8], (offset: Int, kind: PlistError.Problem.Kind)?) {
      (
        utf8,
        (
          utf8.count,
          .invalidText(encoding: "UTF-16", detail: "the unit \(hex(unit)), a lone surrogate")
        )
      )
    }
    var position = 1
    while position < count {
      let first = unit(position)
      position += 1
      let scalar: UInt32
      switch first {
      case 0xD800...0xDBFF:
        guard position < count, (0xDC00...0xDFFF).contains(unit(position)) else {
          return lone(first)
        }
        let low = unit(position)
        position += 1
        scalar = 0x10000 + (UInt32(first - 0xD800) << 10 | UInt32(low - 0xDC00))
      case 0xDC00...0xDFFF:
        return lone(first)
      default:
        scalar = UInt32(first)
      }
      appendUTF8(scalar, to: &utf8)
    }
    if bytes.count % 2 == 1 {
      return (
        utf8,
        (
          utf8.count,
          .invalidText(
            encoding: "UTF-16", detail: "the last byte \(hex(bytes[bytes.count - 1])), half a unit")
        )
      )
    }
    return (utf8, nil)
  }

  /// Appends the UTF-8 of `scalar`, a code point that is not a surrogate.
  private static func appendUTF8(_ scalar: UInt32, to utf8: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
      utf8.append(UInt8(scalar))
    case ..<0x800:
      utf8 += [0xC0 | UInt8(scalar >> 6), 0x80 | UInt8(scalar & 0x3F)]
    case ..<0x10000:
      utf8 += [
        0xE0 | UInt8(scalar >> 12), 0x80 | UInt8(scalar >> 6 & 0x3F), 0x80 | UInt8(scalar & 0x3F),
      ]
    default:
      utf8 += [
        0xF0 | UInt8(scalar >> 18), 0x80 | UInt8(scalar >> 12 & 0x3F),
        0x80 | UInt8(scalar >> 6 & 0x3F), 0x80 | UInt8(scalar & 0x3F),
      ]
    }
  }

  /// The characters of Windows-1252's bytes 0x80 to 0x9F; 0 for the five it leaves undefined.
  private static let windows1252: [UInt16] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]

  /// ISO-8859-1 or Windows-1252 as UTF-8, up to the first byte Windows-1252 leaves undefined.
  private static func convert8Bit(
    _ bytes: UnsafeBufferPointer<UInt8>, windows1252 isWindows1252: Bool
  ) -> ([UInt8], (offset: Int, kind: PlistError.Problem.Kind)?) {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count + bytes.count / 2)
    for byte in bytes {
      var value = UInt32(byte)
      if isWindows1252, (0x80...0x9F).contains(byte) {
        value = UInt32(windows1252[Int(byte - 0x80)])
        guard value != 0 else {
          return (
            utf8,
            (
              utf8.count,
              .invalidText(
                encoding: "Windows-1252",
                detail: "the byte \(hex(byte)), which Windows-1252 leaves undefined")
            )
          )
        }
      }
      appendUTF8(value, to: &utf8)
    }
    return (utf8, nil)
  }
}
