/// The identity of a value that is an object, found without a dynamic cast.
///
/// Resolution runs unspecialized (see `Injector+Resolution.swift`), where `T.self is
/// AnyObject.Type` and `value as Any` are run-time casts that cost more than the rest of a
/// transient build's bookkeeping. The type's metadata kind, whose values are part of the Swift
/// ABI (`docs/ABI/TypeMetadata.rst`), says the same for the common cases in two loads.
enum ObjectIdentity {
  /// The identity of `value` if it is an object (a class instance, or a class-bound protocol
  /// existential holding one); `nil` for values.
  static func of<T>(_ value: T) -> ObjectIdentifier? {
    switch shape(of: T.self) {
    case .reference:
      // The value's first word is the object reference, for a class and for a class-bound
      // existential container alike (the witness tables follow it). A bit cast copies it
      // without a retain; `withUnsafePointer` would be a call here, where nothing is inlined.
      switch MemoryLayout<T>.size {
      case MemoryLayout<UInt>.size:
        return unsafeBitCast(value, to: ObjectIdentifier.self)
      case 2 * MemoryLayout<UInt>.size:
        return unsafeBitCast(value, to: (ObjectIdentifier, UInt).self).0
      default:
        return withUnsafePointer(to: value) {
          UnsafeRawPointer($0).load(as: ObjectIdentifier.self)
        }
      }
    case .value:
      return nil
    case .unknown:
      guard type(of: value as Any) is AnyObject.Type else { return nil }
      return ObjectIdentifier(value as AnyObject)
    }
  }

  private enum Shape {
    /// A class, or a class-bound protocol existential.
    case reference
    /// A struct, enum, optional, tuple, function or metatype.
    case value
    /// An opaque existential such as `Any` or `any P` for a protocol that is not class-bound:
    /// only the value inside tells.
    case unknown
  }

  private static func shape(of type: any Any.Type) -> Shape {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    switch metadata.load(as: UInt.self) {
    case 0, 0x800...:
      // Class metadata: kind 0 without Objective-C interoperability, an isa pointer with it.
      return .reference
    case 0x303:
      // Existential: bit 31 of its flags is clear when its protocols bind it to classes.
      let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt32.self)
      return flags & 0x8000_0000 == 0 ? .reference : .unknown
    case 0x200, 0x201, 0x202, 0x301, 0x302, 0x304, 0x306:
      // Struct, enum, optional, tuple, function, metatype, existential metatype.
      return .value
    default:
      // Foreign and Objective-C classes, constrained existentials: let the value tell.
      return .unknown
    }
  }
}
