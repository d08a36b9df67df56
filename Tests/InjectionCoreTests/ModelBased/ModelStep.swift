/// One operation of a model-based sequence, on injectors and modules named by number.
///
/// Injector `0` exists from the start; `makeChild` and `makeCopy` name the injector they create
/// (`i3`), so that dropping a step while shrinking never renumbers the others. A step that names
/// an injector that does not exist (its creation was dropped, or failed) is skipped, by the model
/// and by the system under test alike. Modules are the scenario's ``ModuleSpec``s, by id.
enum ModelStep: Hashable, Sendable {
  case map(ModelKey, Recipe, on: Int)
  case unmap(ModelKey, on: Int)
  case resolve(ModelKey, on: Int)
  case resolveOptional(ModelKey, on: Int)
  case isMapped(ModelKey, on: Int)
  case addModule(Int, on: Int)
  case removeModule(Int, on: Int)
  /// `removeModule(SpecModule.self)`: every module of the injector.
  case removeEveryModule(on: Int)
  case replaceModule(Int, with: Int, on: Int)
  case hasModule(Int, on: Int)
  case makeChild(Int, of: Int)
  case makeCopy(Int, of: Int, applying: [CopyChange])

  /// The injectors the step needs to exist.
  var injectorsUsed: [Int] {
    switch self {
    case .map(_, _, let injector), .unmap(_, let injector), .resolve(_, let injector),
      .resolveOptional(_, let injector), .isMapped(_, let injector),
      .addModule(_, let injector), .removeModule(_, let injector),
      .removeEveryModule(let injector), .replaceModule(_, _, let injector),
      .hasModule(_, let injector), .makeChild(_, let injector), .makeCopy(_, let injector, _):
      [injector]
    }
  }

  /// The injector the step creates, if any.
  var injectorCreated: Int? {
    switch self {
    case .makeChild(let created, _), .makeCopy(let created, _, _): created
    default: nil
    }
  }

  /// The modules the step names.
  var modulesUsed: [Int] {
    switch self {
    case .addModule(let module, _), .removeModule(let module, _), .hasModule(let module, _):
      [module]
    case .replaceModule(let old, let new, _): [old, new]
    case .makeCopy(_, _, let changes):
      changes.compactMap {
        guard case .removeModule(let module) = $0 else { return nil }
        return module
      }
    default: []
    }
  }

  /// The step with injector `old` replaced by `new` wherever it names it.
  func replacingInjector(_ old: Int, with new: Int) -> ModelStep {
    let swap = { (injector: Int) in injector == old ? new : injector }
    return switch self {
    case .map(let key, let recipe, let injector): .map(key, recipe, on: swap(injector))
    case .unmap(let key, let injector): .unmap(key, on: swap(injector))
    case .resolve(let key, let injector): .resolve(key, on: swap(injector))
    case .resolveOptional(let key, let injector): .resolveOptional(key, on: swap(injector))
    case .isMapped(let key, let injector): .isMapped(key, on: swap(injector))
    case .addModule(let module, let injector): .addModule(module, on: swap(injector))
    case .removeModule(let module, let injector): .removeModule(module, on: swap(injector))
    case .removeEveryModule(let injector): .removeEveryModule(on: swap(injector))
    case .replaceModule(let old, let new, let injector):
      .replaceModule(old, with: new, on: swap(injector))
    case .hasModule(let module, let injector): .hasModule(module, on: swap(injector))
    case .makeChild(let child, let parent): .makeChild(child, of: swap(parent))
    case .makeCopy(let copy, let original, let changes):
      .makeCopy(copy, of: swap(original), applying: changes)
    }
  }
}

/// A change made inside `makeCopy(label:applying:)`, before the copy's eager singletons are built.
enum CopyChange: Hashable, Sendable {
  case map(ModelKey, Recipe)
  case unmap(ModelKey)
  case removeModule(Int)
}
