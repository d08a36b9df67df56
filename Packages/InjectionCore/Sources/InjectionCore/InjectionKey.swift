/// The printable identity of a mapping: the module-qualified type name and the optional name.
///
/// Errors carry `InjectionKey` values so that a diagnostic can name exactly what was asked for.
/// A key prints its type the way code writes it, `Engine` or `Engine named "primary"`; the
/// module-qualified ``typeName`` (`CarDemo.Engine`) tells apart two types that share a name, and
/// an error message uses it for exactly those.
public struct InjectionKey: Hashable, Sendable, CustomStringConvertible {
  /// The module-qualified name of the mapped type, such as `CarDemo.Engine`.
  ///
  /// For a key made from a type, written out on first use, once per type in the process (see
  /// `TypeNames`): a key is made for every error, and a miss probed with `try?` never reads it.
  public var typeName: String {
    if let givenTypeName { return givenTypeName }
    return TypeNames.name(of: type.unsafelyUnwrapped)
  }

  /// The type name a key made with ``init(typeName:name:)`` was given; `nil` for a key made from
  /// a type, whose name is written out when first read.
  private let givenTypeName: String?

  /// The name given with `named:` when the type was mapped or resolved, or `nil`.
  public let name: String?

  /// Whether the key's type is a protocol; `nil` for a key made from a type name.
  ///
  /// So that a diagnostic can say exactly what to type. Not part of the key's identity.
  let isProtocol: Bool?

  /// The key's type; `nil` for a key made from a type name.
  ///
  /// So that ``Injector/unmap(_:)`` can find the mapping. Not part of the key's identity.
  let type: (any Any.Type)?

  /// Creates a key description.
  ///
  /// - Parameters:
  ///   - typeName: The module-qualified type name.
  ///   - name: The mapping's name, or `nil` for the unnamed mapping.
  public init(typeName: String, name: String? = nil) {
    self.givenTypeName = typeName
    self.name = name
    self.isProtocol = nil
    self.type = nil
  }

  /// A key description that knows whether its type is a protocol, for diagnostics.
  init(type: any Any.Type, name: String?, isProtocol: Bool) {
    self.givenTypeName = nil
    self.name = name
    self.isProtocol = isProtocol
    self.type = type
  }

  /// Creates the description of the key of `type`, with `name`.
  ///
  /// - Parameters:
  ///   - type: The key's type, such as `Engine.self` or `(any Engine).self`.
  ///   - name: The mapping's name, or `nil` for the unnamed mapping.
  public init<T>(_ type: T.Type, named name: String? = nil) {
    self = Key(T.self, named: name).publicKey
  }

  /// Whether two keys describe the same mapping: the same type name and the same name.
  public static func == (lhs: InjectionKey, rhs: InjectionKey) -> Bool {
    guard lhs.name == rhs.name else { return false }
    // The same type has one name: no need to write it out.
    if let left = lhs.type, let right = rhs.type, ObjectIdentifier(left) == ObjectIdentifier(right)
    {
      return true
    }
    return lhs.typeName == rhs.typeName
  }

