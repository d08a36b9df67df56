/// One of the six keys the sequences use: three types, each unnamed and named `"spare"`.
///
/// `Service` is a protocol key, `Tool` a final class, `Widget` an `Injectable` class (created
/// automatically when its unnamed key is unmapped). Keys are ordered; a mapping depends only on
/// a later key, so that no sequence has a dependency cycle.
struct ModelKey: Hashable, Sendable, Comparable {
  /// The key's type.
  enum Kind: Int, Sendable {
    case service, tool, widget
  }

  let kind: Kind
  let name: String?

  /// Every key, in dependency order.
  static let all: [ModelKey] = [Kind.service, .tool, .widget].flatMap {
    [ModelKey(kind: $0, name: nil), ModelKey(kind: $0, name: "spare")]
  }

  /// The position of the key in ``all``.
  var index: Int { kind.rawValue * 2 + (name == nil ? 0 : 1) }

  /// The keys a mapping of this key may depend on.
  var laterKeys: [ModelKey] { Array(Self.all[(index + 1)...]) }

  /// Whether resolving this key creates a value when nothing maps it.
  var isCreatedAutomatically: Bool { kind == .widget && name == nil }

  static func < (lhs: ModelKey, rhs: ModelKey) -> Bool { lhs.index < rhs.index }
}
