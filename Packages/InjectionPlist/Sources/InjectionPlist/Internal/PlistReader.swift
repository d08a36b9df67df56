#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A problem a reader found: where (a key path from the root, and a line for XML), and what.
struct ReadProblem: Error, Sendable {
  let path: [PathStep]
  let line: Int?
  let kind: PlistError.Problem.Kind
}

/// Reads XML and binary property lists into a ``PlistValue`` tree: iteratively (no recursion,
/// so no nesting reaches the stack), in one linear pass, within the depth and value-count
/// limits, which are checked before anything is materialized beyond them.
enum PlistReader {
  /// What a read gives: the root, and the problems that did not stop it (keys that appear
  /// twice, numbers that are not finite).
  struct Result {
    let root: PlistValue
    let problems: [ReadProblem]
  }

  /// Reads `data`, binary when it starts with `bplist`, else XML.
  ///
  /// - Throws: The first problem that stops the read.
  static func read(_ data: Data, options: PlistOptions) throws(ReadProblem) -> Result {
    let outcome = data.withUnsafeBytes { raw -> Swift.Result<Result, ReadProblem> in
      let bytes = raw.bindMemory(to: UInt8.self)
      return Swift.Result { () throws(ReadProblem) -> Result in
        if bytes.starts(with: "bplist".utf8) {
          var reader = BinaryPlistReader(bytes: bytes, options: options)
          return try reader.read()
        }
        let text = try XMLText(bytes)
        switch text.storage {
        case .file(let start):
          return try readXML(
            UnsafeBufferPointer(rebasing: bytes[start...]), invalid: text.invalid,
            options: options)
        case .converted(let utf8):
          let converted = utf8.withUnsafeBufferPointer { utf8 in
            Swift.Result { () throws(ReadProblem) -> Result in
              try readXML(utf8, invalid: text.invalid, options: options)
            }
          }
          return try converted.get()
        }
      }
    }
    return try outcome.get()
  }

  /// Reads the UTF-8 of an XML property list.
  ///
  /// When `invalid` says where its first text that is not valid in the file's encoding is, only
  /// the text before it is read: where that read stops (the end of a string, a key, a comment)
  /// gives the key path of the problem, which is reported on the line where the text is.
  private static func readXML(
    _ utf8: UnsafeBufferPointer<UInt8>, invalid: (offset: Int, kind: PlistError.Problem.Kind)?,
    options: PlistOptions
  ) throws(ReadProblem) -> Result {
    let end = invalid?.offset ?? utf8.count
    var reader = XMLPlistReader(
      bytes: UnsafeBufferPointer(rebasing: utf8[..<end]), options: options)
    let result: Result
    do throws(ReadProblem) {
      result = try reader.read()
    } catch {
      // A problem the read found before it reached the invalid text comes first.
      guard let invalid, reader.isAtEnd else { throw error }
      throw ReadProblem(path: error.path, line: XMLText.line(at: end, in: utf8), kind: invalid.kind)
    }
    if let invalid {
      throw ReadProblem(path: [], line: XMLText.line(at: end, in: utf8), kind: invalid.kind)
    }
    return result
  }
}

