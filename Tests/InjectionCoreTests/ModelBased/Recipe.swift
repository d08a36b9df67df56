/// How a mapping is made: its scope, and what its factory does.
struct Recipe: Hashable, Sendable {
  /// A mapping's scope; `instance` is `map(_:to:)`.
  enum Scope: Hashable, Sendable {
    case transient, singleton, eagerSingleton, graph, instance

    /// Whether the mapping keeps its value (built by the injector that holds the mapping).
    var isCached: Bool { self == .singleton || self == .eagerSingleton || self == .instance }
  }

  /// The mapping's number; every value it makes carries it (``Stamp/tag``).
  let tag: Int
  let scope: Scope
  /// The key the factory resolves first, from the injector it receives.
  let dependency: ModelKey?
  /// Whether the factory throws instead of making a value.
  let fails: Bool
}
