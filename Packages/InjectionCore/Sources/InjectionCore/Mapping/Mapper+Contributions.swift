extension Mapper {
  /// Contributes one value to a collection, built by a factory: a new value for every
  /// resolution of the collection unless a scope says otherwise.
  ///
  /// Several contributions to one element type make a collection, which
  /// ``Injector/resolveAll(_:named:)`` (or `@Injected(all:)`) returns whole, for plugins, log
  /// destinations or middleware chains:
  ///
  /// ```swift
  /// injector.contribute((any LogDestination).self) { _ in ConsoleLog() }
  /// injector.contribute((any LogDestination).self, scope: .singleton) { injector in
  ///   FileLog(clock: try injector.resolve())
  /// }
  /// let destinations = try injector.resolveAll((any LogDestination).self)  // 2 values
  /// ```
  ///
  /// Each contribution has its own scope and its own cached value: two singleton
  /// contributions are two values, each built once by the injector that holds it. An
  /// ``MappingScope/eagerSingleton`` is built when it is contributed on an ``Injector``, or
  /// when its module is added.
  ///
  /// A contribution never replaces another, and it does not map the element type: it is
  /// kept apart from the ordinary mappings. Made on an injector, it is a direct contribution
  /// (``Injector/removeContributions(to:named:)`` removes it); made in a module's `configure`,
  /// it is removed with the module.
  ///
  /// - Parameters:
  ///   - type: The collection's element type; what the factory returns must convert to it.
  ///   - name: A name, to keep several collections of one type apart.
  ///   - scope: How long the value lives; transient by default (see ``MappingScope``). In a
  ///     ``MappingScope/resettable(_:)`` scope the value is cached until ``Injector/reset(_:)``
  ///     drops (and disposes) it, as a mapping's is.
  ///   - factory: Builds the value; it receives the injector that owns a cached value, or the
  ///     injector that was asked for a transient one.
  @inlinable
  public func contribute<Element>(
    _ type: Element.Type, named name: String? = nil, scope: MappingScope<Element> = .transient,
    _ factory: @escaping @Sendable (Injector) throws -> Element
  ) {
    add(
      Mapping(
        contributing: Registration<Element>.self, named: name,
        scope: scope.scope, resettableScope: scope.resettableScope, factory: factory))
  }

  /// Contributes an instance you built to a collection; every resolution of the collection
  /// holds it.
  ///
  /// ```swift
  /// injector.contribute((any LogDestination).self, to: MemoryLog())
  /// ```
  ///
  /// `to:` names an instance on every verb, as in ``Mapper/map(_:named:to:)``. The injector
  /// does not inject into the instance and does not call its hook.
  ///
  /// - Parameters:
  ///   - type: The collection's element type.
  ///   - name: A name, to keep several collections of one type apart.
  ///   - instance: The value to contribute.
  @inlinable
  public func contribute<Element: Sendable>(
    _ type: Element.Type, named name: String? = nil, to instance: Element
  ) {
    add(Mapping(contributing: Registration<Element>.self, named: name, instance: instance))
  }

  /// Contributes an instance you built to a collection: the spelling `main` had before 0.2.0
  /// (never in a release) of ``Mapper/contribute(_:named:to:)``.
  ///
  /// - Parameters:
  ///   - type: The collection's element type.
  ///   - name: A name, to keep several collections of one type apart.
  ///   - instance: The value to contribute.
  @available(*, deprecated, renamed: "contribute(_:named:to:)")
  @inlinable
  public func contribute<Element: Sendable>(
    _ type: Element.Type, named name: String? = nil, instance: Element
  ) {
    contribute(type, named: name, to: instance)
  }
}
