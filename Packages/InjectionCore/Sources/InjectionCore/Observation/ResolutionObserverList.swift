/// The observers of one injector, guarded by its `observers` mutex.
struct ResolutionObserverList {
  struct Entry {
    let id: Int
    let observer: @Sendable (ResolutionEvent) -> Void
  }

  var entries: [Entry] = []
  var nextID = 0
  /// The display names of the types that observed resolutions named.
  ///
  /// Keyed by the type's identity (a metatype lives as long as the process): building a name (`String(reflecting:)`) cost
  /// more than the resolution it describes, once per event and per key of its path. Filled only
  /// while the injector is observed.
  var typeNames: [ObjectIdentifier: String] = [:]

  /// The public form of `key`, its type's name built once per type.
  mutating func publicKey(of key: Key) -> InjectionKey {
    if let typeName = typeNames[key.id] {
      return InjectionKey(
        type: key.type, typeName: typeName, name: key.name,
        isProtocol: key.isExistential)
    }
    let publicKey = key.publicKey
    typeNames[key.id] = publicKey.typeName
    return publicKey
  }
}
