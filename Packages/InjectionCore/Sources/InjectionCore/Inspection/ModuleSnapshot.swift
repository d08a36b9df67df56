/// A module an injector held at the moment a snapshot was taken.
///
/// Part of an ``InjectorSnapshot``.
public struct ModuleSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// The module's type name, module-qualified (`CarDemo.GarageModule`).
  public let name: String
  /// The keys its `configure` mapped, in the order it mapped them.
  public let keys: [InjectionKey]

  /// Creates a module snapshot; injectors make these, and tests can compare against them.
  ///
  /// - Parameters:
  ///   - name: The module's type name.
  ///   - keys: The keys it mapped, in order.
  package init(name: String, keys: [InjectionKey]) {
    self.name = name
    self.keys = keys
  }

  /// The name and the keys: `CarDemo.GarageModule: Garage, Engine`.
  public var description: String {
    description(names: KeyNames(keys))
  }

  /// The name and the keys, written as `names` writes them.
  func description(names: KeyNames) -> String {
    "\(name): " + keys.map { names[$0] }.joined(separator: ", ")
  }
}
