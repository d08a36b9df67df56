/// A whole model-based run: the modules it may add and the steps, drawn from one seed.
struct Scenario: Hashable, Sendable {
  let seed: UInt64
  var modules: [ModuleSpec]
  var steps: [ModelStep]

  /// The module with the given id.
  func module(_ id: Int) -> ModuleSpec {
    modules.first { $0.id == id }!
  }
}

/// A module of a scenario: the mappings its `configure` makes, in order.
struct ModuleSpec: Hashable, Sendable {
  let id: Int
  let entries: [Entry]

  /// One mapping of the module.
  struct Entry: Hashable, Sendable {
    let key: ModelKey
    let recipe: Recipe
  }
}