/// An XML property-list reader: a byte scanner with an explicit stack of open containers.
///
/// It reads what Apple's writers and hand editors produce: an XML declaration, comments and
/// processing instructions anywhere between elements, a `DOCTYPE` without an internal subset,
/// tags with whitespace and attributes (`<array >`, `<dict id="x">`), empty elements
/// (`<dict/>`, `<string/>`), and in text the predefined entities, character references and
/// CDATA sections. It refuses a `DOCTYPE` with an internal subset (entity definitions, the
/// route of "billion laughs" expansions) and any other entity. It reads UTF-8 that ``XMLText``
/// has checked or converted, and refuses a character reference to a surrogate.
struct XMLPlistReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let options: PlistOptions
  private var index = 0
  private var valueCount = 0
  private var problems: [ReadProblem] = []
  private var stack: [Frame] = []
  private var text: [UInt8] = []
  /// The line at `lineOffset`, so that lines for problems found in order cost one pass.
  private var lineCache = (offset: 0, line: 1)

  private struct Frame {
    var isDictionary: Bool
    var array: [PlistValue] = []
    var dictionary: [String: PlistValue] = [:]
    var pendingKey: String?
    var pendingKeyOffset = 0
  }

  private enum Element {
    case plist, dict, array, key, string, integer, real, `true`, `false`, date, data
  }

  init(bytes: UnsafeBufferPointer<UInt8>, options: PlistOptions) {
    self.bytes = bytes
    self.options = options
  }

  /// Whether the read has reached the end of the bytes (when it stopped, where it stopped).
  var isAtEnd: Bool { index >= bytes.count }

  /// Reads the UTF-8 `bytes`, which ``XMLText`` has checked (or converted) beforehand.
  mutating func read() throws(ReadProblem) -> PlistReader.Result {
    var root: PlistValue?
    var plist = (isOpen: false, isClosed: false)
    var sawDoctype = false
    while true {
      skipWhitespace()
      guard index < bytes.count else { break }
      let start = index
      guard bytes[index] == UInt8(ascii: "<") else {
        throw failure(
          stack.isEmpty ? "text outside the root element" : "text between elements", at: start)
      }
      if matches("<?") {
        try skip(past: "?>", what: "processing instruction")
      } else if matches("<!--") {
        try skip(past: "-->", what: "comment")
      } else if matches("<!DOCTYPE") {
        guard !sawDoctype, root == nil, stack.isEmpty, !plist.isOpen else {
          throw failure("a DOCTYPE after the start of the document", at: start)
        }
        sawDoctype = true
        try skipDoctype()
      } else if matches("<!") {
        throw failure("CDATA or a declaration outside a string", at: start)
      } else if matches("</") {
        index += 2
        let element = try elementName(at: start)
        try expectTagEnd(at: start)
        switch element {
        case .plist:
          if let frame = stack.last {
            if let key = frame.pendingKey {
              throw failure("the key \"\(key)\" has no value", at: frame.pendingKeyOffset)
            }
            throw failure(
              "a <\(frame.isDictionary ? "dict" : "array")> not closed before </plist>", at: start)
          }
          guard plist.isOpen, !plist.isClosed, root != nil else {
            throw failure("a </plist> without its value", at: start)
          }
          plist.isClosed = true
        case .dict, .array:
          guard let frame = stack.last, frame.isDictionary == (element == .dict) else {
            throw failure("a closing tag that matches no open one", at: start)
          }
          if let key = frame.pendingKey {
            throw failure("the key \"\(key)\" has no value", at: frame.pendingKeyOffset)
          }
          stack.removeLast()
          let value: PlistValue =
            frame.isDictionary ? .dictionary(frame.dictionary) : .array(frame.array)
          try complete(value, at: start, root: &root)
        default:
          throw failure("a closing tag that matches no open one", at: start)
        }
      } else {
        index += 1
        let element = try elementName(at: start)
        let isEmpty = try skipAttributes(at: start)
        if element == .plist {
          guard !plist.isOpen, root == nil, stack.isEmpty, !isEmpty else {
            throw failure("a <plist> inside the document", at: start)
          }
          plist.isOpen = true
          continue
        }
        guard root == nil || !stack.isEmpty, !plist.isClosed else {
          throw failure("a second root value", at: start)
        }
        try value(element, isEmpty: isEmpty, at: start, root: &root)
      }
    }
    if let frame = stack.last {
      throw failure(
        "the file ends inside a <\(frame.isDictionary ? "dict" : "array")>", at: bytes.count)
    }
    guard let root else { throw failure("no value", at: bytes.count) }
    if plist.isOpen, !plist.isClosed {
      throw failure("the file ends before </plist>", at: bytes.count)
    }
    return PlistReader.Result(root: root, problems: problems)
  }

  /// Reads the value that the start tag of `element` begins.
  private mutating func value(
    _ element: Element, isEmpty: Bool, at start: Int, root: inout PlistValue?
  ) throws(ReadProblem) {
    switch element {
    case .dict, .array:
      try checkPlacement(at: start)
      guard stack.count <= options.depthLimit else {
        throw ReadProblem(
          path: path(), line: line(at: start), kind: .tooDeep(limit: options.depthLimit))
      }
      try count(at: start)
      if isEmpty {
        try complete(element == .dict ? .dictionary([:]) : .array([]), at: start, root: &root)
      } else {
        stack.append(Frame(isDictionary: element == .dict))
      }
    case .key:
      guard let frame = stack.last, frame.isDictionary, frame.pendingKey == nil else {
        throw failure("a <key> where a value belongs", at: start)
      }
      let key = isEmpty ? "" : try readText(closing: "key")
      stack[stack.count - 1].pendingKey = key
      stack[stack.count - 1].pendingKeyOffset = start
    case .string:
      try checkPlacement(at: start)
      try complete(.string(isEmpty ? "" : try readText(closing: "string")), at: start, root: &root)
    case .integer:
      try checkPlacement(at: start)
      let text = isEmpty ? "" : try readText(closing: "integer")
      try complete(.integer(PlistInteger(parsing: Self.trimmed(text))), at: start, root: &root)
    case .real:
      try checkPlacement(at: start)
      let text = Self.trimmed(isEmpty ? "" : try readText(closing: "real"))
      guard let number = Double(text) else {
        throw failure("the <real> \"\(text)\" is not a number", at: start)
      }
      if !number.isFinite {
        problems.append(
          ReadProblem(path: path(), line: line(at: start), kind: .nonFiniteNumber(String(text))))
      }
      try complete(.real(number), at: start, root: &root)
    case .true, .false:
      try checkPlacement(at: start)
      if !isEmpty {
        let name: StaticString = element == .true ? "true" : "false"
        guard try readText(closing: name).isEmpty else {
          throw failure("a <\(name)> with content", at: start)
        }
      }
      try complete(.boolean(element == .true), at: start, root: &root)
    case .date:
      try checkPlacement(at: start)
      let text = Self.trimmed(isEmpty ? "" : try readText(closing: "date"))
      guard let date = Self.date(text) else {
        throw failure("the <date> \"\(text)\" is not YYYY-MM-DDTHH:MM:SSZ", at: start)
      }
      try complete(.date(date), at: start, root: &root)
    case .data:
      try checkPlacement(at: start)
      let text = isEmpty ? "" : try readText(closing: "data")
      let compact = text.filter { !$0.isWhitespace }
      guard let data = Data(base64Encoded: compact) else {
        throw failure("the <data> is not base64", at: start)
      }
      try complete(.data(data), at: start, root: &root)
    case .plist:
      throw failure("a <plist> inside the document", at: start)
    }
  }

  /// Checks that a value may start here: inside a dictionary, only after its key.
  private mutating func checkPlacement(at start: Int) throws(ReadProblem) {
    if let frame = stack.last, frame.isDictionary, frame.pendingKey == nil {
      throw failure("a value without a <key> in a <dict>", at: start)
    }
  }

  /// Counts one more value, within the limit.
  private mutating func count(at start: Int) throws(ReadProblem) {
    valueCount += 1
    guard valueCount <= options.maximumValueCount else {
      throw ReadProblem(
        path: path(), line: line(at: start),
        kind: .tooManyValues(limit: options.maximumValueCount))
    }
  }

  /// Puts a finished value into the container it belongs to, or makes it the root.
  private mutating func complete(
    _ value: PlistValue, at start: Int, root: inout PlistValue?
  ) throws(ReadProblem) {
    switch value {
    case .array, .dictionary: break  // counted when opened
    default: try count(at: start)
    }
    guard !stack.isEmpty else {
      root = value
      return
    }
    let top = stack.count - 1
    if stack[top].isDictionary {
      let key = stack[top].pendingKey!  // checked by checkPlacement before the value began
      if stack[top].dictionary.updateValue(value, forKey: key) != nil {
        problems.append(
          ReadProblem(
            path: path(), line: line(at: stack[top].pendingKeyOffset), kind: .duplicateKey(key)))
      }
      stack[top].pendingKey = nil
    } else {
      stack[top].array.append(value)
    }
  }

  /// The key path of the value being read, from the root.
  private func path() -> [PathStep] {
    stack.compactMap { frame in
      frame.isDictionary ? frame.pendingKey.map(PathStep.key) : .index(frame.array.count)
    }
  }

  private mutating func failure(_ detail: String, at offset: Int) -> ReadProblem {
    ReadProblem(path: path(), line: line(at: offset), kind: .malformed(detail))
  }

  /// The line of the byte at `offset`, counted from the last line asked for when it is later.
  private mutating func line(at offset: Int) -> Int {
    let offset = min(offset, bytes.count)
    if offset < lineCache.offset { lineCache = (0, 1) }
    var line = lineCache.line
    for position in lineCache.offset..<offset where bytes[position] == UInt8(ascii: "\n") {
      line += 1
    }
    lineCache = (offset, line)
    return line
  }

  // MARK: - Scanning

  private func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let pointer = literal.utf8Start
    for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
    return true
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
  }

  /// Moves past the next `terminator`.
  private mutating func skip(past terminator: StaticString, what: String) throws(ReadProblem) {
    let start = index
    index += 2
    while index < bytes.count {
      if matches(terminator) {
        index += terminator.utf8CodeUnitCount
        return
      }
      index += 1
    }
    throw failure("an unterminated \(what)", at: start)
  }

  /// Moves past a `DOCTYPE` declaration; an internal subset is refused.
  private mutating func skipDoctype() throws(ReadProblem) {
    let start = index
    index += "<!DOCTYPE".utf8.count
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ">") {
        index += 1
        return
      }
      if byte == UInt8(ascii: "[") {
        throw failure(
          "a DOCTYPE with an internal subset (entity definitions) is refused", at: start)
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        index += 1
        while index < bytes.count, bytes[index] != byte { index += 1 }
      }
      index += 1
    }
    throw failure("an unterminated DOCTYPE", at: start)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
      || byte == UInt8(ascii: ".") || byte >= 0x80
  }

  /// Reads an element name at `index` and says which element it is.
  private mutating func elementName(at start: Int) throws(ReadProblem) -> Element {
    let nameStart = index
    while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
    let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
    func equals(_ literal: StaticString) -> Bool {
      name.count == literal.utf8CodeUnitCount
        && name.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: name.count))
    }
    if equals("dict") { return .dict }
    if equals("key") { return .key }
    if equals("string") { return .string }
    if equals("integer") { return .integer }
    if equals("array") { return .array }
    if equals("real") { return .real }
    if equals("true") { return .true }
    if equals("false") { return .false }
    if equals("date") { return .date }
    if equals("data") { return .data }
    if equals("plist") { return .plist }
    let shown = Self.shown(name.prefix(40))
    throw failure(name.isEmpty ? "a malformed tag" : "an unknown element <\(shown)>", at: start)
  }

  /// Moves past a start tag's attributes and its `>`; returns whether it ended with `/>`.
  private mutating func skipAttributes(at start: Int) throws(ReadProblem) -> Bool {
    while index < bytes.count {
      let byte = bytes[index]
      if Self.isWhitespace(byte) {
        index += 1
      } else if byte == UInt8(ascii: ">") {
        index += 1
        return false
      } else if byte == UInt8(ascii: "/") {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { break }
        index += 2
        return true
      } else if Self.isNameByte(byte) {
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { break }
        index += 1
        skipWhitespace()
        guard index < bytes.count else { break }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { break }
        index += 1
        while index < bytes.count, bytes[index] != quote {
          guard bytes[index] != UInt8(ascii: "<") else {
            throw failure("a malformed tag", at: start)
          }
          index += 1
        }
        index += 1
      } else {
        break
      }
    }
    throw failure("a malformed tag", at: start)
  }

  /// Moves past the whitespace and `>` that end a closing tag.
  private mutating func expectTagEnd(at start: Int) throws(ReadProblem) {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
      throw failure("a malformed closing tag", at: start)
    }
    index += 1
  }

  /// Reads the text of an element up to its closing tag `</name>`, decoding entities and
  /// CDATA sections, skipping comments.
  private mutating func readText(closing name: StaticString) throws(ReadProblem) -> String {
    let start = index
    // The common case: plain text up to the closing tag, decoded in place.
    var end = index
    while end < bytes.count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&") {
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "<"), closes(name, at: end) {
      let value = try validated(UnsafeBufferPointer(rebasing: bytes[start..<end]), at: start)
      index = end
      try moveToClosingTagEnd(name)
      return value
    }
    text.removeAll(keepingCapacity: true)
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "&") {
        try appendEntity()
      } else if byte == UInt8(ascii: "<") {
        if closes(name, at: index) {
          let value = try validated(text, at: start)
          try moveToClosingTagEnd(name)
          return value
        } else if matches("<![CDATA[") {
          let sectionStart = index
          index += "<![CDATA[".utf8.count
          while true {
            guard index < bytes.count else {
              throw failure("an unterminated CDATA section", at: sectionStart)
            }
            if matches("]]>") { break }
            text.append(bytes[index])
            index += 1
          }
          index += 3
        } else if matches("<!--") {
          try skip(past: "-->", what: "comment")
        } else {
          throw failure("an element inside <\(name)>", at: index)
        }
      } else {
        text.append(byte)
        index += 1
      }
    }
    throw failure("the file ends inside <\(name)>", at: start)
  }

  /// Whether `</name` followed by whitespace or `>` starts at `offset`.
  private func closes(_ name: StaticString, at offset: Int) -> Bool {
    let count = name.utf8CodeUnitCount
    guard offset + count + 2 < bytes.count + 1, bytes[offset] == UInt8(ascii: "<"),
      offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/")
    else { return false }
    for position in 0..<count {
      guard offset + 2 + position < bytes.count,
        bytes[offset + 2 + position] == name.utf8Start[position]
      else { return false }
    }
    let after = offset + 2 + count
    return after < bytes.count
      && (bytes[after] == UInt8(ascii: ">") || Self.isWhitespace(bytes[after]))
  }

  private mutating func moveToClosingTagEnd(_ name: StaticString) throws(ReadProblem) {
    let start = index
    index += 2 + name.utf8CodeUnitCount
    try expectTagEnd(at: start)
  }

  /// Decodes the entity or character reference at `index` into `text`.
  private mutating func appendEntity() throws(ReadProblem) {
    let start = index
    var end = index + 1
    while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
      index = end
      throw failure("an unterminated entity", at: start)
    }
    let name = Self.shown(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
    index = end + 1
    switch name {
    case "lt": text.append(UInt8(ascii: "<"))
    case "gt": text.append(UInt8(ascii: ">"))
    case "amp": text.append(UInt8(ascii: "&"))
    case "quot": text.append(UInt8(ascii: "\""))
    case "apos": text.append(UInt8(ascii: "'"))
    default:
      var digits = Substring(name)
      guard digits.first == "#" else { throw failure("an unknown entity &\(name);", at: start) }
      digits = digits.dropFirst()
      var radix = 10
      if digits.first == "x" || digits.first == "X" {
        radix = 16
        digits = digits.dropFirst()
      }
      if let code = UInt32(digits, radix: radix), (0xD800...0xDFFF).contains(code) {
        let point = String(code, radix: 16, uppercase: true)
        throw ReadProblem(
          path: path(), line: line(at: start),
          kind: .invalidText(
            encoding: "Unicode",
            detail: "&\(name); refers to the surrogate code point U+\(point), not a character"))
      }
      guard let code = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(code), code != 0
      else {
        throw failure("an invalid character reference &\(name);", at: start)
      }
      text.append(contentsOf: String(Character(scalar)).utf8)
    }
  }

  /// The text of `bytes`, which must be valid UTF-8 (``XMLText`` checked it; a value is never
  /// repaired).
  private mutating func validated(
    _ bytes: some Collection<UInt8>, at start: Int
  ) throws(ReadProblem) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ReadProblem(
        path: path(), line: line(at: start),
        kind: .invalidText(encoding: "UTF-8", detail: "the text of this value"))
    }
    return text
  }

  /// Bytes of a name shown in a message: its longest prefix that is valid UTF-8.
  private static func shown(_ bytes: some Collection<UInt8>) -> String {
    var count = bytes.count
    while count > 0 {
      if let text = String(validating: bytes.prefix(count), as: UTF8.self) { return text }
      count -= 1
    }
    return ""
  }

  // MARK: - Values

  private static func trimmed(_ text: String) -> Substring {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return Substring(scalars[first...last])
  }

  /// A date as Apple writes it, `2011-11-14T12:00:00Z` (the time, or its seconds, may be left
  /// out), in UTC.
  private static func date(_ text: Substring) -> Date? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var (hour, minute, second) = (0, 0, 0)
    var position = 10
    if position < bytes.count, bytes[position] == UInt8(ascii: "T") {
      guard let h = number(11..<13), bytes.count > 13, bytes[13] == UInt8(ascii: ":"),
        let m = number(14..<16)
      else { return nil }
      (hour, minute) = (h, m)
      position = 16
      if position < bytes.count, bytes[position] == UInt8(ascii: ":") {
        guard let s = number(17..<19) else { return nil }
        second = s
        position = 19
      }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "Z") { position += 1 }
    guard position == bytes.count, hour < 24, minute < 60, second < 61 else { return nil }
    // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
