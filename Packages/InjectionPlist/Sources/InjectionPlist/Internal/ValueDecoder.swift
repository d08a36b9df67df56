import InjectionCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a `Decodable` value from a ``PlistValue`` tree and finds every problem of it at once.
///
/// A value of the wrong kind, a number out of range or a missing property is recorded with its
/// key path, and decoding goes on with a placeholder (`0`, `""`, an empty dictionary), so that
/// one pass finds the problems of every property: a wrong type does not hide a missing or an
/// unknown property of the same entry. Placeholders are never built into a service: a value
/// with a finding is checked only, and the module is not made.
///
/// Only an error that a type's own initializer throws (an enum's unknown raw value, a custom
/// validation) ends the decoding of that value, up to the nearest optional property, since no
/// value of that type can stand in for it.
final class ValueDecoder {
  /// A problem, by key path from the entry.
  struct Finding {
    let path: [PathStep]
    let kind: PlistError.Problem.Kind
  }

  /// What decoding saw of one dictionary.
  final class Visit {
    let type: any Any.Type
    let keys: [String]
    /// The keys that a coding-key type of the decoding type accepts.
    var known: Set<String> = []
    /// The keys the decoding type asked for by name, present or not.
    var asked: Set<String> = []

    init(type: any Any.Type, keys: [String]) {
      self.type = type
      self.keys = keys
    }
  }

  /// Thrown up to the nearest optional property when a value cannot be stood in for.
  struct Abandoned: Error {}

  private(set) var findings: [Finding] = []
  private var visits: [[PathStep]: Visit] = [:]
  let userInfo: [CodingUserInfoKey: any Sendable]
  /// Whether the values are only checked (no injector builds them).
  let isChecking: Bool

  init(userInfo: [CodingUserInfoKey: any Sendable], isChecking: Bool) {
    self.userInfo = userInfo
    self.isChecking = isChecking
  }

  /// Decodes `T`; `nil` when a type's own initializer refused a value (it is a finding).
  func decode<T: Decodable>(_ type: T.Type, from value: PlistValue) throws -> T? {
    do {
      return try Node(decoder: self, value: value, parentPath: [], step: nil).decodeValue(T.self)
    } catch is Abandoned {
      return nil
    }
  }

  func report(_ path: [PathStep], _ kind: PlistError.Problem.Kind) {
    findings.append(Finding(path: path, kind: kind))
  }

  fileprivate func visit(_ path: [PathStep], type: any Any.Type, keys: [String]) -> Visit {
    if let visit = visits[path] { return visit }
    let visit = Visit(type: type, keys: keys)
    visits[path] = visit
    return visit
  }

  /// The keys of every decoded dictionary that no coding-key type of its decoding type
  /// accepts: by path, with the type and the closest name it asked for, sorted by path.
  func unknownKeys() -> [(path: [PathStep], type: any Any.Type, suggestion: String?)] {
    var unknown: [(path: [PathStep], type: any Any.Type, suggestion: String?)] = []
    for (path, visit) in visits {
      let absent = visit.asked.subtracting(visit.keys)
      for key in visit.keys where !visit.known.contains(key) {
        unknown.append(
          (path + [.key(key)], visit.type, InjectionError.closestName(to: key, among: absent)))
      }
    }
    return unknown.sorted { PathStep.joined($0.path) < PathStep.joined($1.path) }
  }

  /// One position in the tree, as a `Decoder`; a placeholder where `value` is `nil`.
  struct Node: Decoder {
    let decoder: ValueDecoder
    let value: PlistValue?
    /// The path of the container, shared by its elements; the path is made only when needed.
    let parentPath: [PathStep]
    let step: PathStep?
    var type: any Any.Type = Void.self

    init(decoder: ValueDecoder, value: PlistValue?, parentPath: [PathStep], step: PathStep?) {
      self.decoder = decoder
      self.value = value
      self.parentPath = parentPath
      self.step = step
    }

    var path: [PathStep] { step.map { parentPath + [$0] } ?? parentPath }

    var codingPath: [any CodingKey] {
      path.map { step in
        switch step {
        case .key(let key): AnyKey(stringValue: key)
        case .index(let index): AnyKey(intValue: index)
        }
      }
    }

    var userInfo: [CodingUserInfoKey: Any] { decoder.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      let path = self.path
      guard case .dictionary(let dictionary)? = value else {
        mismatch("a dictionary")
        return KeyedDecodingContainer(
          Keyed<Key>(node: self, path: path, dictionary: [:], visit: nil))
      }
      let visit = decoder.visit(path, type: self.type, keys: Array(dictionary.keys))
      for key in dictionary.keys where Key(stringValue: key) != nil { visit.known.insert(key) }
      return KeyedDecodingContainer(
        Keyed<Key>(node: self, path: path, dictionary: dictionary, visit: visit))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      guard case .array(let array)? = value else {
        mismatch("an array")
        return Unkeyed(node: self, path: path, array: [], isPlaceholder: true)
      }
      return Unkeyed(node: self, path: path, array: array, isPlaceholder: value == nil)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(node: self) }

    /// Records that the value is not what `expected` says, unless it is a placeholder.
    func mismatch(_ expected: String) {
      guard let value else { return }
      decoder.report(path, .typeMismatch(expected: expected, found: value.described))
    }

