/// The values of ``Scope/graph`` mappings built during the outermost build on one thread's path,
/// by registration; dropped when that build ends.
///
/// Owned by ``ResolutionContext``. Each entry holds its registration: the key's address stays
/// that registration's for as long as the value is kept, so a mapping made in its place while
/// the graph is built (unmapped and mapped again, or another type's) is never served the old
/// mapping's value.
struct GraphValues {
  private var values: [ObjectIdentifier: (registration: AnyRegistration, value: Any)] = [:]

  var isEmpty: Bool { values.isEmpty }

  /// The value kept for `registration` in this graph, if any.
  func value(of registration: AnyRegistration) -> Any? {
    values[ObjectIdentifier(registration)]?.value
  }

  /// Keeps `value` for `registration` until the graph is over.
  mutating func keep(_ value: Any, of registration: AnyRegistration) {
    values[ObjectIdentifier(registration)] = (registration, value)
  }

  /// Ends the graph; returns what it kept, for the caller to release once its own state is
  /// consistent again.
  mutating func takeAll() -> [ObjectIdentifier: (registration: AnyRegistration, value: Any)] {
    defer { values = [:] }
    return values
  }
}
