/// The printable identity of a mapping: the module-qualified type name and the optional name.
///
/// Errors carry `InjectionKey` values so that a diagnostic can name exactly what was asked for,
/// for example `CarDemo.Engine` or `CarDemo.Engine named "primary"`.
public struct InjectionKey: Hashable, Sendable, CustomStringConvertible {
  /// The module-qualified name of the mapped type, such as `CarDemo.Engine`.
  public let typeName: String

  /// The name given with `named:` when the type was mapped or resolved, or `nil`.
  public let name: String?

  /// How the key's type is written in code, and whether it is a protocol.
  ///
  /// Without module names (`Vehicle`, `Garage.Door`, `Array<Car>`); known for keys made from a
  /// type, so that a diagnostic can say exactly what to type. Not part of the key's identity.
  let spelling: (type: String, isProtocol: Bool)?

  /// Creates a key description.
  ///
  /// - Parameters:
  ///   - typeName: The module-qualified type name.
  ///   - name: The mapping's name, or `nil` for the unnamed mapping.
  public init(typeName: String, name: String? = nil) {
    self.typeName = typeName
    self.name = name
    self.spelling = nil
  }

  /// A key description with the spelling of its type, for diagnostics.
  init(type: any Any.Type, name: String?, isProtocol: Bool) {
    let typeName = String(reflecting: type)
    self.typeName = typeName
    self.name = name
    self.spelling = (Self.withoutModuleNames(typeName), isProtocol)
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
    lhs.typeName == rhs.typeName && lhs.name == rhs.name
  }

  /// Hashes the type name and the name, the parts that ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeName)
    hasher.combine(name)
  }

  /// `typeName` without the module names that qualify each type in it: the first component of
  /// every qualified name (`CarDemo.Garage.Door` → `Garage.Door`,
  /// `Swift.Array<CarDemo.Car>` → `Array<Car>`).
  static func withoutModuleNames(_ typeName: String) -> String {
    var result = ""
    var identifier = ""
    var identifierStartsName = true
    for character in typeName {
      if character.isLetter || character.isNumber || character == "_" {
        identifier.append(character)
        continue
      }
      if character == ".", identifierStartsName, !identifier.isEmpty {
        // A module name: drop it with its dot.
        identifier = ""
        identifierStartsName = false
        continue
      }
      result += identifier
      identifier = ""
      result.append(character)
      identifierStartsName = character != "."
    }
    return result + identifier
  }

  /// The type name, followed by `named "…"` when the key has a name.
  public var description: String {
    guard let name else { return typeName }
    return "\(typeName) named \"\(name)\""
  }
}
