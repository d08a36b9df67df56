/// How long a mapped value lives, and who shares it.
public enum Scope: Sendable, Hashable, CustomStringConvertible {
  /// A new value for every resolution. Built by the injector that was asked, so a child
  /// injector's overrides reach its dependencies.
  case transient

  /// One value per injector that owns the mapping, built on first use. Children share it.
  case singleton

  /// Like ``singleton``, but built as soon as the mapping is made (or its module added), so a
  /// failure shows at start-up rather than at first use.
  case eagerSingleton

  /// Shared while someone else holds it: the injector keeps only a weak reference and builds a
  /// new value once the last strong reference is gone. The value must be an object.
  case weak

  /// One value per top-level resolution: every request for the key while one `resolve` (or
  /// first `@Injected` read) builds its graph gets the same value; the next top-level
  /// resolution gets a new one.
  ///
  /// Values are kept per thread for the duration of the outermost build, so two resolutions
  /// that run at the same time on different threads never share one. Like a transient, it is
  /// built by the injector that was asked.
  case graph

  /// The scope's name, as in source code: `transient`, `singleton`, `eagerSingleton`, `weak`,
  /// `graph`.
  public var description: String {
    switch self {
    case .transient: "transient"
    case .singleton: "singleton"
    case .eagerSingleton: "eagerSingleton"
    case .weak: "weak"
    case .graph: "graph"
    }
  }
}
