extension Mapper {
  /// Contributes one value to a keyed collection under a key of your choosing, built by a
  /// factory: a new value for every resolution unless a scope says otherwise.
  ///
  /// Contributions under keys of one key type make a dictionary, which
  /// ``Injector/resolveAll(_:keyedBy:named:)`` (or `@Injected(all:keyedBy:)`) returns whole and
  /// ``Injector/resolve(_:forKey:named:)`` one entry of: route handlers by path, parsers by
  /// file extension, feature flags by name.
  ///
  /// ```swift
  /// injector.contribute((any Parser).self, forKey: "json") { _ in JSONParser() }
  /// injector.contribute((any Parser).self, forKey: "csv", scope: .singleton) { injector in
  ///   CSVParser(locale: try injector.resolve())
  /// }
  /// let parsers = try injector.resolveAll((any Parser).self, keyedBy: String.self)
  /// // ["json": JSONParser, "csv": CSVParser]
  /// ```
  ///
  /// The key is any `Hashable & Sendable` value: a string, an enum. One injector holds one
  /// entry per key: contributing a key that this injector already holds (directly or through
  /// a module) is an ``InjectionError/invalidMapping(key:reason:)`` that names both
  /// contributions, which stops the program for a direct contribution and is thrown by
  /// ``Injector/addModule(_:)``; pass `overriding: true` to make the later one win instead. A
  /// child injector's entry wins over its parent's of the same key, as its mappings do, without
  /// `overriding`. Removing a module removes exactly its entries, and an entry it overrode is
  /// in force again.
  ///
  /// Each entry has its own scope and cached value, as an unkeyed contribution
  /// (``Mapper/contribute(_:named:scope:_:)``) has; keyed collections are apart from the
  /// unkeyed ones and from ordinary mappings.
  ///
  /// - Parameters:
  ///   - type: The collection's element type; what the factory returns must convert to it.
  ///   - entryKey: The dictionary key the value is stored under.
  ///   - name: A name, to keep several collections of one element and key type apart.
  ///   - scope: How long the value lives; transient by default (see ``MappingScope``). In a
  ///     ``MappingScope/resettable(_:)`` scope the value is cached until ``Injector/reset(_:)``
  ///     drops (and disposes) it, as a mapping's is.
  ///   - overriding: Whether this entry replaces an entry of the same key that this injector
  ///     holds already, instead of being an error; the replaced entry is in force again once
  ///     this one's module is removed.
  ///   - factory: Builds the value; it receives the injector that owns a cached value, or the
  ///     injector that was asked for a transient one.
  @inlinable
  public func contribute<EntryKey: Hashable & Sendable, Element>(
    _ type: Element.Type, forKey entryKey: EntryKey, named name: String? = nil,
    scope: MappingScope<Element> = .transient, overriding: Bool = false,
    _ factory: @escaping @Sendable (Injector) throws -> Element
  ) {
    add(
      Mapping(
        contributing: Registration<Element>.self, forKey: entryKey, named: name,
        scope: scope.scope, resettableScope: scope.resettableScope, overriding: overriding,
        factory: factory))
  }

  /// Contributes an instance you built to a keyed collection under a key of your choosing;
  /// every resolution of the collection holds it.
  ///
  /// ```swift
  /// injector.contribute(FeatureFlag.self, forKey: "new-checkout", to: FeatureFlag(isOn: true))
  /// ```
  ///
  /// `to:` names an instance on every verb, as in ``Mapper/map(_:named:to:)``. The injector
  /// does not inject into the instance and does not call its hook. A key contributed twice in
  /// one injector is an error unless the later one says `overriding: true`, as in
  /// ``Mapper/contribute(_:forKey:named:scope:overriding:_:)``.
  ///
  /// - Parameters:
  ///   - type: The collection's element type.
  ///   - entryKey: The dictionary key the value is stored under.
  ///   - name: A name, to keep several collections of one element and key type apart.
  ///   - overriding: Whether this entry replaces an entry of the same key that this injector
  ///     holds already, instead of being an error.
  ///   - instance: The value to contribute.
  @inlinable
  public func contribute<EntryKey: Hashable & Sendable, Element: Sendable>(
    _ type: Element.Type, forKey entryKey: EntryKey, named name: String? = nil,
    overriding: Bool = false, to instance: Element
  ) {
    add(
      Mapping(
        contributing: Registration<Element>.self, forKey: entryKey, named: name,
        overriding: overriding, instance: instance))
  }
}
