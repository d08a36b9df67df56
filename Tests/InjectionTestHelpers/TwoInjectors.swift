public import InjectionCore

/// A ``Mapper`` that adds each mapping to two injectors, as a user's mapper might.
///
/// One ``Mapping`` added to two injectors must give each its own registration: a singleton is
/// built once per injector, never shared and never built twice by the same injector.
public struct TwoInjectors: Mapper, Sendable {
  /// The injector that gets each mapping first.
  public let first: Injector
  /// The injector that gets each mapping second.
  public let second: Injector

  /// Makes a mapper that adds to `first`, then to `second`.
  public init(first: Injector, second: Injector) {
    self.first = first
    self.second = second
  }

  /// Adds `mapping` to both injectors.
  ///
  /// - Parameter mapping: The mapping that one of the `map` methods made.
  public func add(_ mapping: Mapping) {
    first.add(mapping)
    second.add(mapping)
  }
}
