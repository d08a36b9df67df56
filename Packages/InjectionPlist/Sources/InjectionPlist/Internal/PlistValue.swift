#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A property-list value, as a tree: what a `Services.plist` holds before anything is built.
indirect enum PlistValue: Sendable, Equatable {
  case string(String)
  case integer(Int)
  case real(Double)
  case boolean(Bool)
  case date(Date)
  case data(Data)
  case array([PlistValue])
  case dictionary([String: PlistValue])

  /// How a message names the value: `the string "fast"`, `an integer (3)`, `a dictionary`.
  var described: String {
    switch self {
    case .string(let value): "the string \"\(value)\""
    case .integer(let value): "the integer \(value)"
    case .real(let value): "the number \(value)"
    case .boolean(let value): "the boolean \(value)"
    case .date(let value): "the date \(value)"
    case .data(let value): "data (\(value.count) bytes)"
    case .array(let value): "an array of \(value.count)"
    case .dictionary: "a dictionary"
    }
  }
}

/// Reads the tree through `PropertyListDecoder`, which parses XML and binary property lists,
/// bounded by a nesting depth.
struct PlistTreeReader: Decodable {
  let value: PlistValue

  static let limitKey = CodingUserInfoKey(rawValue: "InjectionPlist.limit")!

  init(from decoder: any Decoder) throws {
    value = try Self.read(decoder, depth: 0)
  }

  private static func read(_ decoder: any Decoder, depth: Int) throws -> PlistValue {
    let limit = decoder.userInfo[limitKey] as? Int ?? 64
    guard depth <= limit else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "nested deeper than the limit of \(limit) levels"))
    }
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var dictionary: [String: PlistValue] = [:]
      for key in container.allKeys {
        let nested = try container.superDecoder(forKey: key)
        dictionary[key.stringValue] = try read(nested, depth: depth + 1)
      }
      return .dictionary(dictionary)
    }
    if var container = try? decoder.unkeyedContainer() {
      var array: [PlistValue] = []
      while !container.isAtEnd {
        array.append(try read(try container.superDecoder(), depth: depth + 1))
      }
      return .array(array)
    }
    let single = try decoder.singleValueContainer()
    if let value = try? single.decode(Int.self) { return .integer(value) }
    if let value = try? single.decode(Bool.self) { return .boolean(value) }
    if let value = try? single.decode(Double.self) { return .real(value) }
    if let value = try? single.decode(Date.self) { return .date(value) }
    if let value = try? single.decode(Data.self) { return .data(value) }
    return .string(try single.decode(String.self))
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
