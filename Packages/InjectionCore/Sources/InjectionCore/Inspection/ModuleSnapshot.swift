/// A module an injector held at the moment a snapshot was taken.
///
/// Part of an ``InjectorSnapshot``.
public struct ModuleSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// The module's type name, module-qualified (`CarDemo.GarageModule`).
  public let name: String
  /// The keys its `configure` mapped, in the order it mapped them.
  public let keys: [InjectionKey]
  /// The collection keys its `configure` contributed to, once per contribution, in the order
  /// it contributed them; each key's type is the array `[Element]`.
  public let contributionKeys: [InjectionKey]

  /// Creates a module snapshot; injectors make these, and tests can compare against them.
  ///
  /// - Parameters:
  ///   - name: The module's type name.
  ///   - keys: The keys it mapped, in order.
  ///   - contributionKeys: The collection keys it contributed to, in order.
  package init(name: String, keys: [InjectionKey], contributionKeys: [InjectionKey] = []) {
    self.name = name
    self.keys = keys
    self.contributionKeys = contributionKeys
  }

  /// The name and the keys: `CarDemo.GarageModule: Garage, Engine`, then the collections
  /// it contributes to: `; contributes Array<Horn>`.
  public var description: String {
    description(names: KeyNames(keys + contributionKeys))
  }

  /// The name and the keys, written as `names` writes them.
  func description(names: KeyNames) -> String {
    let mapped = keys.map { names[$0] }.joined(separator: ", ")
    guard !contributionKeys.isEmpty else { return "\(name): " + mapped }
    let contributed = "contributes " + contributionKeys.map { names[$0] }.joined(separator: ", ")
    return "\(name): " + (mapped.isEmpty ? contributed : mapped + "; " + contributed)
  }
}
