extension Registry {
  /// What a snapshot needs of this registry, read with its mutex held: a record per active
  /// mapping, the owners it shadows, and the modules.
  ///
  /// Nothing here retains a built value, and no string is built: ``Injector/snapshot()`` turns
  /// the records into ``MappingSnapshot`` values after the mutex is unlocked.
  func inspectionRecords() -> RegistryRecords {
    var mappings: [(record: InspectionRecord, shadowed: [ObjectIdentifier?])] = []
    active.forEachRegistration { registration in
      let layers = shadowedLayers(of: registration.key)
      mappings.append((registration.inspectionRecord(), layers.reversed().map(\.owner)))
    }
    let modules = modules.map { (type: type(of: $0.module) as Any.Type, id: $0.id, keys: $0.keys) }
    return RegistryRecords(mappings: mappings, modules: modules)
  }
}

/// A registry's mappings and modules as ``Registry/inspectionRecords()`` read them.
struct RegistryRecords {
  let mappings: [(record: InspectionRecord, shadowed: [ObjectIdentifier?])]
  let modules: [(type: Any.Type, id: ObjectIdentifier, keys: [Key])]
}
