/// A scope whose values are never shared between threads: ``transient`` or ``graph``; the
/// 0.1.0 type of the `scope:` parameter of the `map` methods that take any type.
///
/// ``MappingScope`` replaced it: `scope: .transient` and `scope: .graph` compile as before; a
/// variable of this type becomes a `MappingScope<Value>` (`.transient` or `.graph`).
@available(
  *, deprecated, message: "MappingScope replaces UnsharedScope: write .transient or .graph"
)
public enum UnsharedScope: Sendable, Hashable, CustomStringConvertible {
  /// A new value for every resolution: ``Scope/transient``.
  case transient

  /// One value per top-level resolution, kept on the resolving thread: ``Scope/graph``.
  case graph

  /// The ``Scope`` it stands for.
  public var scope: Scope {
    switch self {
    case .transient: .transient
    case .graph: .graph
    }
  }

  /// The scope's name, as in source code: `transient` or `graph`.
  public var description: String { scope.description }
}
