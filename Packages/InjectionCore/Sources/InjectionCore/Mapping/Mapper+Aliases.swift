extension Mapper {
  /// Maps a key to another key's mapping, so that one mapping serves several keys: an alias.
  ///
  /// A service that several protocols describe is mapped once, under its own key, and each
  /// protocol is an alias of it; the compiler checks the conversion, which for a protocol the
  /// service conforms to (or a superclass) is written `{ $0 }`:
  ///
  /// ```swift
  /// injector.map(TicketService.self, scope: .singleton) { _ in TicketService() }
  /// injector.alias((any Reserving).self, to: TicketService.self) { $0 }
  /// injector.alias((any Purchasing).self, to: TicketService.self) { $0 }
  ///
  /// let reserving = try injector.resolve((any Reserving).self)   // the one TicketService
  /// ```
  ///
  /// Resolving the alias resolves the target key, from the injector that was asked, and
  /// converts its value; so the target's scope decides what the alias returns (a singleton's
  /// one value, a new transient value each time, the object of a `.weak` mapping while it
  /// lives, a graph's shared value), and a child injector that maps the target key itself
  /// serves its own value through an alias its parent made, as it would to a transient
  /// factory's dependency. The alias itself holds no value and never calls a hook: the
  /// target's mapping built and completed the value.
  ///
  /// Unmapping the target key (``Injector/unmap(_:named:)``, or removing the module that
  /// mapped it, when no other mapping of it is left) removes the aliases of it made on the
  /// same injector. Mapping the alias's key again (with `map`, or another `alias`) replaces the
  /// alias, as it replaces any mapping; made in a module's `configure`, the alias is removed
  /// with the module. Resolving an alias whose target is mapped nowhere in the chain throws
  /// ``InjectionError/notMapped(key:path:searched:mappedNames:)`` for the target, with the path through
  /// the alias, and `validate()` reports it.
  ///
  /// An alias resolves its target synchronously, even from
  /// ``Injector/resolveAsync(_:named:)->T``: the alias of an `async` mapping (or of a
  /// `@MainActor` one, off the main actor) returns its value once it is built, by
  /// ``Injector/prepare()`` or an awaited resolution of the target key, and throws the
  /// target's ``InjectionError/asyncMapping(key:path:)`` until then.
  ///
  /// - Parameters:
  ///   - type: The alias's key type, usually a protocol the target conforms to.
  ///   - name: A name for the alias's key, to keep several mappings for one type apart.
  ///   - target: The type of the key whose mapping makes the values.
  ///   - targetName: The target key's name, or `nil` for its unnamed key.
  ///   - conversion: Turns the target's value into the alias's type; `{ $0 }` for a protocol
  ///     or a superclass. Called on every resolution of the alias.
  @inlinable
  public func alias<Alias, Target>(
    _ type: Alias.Type, named name: String? = nil, to target: Target.Type,
    targetNamed targetName: String? = nil, _ conversion: @escaping @Sendable (Target) -> Alias
  ) {
    add(
      Mapping(
        aliasing: Registration<Alias>.self, named: name, to: target, named: targetName,
        conversion: conversion))
  }
}
