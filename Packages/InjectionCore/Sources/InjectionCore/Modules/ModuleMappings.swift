/// The mappings a module makes while it is configured.
///
/// An ``InjectionModule`` receives one in ``InjectionModule/configure(_:)`` and maps on it with
/// the same methods as on an ``Injector``. The injector adds them all at once when the module is
/// added, records them, and removes exactly them when the module is removed.
public final class ModuleMappings: Mapper {
  private(set) var mappings: [Mapping] = []

  init() {}

  /// Records a mapping for the module being configured.
  ///
  /// - Parameter mapping: The mapping that a `map` method made.
  public func add(_ mapping: Mapping) {
    mappings.append(mapping)
  }
}