  /// Hashes the type name and the name, the parts that ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeName)
    hasher.combine(name)
  }

  /// The type as code writes it: ``typeName`` without the module names that qualify each type
  /// in it (`CarDemo.Garage.Door` → `Garage.Door`, `Swift.Array<CarDemo.Car>` → `Array<Car>`)
  /// and without the unnamed contexts of types declared in a function.
  public var unqualifiedTypeName: String {
    Self.withoutModuleNames(Self.withoutUnknownContexts(typeName))
  }

  /// `typeName` without the module names that qualify each type in it: the first component of
  /// every qualified name.
  ///
  /// Works on UTF-8 bytes (graph exports and validation reports compute it for every key): a
  /// byte of a non-ASCII character counts as part of an identifier, as such characters only
  /// appear in identifiers of a type name.
  static func withoutModuleNames(_ typeName: String) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(typeName.utf8.count)
    var identifierStart = 0  // where the current identifier starts in `result`
    var identifierStartsName = true
    for byte in typeName.utf8 {
      if Self.isIdentifierByte(byte) {
        result.append(byte)
        continue
      }
      if byte == UInt8(ascii: "."), identifierStartsName, result.count > identifierStart {
        // A module name: drop it with its dot.
        result.removeSubrange(identifierStart...)
        identifierStartsName = false
        continue
      }
      result.append(byte)
      identifierStart = result.count
      identifierStartsName = byte != UInt8(ascii: ".")
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether `byte` can be part of an identifier: an ASCII letter, digit or `_`, or a byte of a
  /// non-ASCII character.
  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
      true
    default: false
    }
  }

  /// `typeName` without the `(unknown context at $…).` that stands for a function a type is
  /// declared in, nor what qualifies that function: code in it writes the type by its own name
  /// (`Tests.Suite.(unknown context at $10a).Gauge` → `Gauge`).
  static func withoutUnknownContexts(_ typeName: String) -> String {
    let marker = "(unknown context at "
    // Most names have no parenthesis at all: a byte scan, not a substring search.
    guard typeName.utf8.contains(UInt8(ascii: "(")), typeName.contains(marker) else {
      return typeName
    }
    var result = Substring()
    var rest = typeName[...]
    while let start = rest.firstRange(of: marker) {
      var prefix = rest[..<start.lowerBound]
      while let last = prefix.last, last.isLetter || last.isNumber || last == "_" || last == "." {
        prefix = prefix.dropLast()
      }
      result += prefix
      guard let close = rest[start.upperBound...].firstIndex(of: ")") else { break }
      rest = rest[rest.index(after: close)...]
      if rest.first == "." { rest = rest.dropFirst() }
    }
    return String(result + rest)
  }

  /// The key's type as Swift code writes it where a type goes: `any Engine` for a protocol,
  /// `Car` otherwise, without module names.
  ///
  /// What a diagnostic pastes into a generic argument (`Provider<any Engine>`), so that the
  /// line compiles under the `ExistentialAny` upcoming feature. A key made with
  /// ``init(typeName:name:)`` does not know whether its type is a protocol: it writes
  /// ``unqualifiedTypeName``. So does a protocol inside a generic argument (`Array<Engine>`
  /// for `[any Engine]`): the runtime's type names leave out that `any`.
  public var typeInCode: String {
    typeInCode(qualified: false)
  }

  /// The expression that names the key's type: `(any Engine).self` for a protocol, `Car.self`
  /// otherwise; see ``typeInCode``.
  public var metatypeInCode: String {
    metatypeInCode(qualified: false)
  }

  /// The expression that makes this key: `InjectionKey((any Engine).self, named: "primary")`.
  ///
  /// What a diagnostic pastes where a key is asked for, such as the keys strict mode allows in
  /// InjectionTestSupport. The name is written as a string literal, escaped as Swift needs.
  public var initializerInCode: String {
    "InjectionKey(\(metatypeInCode)\(nameArgumentInCode))"
  }

  /// `typeInCode`, module-qualified when `qualified` (unless the type is declared in a
  /// function: code cannot name such a type from outside it).
  func typeInCode(qualified: Bool) -> String {
    let written =
      qualified && !typeName.contains("(unknown context at ") ? typeName : unqualifiedTypeName
    guard isProtocol == true, !written.hasPrefix("any "), written != "Any" else { return written }
    return "any \(written)"
  }

  /// `metatypeInCode`, module-qualified when `qualified`.
  func metatypeInCode(qualified: Bool) -> String {
    let type = typeInCode(qualified: qualified)
    let needsParentheses = type.hasPrefix("any ") || type.contains(" -> ")
    return needsParentheses ? "(\(type)).self" : "\(type).self"
  }

  /// `, named: "…"` for a named key, as a call that takes the key writes it; empty otherwise.
  var nameArgumentInCode: String {
    name.map { ", named: \($0.debugDescription)" } ?? ""
  }

  /// The type as code writes it (``unqualifiedTypeName``), followed by `named "…"` when the key
  /// has a name.
  public var description: String {
    description(qualified: false)
  }

  /// The type, module-qualified or as code writes it, followed by `named "…"` for a name.
  func description(qualified: Bool) -> String {
    let type = qualified ? typeName : unqualifiedTypeName
    guard let name else { return type }
    return "\(type) named \"\(name)\""
  }
}

/// The module-qualified names of types, written out once per type (`String(reflecting:)` costs
/// about a microsecond) and kept for the life of the process.
///
/// Keyed by the type's identity: a metatype's address, and type metadata is never freed.
enum TypeNames {
  private static let names = Lock<[ObjectIdentifier: String]>([:])

  /// The module-qualified name of `type`.
  static func name(of type: any Any.Type) -> String {
    let id = ObjectIdentifier(type)
    if let name = names.withLock({ $0[id] }) { return name }
    let name = String(reflecting: type)
    names.withLock { $0[id] = name }
    return name
  }
}
