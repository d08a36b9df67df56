extension Mapping {
  /// An alias: a mapping of `Alias` (with `name`) that resolves `Target` (with `targetName`)
  /// from the injector asked, and converts its value with `conversion`.
  ///
  /// Its recipe is ``MappingSnapshot/Recipe/factory`` (a case of its own would break the
  /// exhaustive `switch`es of apps over that public enum): what makes it an alias is its
  /// ``AliasRecipe``. Transient itself, so that the target's scope alone decides whether values are shared; its
  /// hook is never called (the target's mapping completed the value). The target key is kept
  /// for ``Injector/snapshot()`` and for removing the alias with its target.
  @usableFromInline
  init<Alias, Target>(
    aliasing kind: Registration<Alias>.Type, named name: String?, to target: Target.Type,
    named targetName: String?, conversion: @escaping @Sendable (Target) -> Alias
  ) {
    registration = kind.init(
      key: Key(Alias.self, named: name), scope: .transient,
      factory: { injector in conversion(try injector.resolve(Target.self, named: targetName)) },
      staticHook: nil, recipe: .factory,
      aliasRecipe: AliasRecipe(target: Key(Target.self, named: targetName)))
  }
}
