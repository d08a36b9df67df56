/// Runs scenarios on an ``InjectorDriver`` beside a ``ReferenceModel``, compares them after
/// every step, and shrinks a scenario on which they diverge.
///
/// Shrinking is delta debugging: drop chunks of steps, halving the chunk size down to single
/// steps, keeping any candidate that still diverges (cut after its divergence); then simplify
/// what is left (a recipe without its dependency, failure or scope; a copy without a change; a
/// module without an entry), and start again until nothing more can go.
struct ModelChecker {
  /// Where a run diverged.
  struct Divergence: Hashable {
    /// The index of the step in the scenario.
    let index: Int
    let expected: StepOutcome
    let observed: StepOutcome
  }

  /// A scenario and where it diverges.
  typealias Finding = (scenario: Scenario, divergence: Divergence)

  /// How many steps each seed's scenario has.
  let steps: Int
  /// Makes the system under test for a scenario's modules.
  let makeDriver: ([ModuleSpec]) -> any InjectorDriver

  /// The scenario of `seed`.
  func scenario(seed: UInt64) -> Scenario {
    ScenarioGenerator.scenario(seed: seed, steps: steps)
  }

  /// The first divergence among the scenarios of `seeds`, shrunk; `nil` if every run agrees.
  func firstDivergence(seeds: some Sequence<UInt64>) -> DivergenceReport? {
    for seed in seeds {
      let scenario = scenario(seed: seed)
      guard let divergence = run(scenario) else { continue }
      let (shrunk, last) = shrink(scenario, divergence)
      return DivergenceReport(
        seed: seed, scenarioSteps: steps, divergedAt: divergence.index, scenario: shrunk,
        divergence: last)
    }
    return nil
  }

  /// Runs `scenario` and returns its first divergence, if any.
  func run(_ scenario: Scenario) -> Divergence? {
    var model = ReferenceModel(modules: scenario.modules)
    let driver = makeDriver(scenario.modules)
    for (index, step) in scenario.steps.enumerated() where model.canPerform(step) {
      let probe = MappingProbe(after: step, in: scenario)
      let expected = model.perform(step, probing: probe)
      let observed = driver.perform(step, probing: probe)
      if !expected.agrees(with: observed, for: step) {
        return Divergence(index: index, expected: expected, observed: observed)
      }
    }
    return nil
  }

  // MARK: - Shrinking

  /// A smaller scenario that still diverges, and its divergence.
  func shrink(_ scenario: Scenario, _ divergence: Divergence) -> (Scenario, Divergence) {
    var best: Finding = (scenario, divergence)
    normalize(&best)
    var improved = true
    while improved {
      improved = dropSteps(&best)
      improved = simplify(&best) || improved
    }
    let used = Set(best.scenario.steps.flatMap(\.modulesUsed))
    best.scenario.modules.removeAll { !used.contains($0.id) }
    return best
  }

  /// Cuts the scenario after its divergence, without the steps that the model skips.
  private func normalize(_ best: inout Finding) {
    var steps = Array(best.scenario.steps.prefix(best.divergence.index + 1))
    var model = ReferenceModel(modules: best.scenario.modules)
    steps = steps.filter { step in
      guard model.canPerform(step) else { return false }
      _ = model.perform(step, probing: MappingProbe(after: step, in: best.scenario))
      return true
    }
    var normalized = best.scenario
    normalized.steps = steps
    // Skipped steps change nothing, so this diverges at the same step.
    if let divergence = run(normalized) { best = (normalized, divergence) }
  }

  /// Keeps `candidate` if it still diverges.
  private func keep(_ candidate: Scenario, in best: inout Finding) -> Bool {
    guard let divergence = run(candidate) else { return false }
    best = (candidate, divergence)
    normalize(&best)
    return true
  }

  /// Drops chunks of steps, then single steps; whether any went.
  private func dropSteps(_ best: inout Finding) -> Bool {
    var dropped = false
    var chunk = max(1, best.scenario.steps.count / 2)
    while true {
      var start = 0
      var droppedAtThisSize = false
      while start < best.scenario.steps.count {
        var candidate = best.scenario
        candidate.steps.removeSubrange(start..<min(start + chunk, candidate.steps.count))
        if keep(candidate, in: &best) {
          droppedAtThisSize = true
        } else {
          start += chunk
        }
      }
      dropped = dropped || droppedAtThisSize
      if chunk == 1 && !droppedAtThisSize { return dropped }
      chunk = max(1, chunk / 2)
    }
  }

  /// Tries each simplification of each step and module once; whether any held.
  private func simplify(_ best: inout Finding) -> Bool {
    var simplified = false
    var index = 0
    // An injector made with makeChild or makeCopy becomes the one it was made from.
    while index < best.scenario.steps.count {
      let step = best.scenario.steps[index]
      if let created = step.injectorCreated, let origin = step.injectorsUsed.first {
        var candidate = best.scenario
        candidate.steps.remove(at: index)
        candidate.steps = candidate.steps.map { $0.replacingInjector(created, with: origin) }
        if keep(candidate, in: &best) {
          simplified = true
          continue
        }
      }
      index += 1
    }
    index = 0
    while index < best.scenario.steps.count {
      for simpler in simplifications(of: best.scenario.steps[index]) {
        var candidate = best.scenario
        candidate.steps[index] = simpler
        if keep(candidate, in: &best) {
          simplified = true
          break
        }
      }
      index += 1
    }
    for (position, module) in best.scenario.modules.enumerated() {
      for entry in module.entries.indices {
        var entries = module.entries
        entries.remove(at: entry)
        var candidate = best.scenario
        candidate.modules[position] = ModuleSpec(id: module.id, entries: entries)
        if keep(candidate, in: &best) {
          simplified = true
          break
        }
      }
    }
    return simplified
  }

  /// Simpler versions of a step, simplest first.
  private func simplifications(of step: ModelStep) -> [ModelStep] {
    switch step {
    case .map(let key, let recipe, let injector):
      simplifications(of: recipe).map { .map(key, $0, on: injector) }
    case .replaceModule(_, let new, let injector): [.addModule(new, on: injector)]
    case .makeCopy(let copy, let original, let changes):
      changes.indices.map { index in
        var fewer = changes
        fewer.remove(at: index)
        return .makeCopy(copy, of: original, applying: fewer)
      }
    default: []
    }
  }

  private func simplifications(of recipe: Recipe) -> [Recipe] {
    var simpler: [Recipe] = []
    if recipe.dependency != nil || recipe.fails {
      simpler.append(Recipe(tag: recipe.tag, scope: recipe.scope, dependency: nil, fails: false))
    }
    if recipe.scope != .transient && recipe.scope != .instance {
      simpler.append(
        Recipe(
          tag: recipe.tag, scope: .transient, dependency: recipe.dependency, fails: recipe.fails))
    }
    return simpler
  }
}
