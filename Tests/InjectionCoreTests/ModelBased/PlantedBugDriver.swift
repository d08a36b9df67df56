import InjectionCore

/// A bug planted on purpose between the checker and the library, to show that the model-based
/// test finds a wrong behaviour and shrinks it to a few steps.
enum PlantedBug: CaseIterable, Sendable {
  /// Removing a module also drops what its mappings shadowed, as Gummi Injection did.
  case removeModuleForgetsWhatItShadowed
  /// `makeCopy` makes a child: the copy sees its original's later mappings and shares its
  /// singletons.
  case copyIsAChildOfItsOriginal
  /// `makeChild` makes a copy: the child misses its parent's later mappings and builds its own
  /// singletons.
  case childIsACopyOfItsParent
  /// A direct transient mapping keeps its first value, like a singleton.
  case transientsAreCached
}

/// Drives InjectionCore as ``LibraryDriver`` does, except for one ``PlantedBug``.
final class PlantedBugDriver: LibraryDriver {
  /// The bug, set before the first step.
  var bug = PlantedBug.removeModuleForgetsWhatItShadowed

  /// A driver for `specs` with `bug` planted.
  convenience init(_ bug: PlantedBug, modules specs: [ModuleSpec]) {
    self.init(modules: specs)
    self.bug = bug
  }

  override func outcome(of step: ModelStep) throws(InjectionError) -> StepOutcome.Result {
    switch (bug, step) {
    case (.removeModuleForgetsWhatItShadowed, .removeModule(let module, let injector)):
      let removed = injectors[injector]!.removeModule(modules[module]!)
      if removed {
        for entry in modules[module]!.spec.entries {
          RecipeBook.unmap(entry.key, from: injectors[injector]!)
        }
      }
      return .answer(removed)
    case (.copyIsAChildOfItsOriginal, .makeCopy(let copy, let original, let changes)):
      injectors[copy] = injectors[original]!.makeChild(label: "i\(copy)")
      apply(changes, to: injectors[copy]!)
      return .done
    case (.childIsACopyOfItsParent, .makeChild(let child, let parent)):
      injectors[child] = try injectors[parent]!.makeCopy(label: "i\(child)")
      return .done
    case (.transientsAreCached, .map(let key, let recipe, let injector))
    where recipe.scope == .transient:
      let cached = Recipe(
        tag: recipe.tag, scope: .singleton, dependency: recipe.dependency, fails: recipe.fails)
      recipes.map(key, cached, on: injectors[injector]!)
      return .done
    default:
      return try super.outcome(of: step)
    }
  }
}
