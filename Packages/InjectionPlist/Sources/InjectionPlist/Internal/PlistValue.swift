#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A property-list value, as a tree: what a `Services.plist` holds before anything is built.
///
/// The readers (``XMLPlistReader``, ``BinaryPlistReader``) build it without recursion, within
/// the depth and value-count limits, so every walk over it is bounded by them.
indirect enum PlistValue: Sendable, Equatable {
  case string(String)
  case integer(PlistInteger)
  case real(Double)
  case boolean(Bool)
  case date(Date)
  case data(Data)
  case array([PlistValue])
  case dictionary([String: PlistValue])

  /// How a message names the value: `the string "fast"`, `the integer 3`, `a dictionary`.
  var described: String {
    switch self {
    case .string(let value): "the string \"\(value)\""
    case .integer(let value): value.described
    case .real(let value): "the number \(value)"
    case .boolean(let value): "the boolean \(value)"
    case .date(let value): "the date \(value)"
    case .data(let value): "data (\(value.count) bytes)"
    case .array(let value): "an array of \(value.count)"
    case .dictionary: "a dictionary"
    }
  }
}

/// An integer as the file spells it: exact within 64 bits (signed or unsigned), or the text of
/// one that does not fit or does not parse, so that decoding can say which property refused it.
enum PlistInteger: Sendable, Equatable {
  /// A value from `-2^63` to `2^64 - 1`, as a sign and a magnitude.
  case exact(isNegative: Bool, magnitude: UInt64)
  /// An integer beyond 64 bits, as written.
  case outOfRange(String)
  /// Text in an `<integer>` that is not an integer, as written.
  case malformed(String)

  init(_ value: Int64) {
    self = .exact(isNegative: value < 0, magnitude: value.magnitude)
  }

  /// Parses decimal (or `0x` hexadecimal) text with an optional sign.
  init(parsing text: Substring) {
    var rest = text.utf8[...]
    var isNegative = false
    if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      isNegative = first == UInt8(ascii: "-")
      rest = rest.dropFirst()
    }
    var radix: UInt64 = 10
    if rest.starts(with: "0x".utf8) || rest.starts(with: "0X".utf8) {
      radix = 16
      rest = rest.dropFirst(2)
    }
    guard !rest.isEmpty else {
      self = .malformed(String(text))
      return
    }
    var magnitude: UInt64 = 0
    var overflowed = false
    for byte in rest {
      let digit: UInt64
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        digit = UInt64(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
        digit = UInt64(byte - UInt8(ascii: "A") + 10)
      default:
        self = .malformed(String(text))
        return
      }
      let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
      let (sum, overflow2) = shifted.addingReportingOverflow(digit)
      overflowed = overflowed || overflow1 || overflow2
      magnitude = sum
    }
    if overflowed || (isNegative && magnitude > UInt64(Int64.max) + 1) {
      self = .outOfRange(String(text))
    } else {
      self = .exact(isNegative: isNegative && magnitude != 0, magnitude: magnitude)
    }
  }

  /// The value as `I`, or `nil` when it does not fit (or is not a number).
  func exactly<I: FixedWidthInteger>(_ type: I.Type) -> I? {
    guard case .exact(let isNegative, let magnitude) = self else { return nil }
    if !isNegative { return I(exactly: magnitude) }
    guard I.isSigned else { return nil }
    // magnitude is 1...2^63 here (the parsers refuse more), so magnitude - 1 fits in Int64.
    return I(exactly: -Int64(magnitude - 1) - 1)
  }

  /// The value as a `Double`, or `nil` for malformed text.
  var double: Double? {
    switch self {
    case .exact(let isNegative, let magnitude): isNegative ? -Double(magnitude) : Double(magnitude)
    case .outOfRange(let text): Double(text)
    case .malformed: nil
    }
  }

  var described: String {
    switch self {
    case .exact(let isNegative, let magnitude): "the integer \(isNegative ? "-" : "")\(magnitude)"
    case .outOfRange(let text): "the integer \(text) (beyond 64 bits)"
    case .malformed(let text): "the malformed integer \"\(text)\""
    }
  }
}

/// One step of a key path: a dictionary key, or an array index.
enum PathStep: Hashable, Sendable {
  case key(String)
  case index(Int)

  /// `EngineService.horsepower`, `GarageService.cars[0].sunroof`.
  static func joined(_ steps: some Sequence<PathStep>) -> String {
    var text = ""
    for step in steps {
      switch step {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// The key path of a place inside the root, as messages give it: relative to `Services`
  /// when it is inside it (`EngineService.horsepower`), else from the root.
  static func servicesRelative(_ steps: [PathStep]) -> String {
    if steps.first == .key("Services"), steps.count > 1 { return joined(steps.dropFirst()) }
    return joined(steps)
  }
}

/// A coding key for any string or index.
struct AnyKey: CodingKey, Hashable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }
}
