import InjectionCore

/// A module that maps the entries of a ``ModuleSpec``, in order, each time it is configured.
final class SpecModule: InjectionModule {
  let spec: ModuleSpec
  let recipes: RecipeBook

  init(spec: ModuleSpec, recipes: RecipeBook) {
    self.spec = spec
    self.recipes = recipes
  }

  func configure(_ mappings: ModuleMappings) {
    for entry in spec.entries {
      recipes.map(entry.key, entry.recipe, on: mappings)
    }
  }
}
