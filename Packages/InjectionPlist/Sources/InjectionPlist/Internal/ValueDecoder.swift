#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a `Decodable` value from a ``PlistValue`` tree, recording which keys it read, and
/// reporting a mismatch with the key path and the value found.
final class ValueDecoder {
  /// A value of the wrong type, or a missing key, at a key path.
  struct Mismatch: Error {
    let path: [String]
    let message: String
  }

  /// The keys that decoding read, per dictionary path (`horsepower` of `[]`, `city` of
  /// `["address"]`).
  private(set) var readKeys: [[String]: Set<String>] = [:]
  let userInfo: [CodingUserInfoKey: any Sendable]

  init(userInfo: [CodingUserInfoKey: any Sendable]) {
    self.userInfo = userInfo
  }

  func decode<T: Decodable>(_ type: T.Type, from value: PlistValue) throws -> T {
    try Node(decoder: self, value: value, path: []).decodeValue(T.self)
  }

  fileprivate func read(_ key: String, at path: [String]) {
    readKeys[path, default: []].insert(key)
  }

  /// One position in the tree, as a `Decoder`.
  fileprivate struct Node: Decoder {
    let decoder: ValueDecoder
    let value: PlistValue
    let path: [String]

    var codingPath: [any CodingKey] { path.map { AnyKey(stringValue: $0) } }
    var userInfo: [CodingUserInfoKey: Any] { decoder.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      guard case .dictionary(let dictionary) = value else {
        throw Mismatch(path: path, message: "expected a dictionary, found \(value.described)")
      }
      return KeyedDecodingContainer(Keyed<Key>(node: self, dictionary: dictionary))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      guard case .array(let array) = value else {
        throw Mismatch(path: path, message: "expected an array, found \(value.described)")
      }
      return Unkeyed(node: self, array: array)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(node: self) }

    func child(_ value: PlistValue, _ component: String) -> Node {
      Node(decoder: decoder, value: value, path: path + [component])
    }

    func mismatch(_ expected: String) -> Mismatch {
      Mismatch(path: path, message: "expected \(expected), found \(value.described)")
    }

    /// Decodes `T`, with the property-list meaning of dates, data and URLs.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
      if T.self == Date.self {
        guard case .date(let date) = value else { throw mismatch("a date") }
        return date as! T
      }
      if T.self == Data.self {
        guard case .data(let data) = value else { throw mismatch("data") }
        return data as! T
      }
      if T.self == URL.self {
        guard case .string(let string) = value, let url = URL(string: string) else {
          throw mismatch("a URL string")
        }
        return url as! T
      }
      do {
        return try T(from: self)
      } catch let error as DecodingError {
        throw Self.mismatch(from: error, at: path)
      }
    }

    /// A `DecodingError` that a type's own `init(from:)` threw, such as an enum's unknown raw
    /// value, as a mismatch.
    static func mismatch(from error: DecodingError, at path: [String]) -> Mismatch {
      switch error {
      case .dataCorrupted(let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context), .keyNotFound(_, let context):
        let components = context.codingPath.map(\.stringValue)
        return Mismatch(
          path: components.count >= path.count ? components : path,
          message: context.debugDescription)
      @unknown default:
        return Mismatch(path: path, message: "\(error)")
      }
    }
  }

  fileprivate struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: Node
    let dictionary: [String: PlistValue]

    var codingPath: [any CodingKey] { node.codingPath }
    var allKeys: [Key] { dictionary.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool {
      node.decoder.read(key.stringValue, at: node.path)
      return dictionary[key.stringValue] != nil
    }

    private func value(for key: Key) throws -> PlistValue {
      node.decoder.read(key.stringValue, at: node.path)
      guard let value = dictionary[key.stringValue] else {
        throw Mismatch(
          path: node.path + [key.stringValue], message: "missing; this property is required")
      }
      return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      node.decoder.read(key.stringValue, at: node.path)
      return dictionary[key.stringValue] == nil
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try node.child(try value(for: key), key.stringValue).decodeValue(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      node.decoder.read(key.stringValue, at: node.path)
      guard let value = dictionary[key.stringValue] else { return nil }
      return try node.child(value, key.stringValue).decodeValue(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try node.child(try value(for: key), key.stringValue).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try node.child(try value(for: key), key.stringValue).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { node }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      node.child(try value(for: key), key.stringValue)
    }
  }

  fileprivate struct Unkeyed: UnkeyedDecodingContainer {
    let node: Node
    let array: [PlistValue]
    var currentIndex = 0

    init(node: Node, array: [PlistValue]) {
      self.node = node
      self.array = array
    }

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    private mutating func next() throws -> Node {
      guard !isAtEnd else {
        throw Mismatch(path: node.path, message: "expected more than \(array.count) elements")
      }
      defer { currentIndex += 1 }
      return node.child(array[currentIndex], "[\(currentIndex)]")
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try next().decodeValue(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try next().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
  }

  fileprivate struct Single: SingleValueDecodingContainer {
    let node: Node

    var codingPath: [any CodingKey] { node.codingPath }

    func decodeNil() -> Bool { false }

    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .boolean(let value) = node.value else { throw node.mismatch("a boolean") }
      return value
    }

    func decode(_ type: String.Type) throws -> String {
      guard case .string(let value) = node.value else { throw node.mismatch("a string") }
      return value
    }

    func decode(_ type: Double.Type) throws -> Double {
      switch node.value {
      case .real(let value): return value
      case .integer(let value): return Double(value)
      default: throw node.mismatch("a number")
      }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try node.decodeValue(T.self) }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
      guard case .integer(let value) = node.value else { throw node.mismatch("an integer") }
      guard let converted = I(exactly: value) else {
        throw Mismatch(path: node.path, message: "\(value) does not fit in \(I.self)")
      }
      return converted
    }
  }
}
