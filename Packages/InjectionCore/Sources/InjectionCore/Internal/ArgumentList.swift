/// The arguments of one resolution of a mapping that takes arguments, on their way from
/// `resolve(_:named:arguments:)` to the mapping's factory.
struct ArgumentList {
  /// The first argument.
  let first: Any
  /// The other arguments, as a tuple (`()` when there is none).
  let rest: Any
  /// The arguments' types, as code writes them, for diagnostics.
  let typeNames: [String]

  init<First, each Rest>(_ first: First, _ rest: repeat each Rest) {
    self.first = first
    self.rest = (repeat each rest)
    self.typeNames = Self.typeNames(of: First.self, repeat (each Rest).self)
  }

  /// The names of `types`, as code writes them.
  static func typeNames<First, each Rest>(
    of first: First.Type, _ rest: repeat (each Rest).Type
  ) -> [String] {
    var names = [InjectionKey(first).unqualifiedTypeName]
    for type in repeat each rest {
      names.append(InjectionKey(type).unqualifiedTypeName)
    }
    return names
  }
}
