/// The identity of a mapping inside an injector: a type, by identity, and an optional name.
///
/// Hashing and equality use only the type's `ObjectIdentifier` and the name, so two types that
/// share a name in different modules are different keys. The metatype, for diagnostics, is the
/// identity itself (``type``); its display string is built only when an error is thrown.
struct Key: Hashable, Sendable {
  let id: ObjectIdentifier
  let name: String?
  /// Where the key's probe starts in a ``RegistrationTable``: the type's identity, mixed with
  /// the name's hash for a named key, so that many names of one type spread over the table.
  let probe: UInt

  @inline(__always)
  init<T>(_ type: T.Type, named name: String?) {
    self.id = ObjectIdentifier(type)
    self.name = name
    self.probe = Self.probe(id: UInt(bitPattern: ObjectIdentifier(type)), name: name)
  }

  /// The key of a type known only at run time.
  init(type: any Any.Type, named name: String?) {
    self.id = ObjectIdentifier(type)
    self.name = name
    self.probe = Self.probe(id: UInt(bitPattern: ObjectIdentifier(type)), name: name)
  }

  /// The probe start of a key: see ``probe``.
  static func probe(id: UInt, name: String?) -> UInt {
    guard let name else { return id }
    return id ^ UInt(bitPattern: name.hashValue)
  }

  static func == (lhs: Key, rhs: Key) -> Bool {
    lhs.id == rhs.id && lhs.name == rhs.name
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(name)
  }

  /// The key's type, for diagnostics and for the checks below.
  ///
  /// Not stored: the identity is the address of the type's metadata, which is what a metatype
  /// value is, so a key and every registration are a word smaller.
  var type: any Any.Type {
    unsafeBitCast(id, to: Any.Type.self)
  }

  /// Whether the key's type is a protocol existential such as `any Engine`.
  ///
  /// Read from the type metadata's kind word, whose values are part of the Swift ABI
  /// (`docs/ABI/TypeMetadata.rst`): 0x303 existential, 0x306 existential metatype, 0x307
  /// extended existential (constrained protocol types). Asked once per mapping, never while
  /// resolving, and it costs no conformance lookup.
  var isExistential: Bool {
    let kind = metadataKind
    return kind == 0x303 || kind == 0x306 || kind == 0x307
  }

  /// Whether the key's type is a value type or a function type.
  ///
  /// Structs, enums and optionals have kinds 0x200–0x202, tuples 0x301, functions 0x302.
  /// Classes (kind 0, or an isa pointer) and protocol existentials are not value types.
  var isValueType: Bool {
    let kind = metadataKind
    return (0x200...0x202).contains(kind) || kind == 0x301 || kind == 0x302
  }

  private var metadataKind: UInt {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
  }

  /// The public, printable form of this key.
  var publicKey: InjectionKey {
    InjectionKey(type: type, name: name, isProtocol: isExistential)
  }
}
