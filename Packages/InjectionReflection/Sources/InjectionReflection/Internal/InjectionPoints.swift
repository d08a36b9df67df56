import InjectionCore

/// The injection points of a subject, found with `Mirror` in its type and every superclass:
/// the root class's first, each class's in declaration order.
struct InjectionPoints: Sequence {
  /// One injection point, with where it was found.
  struct Found {
    let name: String
    let declaringType: String
    let point: any InjectionPoint
  }

  private let found: [Found]

  init(of subject: Any) {
    var levels: [[Found]] = []
    var mirror: Mirror? = Mirror(reflecting: subject)
    while let current = mirror {
      let declaringType = InjectionKey(typeName: String(reflecting: current.subjectType))
        .unqualifiedTypeName
      levels.append(
        current.children.compactMap { child in
          guard let point = child.value as? any InjectionPoint else { return nil }
          return Found(
            name: Self.propertyName(child.label), declaringType: declaringType, point: point)
        })
      mirror = current.superclassMirror
    }
    self.found = levels.reversed().flatMap { $0 }
  }

  func makeIterator() -> IndexingIterator<[Found]> { found.makeIterator() }

  /// The key and name of each injection point of `subject`, in the same order, without the
  /// declaring types (which cost a type name's computation per class).
  static func properties(of subject: Any) -> [(key: InjectionKey, name: String)] {
    var levels: [[(key: InjectionKey, name: String)]] = []
    var mirror: Mirror? = Mirror(reflecting: subject)
    while let current = mirror {
      levels.append(
        current.children.compactMap { child in
          guard let point = child.value as? any InjectionPoint else { return nil }
          return (point.key, propertyName(child.label))
        })
      mirror = current.superclassMirror
    }
    return levels.reversed().flatMap { $0 }
  }

  /// The declared name: the storage of `var engine` is `_engine`.
  private static func propertyName(_ label: String?) -> String {
    guard let label else { return "(unnamed)" }
    return label.first == "_" ? String(label.dropFirst()) : label
  }
}