    /// Decodes `T`, with the property-list meaning of dates, data and URLs.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
      if T.self == Date.self {
        guard case .date(let date)? = value else {
          mismatch("a date")
          return Date(timeIntervalSinceReferenceDate: 0) as! T
        }
        return date as! T
      }
      if T.self == Data.self {
        guard case .data(let data)? = value else {
          mismatch("data")
          return Data() as! T
        }
        return data as! T
      }
      if T.self == URL.self {
        guard case .string(let string)? = value, let url = URL(string: string) else {
          mismatch("a URL string")
          return URL(string: "about:blank")! as! T
        }
        return url as! T
      }
      var node = self
      node.type = T.self
      do {
        return try T(from: node)
      } catch let abandoned as Abandoned {
        throw abandoned
      } catch let error as DecodingError {
        decoder.report(path, refusal(of: T.self, error))
        throw Abandoned()
      } catch  where decoder.isChecking {
        decoder.report(
          path,
          .invalidValue(
            type: String(describing: T.self), found: value?.described ?? "nothing",
            reason: "\(error)"))
        throw Abandoned()
      }
    }

    /// A `DecodingError` that `T`'s own `init(from:)` threw, such as an enum's unknown raw
    /// value.
    private func refusal<T>(of type: T.Type, _ error: DecodingError) -> PlistError.Problem.Kind {
      let reason: String
      switch error {
      case .dataCorrupted(let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context), .keyNotFound(_, let context):
        reason = context.debugDescription
      @unknown default:
        reason = "\(error)"
      }
      return .invalidValue(
        type: String(describing: T.self), found: value?.described ?? "nothing", reason: reason)
    }

    func child(_ value: PlistValue?, _ step: PathStep, of path: [PathStep]) -> Node {
      Node(decoder: decoder, value: value, parentPath: path, step: step)
    }
  }

  fileprivate struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: Node
    let path: [PathStep]
    let dictionary: [String: PlistValue]
    /// `nil` for a placeholder.
    let visit: Visit?

    var codingPath: [any CodingKey] { node.codingPath }
    var allKeys: [Key] { dictionary.keys.compactMap(Key.init(stringValue:)) }

    private func lookUp(_ key: Key) -> PlistValue? {
      visit?.asked.insert(key.stringValue)
      return dictionary[key.stringValue]
    }

    /// The node of a required property; a missing one is recorded and stood in for.
    private func required(_ key: Key) -> Node {
      let value = lookUp(key)
      if value == nil, visit != nil {
        node.decoder.report(path + [.key(key.stringValue)], .missingProperty(key.stringValue))
      }
      return node.child(value, .key(key.stringValue), of: path)
    }

    func contains(_ key: Key) -> Bool { lookUp(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { lookUp(key) == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try required(key).decodeValue(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard let value = lookUp(key) else { return nil }
      do {
        return try node.child(value, .key(key.stringValue), of: path).decodeValue(T.self)
      } catch is Abandoned {
        return nil  // recorded; an optional can stand in with nil
      }
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try required(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try required(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { node }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      node.child(lookUp(key), .key(key.stringValue), of: path)
    }
  }

  fileprivate struct Unkeyed: UnkeyedDecodingContainer {
    let node: Node
    let path: [PathStep]
    let array: [PlistValue]
    let isPlaceholder: Bool
    var currentIndex = 0

    init(node: Node, path: [PathStep], array: [PlistValue], isPlaceholder: Bool) {
      self.node = node
      self.path = path
      self.array = array
      self.isPlaceholder = isPlaceholder
    }

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int? { array.count }
    var isAtEnd: Bool { currentIndex >= array.count }

    private mutating func next() throws -> Node {
      guard !isAtEnd else {
        if !isPlaceholder {
          node.decoder.report(
            path,
            .typeMismatch(
              expected: "more than \(array.count) elements", found: "an array of \(array.count)"))
        }
        throw Abandoned()
      }
      defer { currentIndex += 1 }
      return node.child(array[currentIndex], .index(currentIndex), of: path)
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
      guard case .boolean(let value)? = node.value else {
        node.mismatch("a boolean")
        return false
      }
      return value
    }

    func decode(_ type: String.Type) throws -> String {
      guard case .string(let value)? = node.value else {
        node.mismatch("a string")
        return ""
      }
      return value
    }

    func decode(_ type: Double.Type) throws -> Double {
      switch node.value {
      case .real(let value)?: return value
      case .integer(let value)?:
        if let number = value.double, number.isFinite { return number }
        node.mismatch("a number (Double)")
      default: node.mismatch("a number (Double)")
      }
      return 0
    }

    func decode(_ type: Float.Type) throws -> Float {
      let number = try decode(Double.self)
      guard number.magnitude <= Double(Float.greatestFiniteMagnitude) || !number.isFinite else {
        node.decoder.report(
          node.path,
          .outOfRange(
            type: "Float", range: "±\(Float.greatestFiniteMagnitude)",
            found: node.value?.described ?? "\(number)"))
        return 0
      }
      return Float(number)
    }

    func decode(_ type: Int.Type) throws -> Int { integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { integer(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try node.decodeValue(T.self) }

    /// The integer as `I`; a value of another kind, malformed, or out of `I`'s range is
    /// recorded with `I` and its range.
    private func integer<I: FixedWidthInteger>(_ type: I.Type) -> I {
      guard let value = node.value else { return 0 }
      let range = "\(I.min)...\(I.max)"
      guard case .integer(let integer) = value else {
        node.mismatch("an integer of type \(I.self) (\(range))")
        return 0
      }
      if let exact = integer.exactly(I.self) { return exact }
      if case .malformed = integer {
        node.mismatch("an integer of type \(I.self) (\(range))")
      } else {
        node.decoder.report(
          node.path, .outOfRange(type: "\(I.self)", range: range, found: integer.described))
      }
      return 0
    }
  }
}
