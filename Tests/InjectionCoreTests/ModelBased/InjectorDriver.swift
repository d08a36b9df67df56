import InjectionCore

/// Performs model-based steps on a system under test and reports what each did.
///
/// The ``ModelChecker`` drives one of these beside a ``ReferenceModel`` and compares their
/// observations. ``LibraryDriver`` drives InjectionCore itself; ``PlantedBugDriver`` drives it
/// with a deliberate bug, to show that the checker finds and shrinks one.
protocol InjectorDriver: AnyObject {
  /// Performs `step`, which names only injectors that exist, and reports what it did, with the
  /// answers to `probe` afterwards.
  func perform(_ step: ModelStep, probing probe: MappingProbe) -> StepOutcome
}

/// Drives InjectionCore through its public API: injector `n` is labelled `"i<n>"`, the scenario's
/// modules are ``SpecModule``s, and every value is stamped by the run's ``BuildLedger``.
class LibraryDriver: InjectorDriver {
  let ledger = BuildLedger()
  let recipes: RecipeBook
  /// The injectors that exist, by number.
  var injectors: [Int: Injector] = [0: Injector(label: "i0")]
  /// The scenario's modules, by id.
  let modules: [Int: SpecModule]

  required init(modules specs: [ModuleSpec]) {
    recipes = RecipeBook(ledger: ledger)
    let recipes = recipes
    modules = Dictionary(
      uniqueKeysWithValues: specs.map { ($0.id, SpecModule(spec: $0, recipes: recipes)) })
  }

  func perform(_ step: ModelStep, probing probe: MappingProbe) -> StepOutcome {
    BuildLedger.$current.withValue(ledger) {
      let before = ledger.builds
      let result: StepOutcome.Result
      do throws(InjectionError) {
        result = try outcome(of: step)
      } catch {
        result = .failed(StepFailure(error))
      }
      let mapped = probe.answers(injectors: injectors.keys) { key, injector in
        RecipeBook.isMapped(key, on: injectors[injector]!)
      }
      return StepOutcome(
        result: result, builds: ledger.builds - before,
        probedKeys: mapped.isEmpty ? [] : probe.keys, mappedKeys: mapped)
    }
  }

  /// Performs `step` on the library; a planted bug overrides this.
  func outcome(of step: ModelStep) throws(InjectionError) -> StepOutcome.Result {
    switch step {
    case .map(let key, let recipe, let injector):
      recipes.map(key, recipe, on: injectors[injector]!)
      return .done
    case .unmap(let key, let injector):
      RecipeBook.unmap(key, from: injectors[injector]!)
      return .done
    case .resolve(let key, let injector):
      return .value(try RecipeBook.resolve(key, from: injectors[injector]!))
    case .resolveOptional(let key, let injector):
      return try RecipeBook.resolveOptional(key, from: injectors[injector]!).map { .value($0) }
        ?? .noValue
    case .isMapped(let key, let injector):
      return .answer(RecipeBook.isMapped(key, on: injectors[injector]!))
    case .addModule(let module, let injector):
      try injectors[injector]!.addModule(modules[module]!)
      return .done
    case .removeModule(let module, let injector):
      return .answer(injectors[injector]!.removeModule(modules[module]!))
    case .removeEveryModule(let injector):
      return .count(injectors[injector]!.removeModule(SpecModule.self))
    case .replaceModule(let old, let new, let injector):
      return .answer(try injectors[injector]!.replaceModule(modules[old]!, with: modules[new]!))
    case .hasModule(let module, let injector):
      return .answer(injectors[injector]!.hasModule(modules[module]!))
    case .makeChild(let child, let parent):
      injectors[child] = injectors[parent]!.makeChild(label: "i\(child)")
      return .done
    case .makeCopy(let copy, let original, let changes):
      injectors[copy] = try injectors[original]!.makeCopy(label: "i\(copy)") { copy in
        apply(changes, to: copy)
      }
      return .done
    }
  }

  /// Makes the changes of a `makeCopy` step on `injector`.
  func apply(_ changes: [CopyChange], to injector: Injector) {
    for change in changes {
      switch change {
      case .map(let key, let recipe): recipes.map(key, recipe, on: injector)
      case .unmap(let key): RecipeBook.unmap(key, from: injector)
      case .removeModule(let module): injector.removeModule(modules[module]!)
      }
    }
  }
}
