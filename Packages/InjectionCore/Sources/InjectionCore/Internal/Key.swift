/// The identity of a mapping inside an injector: a type, by identity, and an optional name.
///
/// Hashing and equality use only the type's `ObjectIdentifier` and the name, so two types that
/// share a name in different modules are different keys. The metatype is kept for diagnostics;
/// its display string is built only when an error is thrown.
@usableFromInline
struct Key: Hashable, Sendable {
  @usableFromInline let id: ObjectIdentifier
  @usableFromInline let name: String?
  @usableFromInline let type: any Any.Type

  @inlinable
  init<T>(_ type: T.Type, named name: String?) {
    self.id = ObjectIdentifier(type)
    self.name = name
    self.type = type
  }

  @inlinable
  static func == (lhs: Key, rhs: Key) -> Bool {
    lhs.id == rhs.id && lhs.name == rhs.name
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(name)
  }

  /// The public, printable form of this key.
  var publicKey: InjectionKey {
    InjectionKey(typeName: String(reflecting: type), name: name)
  }
}
