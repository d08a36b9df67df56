/// The printable identity of a mapping: the module-qualified type name and the optional name.
///
/// Errors carry `InjectionKey` values so that a diagnostic can name exactly what was asked for,
/// for example `CarDemo.Engine` or `CarDemo.Engine named "primary"`.
public struct InjectionKey: Hashable, Sendable, CustomStringConvertible {
  /// The module-qualified name of the mapped type, such as `CarDemo.Engine`.
  public let typeName: String

  /// The name given with `named:` when the type was mapped or resolved, or `nil`.
  public let name: String?

  /// Creates a key description.
  ///
  /// - Parameters:
  ///   - typeName: The module-qualified type name.
  ///   - name: The mapping's name, or `nil` for the unnamed mapping.
  public init(typeName: String, name: String? = nil) {
    self.typeName = typeName
    self.name = name
  }

  /// Creates the description of the key of `type`, with `name`.
  ///
  /// - Parameters:
  ///   - type: The key's type, such as `Engine.self` or `(any Engine).self`.
  ///   - name: The mapping's name, or `nil` for the unnamed mapping.
  public init<T>(_ type: T.Type, named name: String? = nil) {
    self.init(typeName: String(reflecting: type), name: name)
  }

  /// The type name, followed by `named "…"` when the key has a name.
  public var description: String {
    guard let name else { return typeName }
    return "\(typeName) named \"\(name)\""
  }
}
