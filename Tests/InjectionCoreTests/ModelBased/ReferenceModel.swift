/// What InjectionCore should do, written as plain values from its documentation.
///
/// Each injector holds, per key, a stack of mappings (the last one in use), each made directly
/// (`owner == nil`) or by a module; a direct `map` replaces the injector's earlier direct mapping
/// of the key and goes on top, a module's mapping goes on top, and removing a module removes
/// exactly its mappings, so that what they shadowed is in use again
/// (`Documentation/Concepts.md`, "Modules"). Resolution walks the parent chain; a cached value
/// is built by the injector that holds the mapping and kept in that mapping (so children share
/// it), a transient one by the injector that was asked. A copy takes the stacks of its injector
/// above what the nearest ancestor maps, with its module records, and none of the built values
/// (`Injector.makeCopy(label:applying:)`).
///
/// The model predicts each step's ``StepOutcome`` exactly, down to the ``Stamp`` of every value.
struct ReferenceModel {
  /// One mapping in one injector.
  private struct Entry {
    let key: ModelKey
    let recipe: Recipe
    /// The module that made it, or `nil` for a direct mapping.
    let owner: Int?
    var cached: Stamp?
  }

  /// One injector.
  private struct InjectorState {
    let parent: Int?
    /// Entry numbers per key, oldest first; no key has an empty stack.
    var stacks: [ModelKey: [Int]] = [:]
    /// The modules added, in order, with the keys each maps.
    var modules: [(id: Int, keys: [ModelKey])] = []
  }

  /// What identifies an ordinal: the mapping, the builder and the path.
  private struct LedgerKey: Hashable {
    let tag: Int
    let builder: String
    let path: [Int]
  }

  private let modules: [Int: ModuleSpec]
  private var injectors: [Int: InjectorState] = [0: InjectorState(parent: nil)]
  private var entries: [Int: Entry] = [:]
  private var nextEntry = 0
  private var ordinals: [LedgerKey: Int] = [:]
  private var builds = 0
  /// Whether a direct eager singleton is left unbuilt: during `makeCopy`'s changes.
  private var defersEagerSingletons = false

  init(modules: [ModuleSpec]) {
    self.modules = Dictionary(uniqueKeysWithValues: modules.map { ($0.id, $0) })
  }

  /// Whether the step can run: every injector it names exists, and the one it creates does not.
  func canPerform(_ step: ModelStep) -> Bool {
    step.injectorsUsed.allSatisfy { injectors[$0] != nil }
      && step.injectorCreated.map { injectors[$0] == nil } ?? true
  }

  /// Performs a step that ``canPerform(_:)`` allows, and returns what it does, with the answers
  /// to `probe` afterwards.
  mutating func perform(_ step: ModelStep, probing probe: MappingProbe) -> StepOutcome {
    builds = 0
    let result: StepOutcome.Result
    do throws(StepFailure) {
      result = try outcome(of: step)
    } catch {
      result = .failed(error)
    }
    let mapped = probe.answers(injectors: injectors.keys) { serving($0, from: $1) != nil }
    return StepOutcome(
      result: result, builds: builds, probedKeys: mapped.isEmpty ? [] : probe.keys,
      mappedKeys: mapped)
  }

  private mutating func outcome(of step: ModelStep) throws(StepFailure) -> StepOutcome.Result {
    switch step {
    case .map(let key, let recipe, let injector):
      map(key, recipe, on: injector)
      return .done
    case .unmap(let key, let injector):
      injectors[injector]!.stacks[key] = nil
      return .done
    case .resolve(let key, let injector):
      return .value(try resolve(key, from: injector, path: []))
    case .resolveOptional(let key, let injector):
      guard serving(key, from: injector) != nil || key.isCreatedAutomatically else {
        return .noValue
      }
      return .value(try resolve(key, from: injector, path: []))
    case .isMapped(let key, let injector):
      return .answer(serving(key, from: injector) != nil)
    case .addModule(let module, let injector):
      try add(module, on: injector, replacing: nil)
      return .done
    case .removeModule(let module, let injector):
      return .answer(remove(module, from: injector))
    case .removeEveryModule(let injector):
      let all = injectors[injector]!.modules.map(\.id)
      return .count(all.filter { remove($0, from: injector) }.count)
    case .replaceModule(let old, let new, let injector):
      return .answer(try add(new, on: injector, replacing: old))
    case .hasModule(let module, let injector):
      return .answer(injectors[injector]!.modules.contains { $0.id == module })
    case .makeChild(let child, let parent):
      injectors[child] = InjectorState(parent: parent)
      return .done
    case .makeCopy(let copy, let original, let changes):
      try makeCopy(copy, of: original, applying: changes)
      return .done
    }
  }

  // MARK: - Mapping

  private mutating func map(_ key: ModelKey, _ recipe: Recipe, on injector: Int) {
    let entry = makeEntry(key, recipe, owner: nil)
    push(entry, on: injector)
    if recipe.scope == .eagerSingleton, !defersEagerSingletons {
      // A direct eager singleton has no dependency and never fails (the program would stop).
      _ = try? value(of: entry, heldBy: injector, askedBy: injector, path: [])
    }
  }

  /// A new entry; an instance mapping's value is made now (`map(_:to:)` takes a built value).
  private mutating func makeEntry(_ key: ModelKey, _ recipe: Recipe, owner: Int?) -> Int {
    let cached = recipe.scope == .instance ? stamp(recipe.tag, builder: "app", path: []) : nil
    return store(Entry(key: key, recipe: recipe, owner: owner, cached: cached))
  }

  private mutating func store(_ entry: Entry) -> Int {
    nextEntry += 1
    entries[nextEntry] = entry
    return nextEntry
  }

  /// Puts an entry on top of its key's stack, replacing the entry of the same owner.
  private mutating func push(_ id: Int, on injector: Int) {
    let entry = entries[id]!
    var stack = injectors[injector]!.stacks[entry.key] ?? []
    stack.removeAll { entries[$0]!.owner == entry.owner }
    stack.append(id)
    injectors[injector]!.stacks[entry.key] = stack
  }

  // MARK: - Modules

  /// Adds a module, or replaces `old` with it: configures it, builds its eager singletons (in
  /// order, with its mappings on top), then adds its mappings; nothing of it stays on failure.
  ///
  /// - Returns: Whether `old` was held and is removed.
  @discardableResult
  private mutating func add(_ module: Int, on injector: Int, replacing old: Int?)
    throws(StepFailure) -> Bool
  {
    guard !injectors[injector]!.modules.contains(where: { $0.id == module }) else {
      throw .moduleAlreadyAdded
    }
    let spec = modules[module]!
    let added = spec.entries.map { makeEntry($0.key, $0.recipe, owner: module) }
    let before = injectors[injector]!
    for entry in added { push(entry, on: injector) }
    for entry in added where entries[entry]!.recipe.scope == .eagerSingleton {
      do throws(StepFailure) {
        _ = try value(of: entry, heldBy: injector, askedBy: injector, path: [])
      } catch {
        injectors[injector] = before
        throw error
      }
    }
    injectors[injector] = before
    let removedOld = old.map { remove($0, from: injector) } ?? false
    for entry in added { push(entry, on: injector) }
    injectors[injector]!.modules.append((module, spec.entries.map(\.key)))
    return removedOld
  }

  /// Removes a module's record and exactly its entries.
  ///
  /// - Returns: Whether the injector held the module.
  @discardableResult
  private mutating func remove(_ module: Int, from injector: Int) -> Bool {
    guard let index = injectors[injector]!.modules.firstIndex(where: { $0.id == module }) else {
      return false
    }
    let record = injectors[injector]!.modules.remove(at: index)
    for key in record.keys {
      let stack = (injectors[injector]!.stacks[key] ?? []).filter {
        entries[$0]!.owner != module
      }
      injectors[injector]!.stacks[key] = stack.isEmpty ? nil : stack
    }
    return true
  }

  // MARK: - Copies

  private mutating func makeCopy(_ id: Int, of original: Int, applying changes: [CopyChange])
    throws(StepFailure)
  {
    var stacks: [ModelKey: [Int]] = [:]
    var next = injectors[original]!.parent
    while let ancestor = next {
      for (key, stack) in injectors[ancestor]!.stacks where stacks[key] == nil {
        stacks[key] = [unbuiltCopy(of: stack.last!, owner: nil)]
      }
      next = injectors[ancestor]!.parent
    }
    for (key, stack) in injectors[original]!.stacks {
      let layers = stack.map { unbuiltCopy(of: $0, owner: entries[$0]!.owner) }
      let hasDirect = stack.contains { entries[$0]!.owner == nil }
      stacks[key] = (hasDirect ? [] : stacks[key] ?? []) + layers
    }
    injectors[id] = InjectorState(
      parent: nil, stacks: stacks, modules: injectors[original]!.modules)
    defersEagerSingletons = true
    for change in changes {
      switch change {
      case .map(let key, let recipe): map(key, recipe, on: id)
      case .unmap(let key): injectors[id]!.stacks[key] = nil
      case .removeModule(let module): remove(module, from: id)
      }
    }
    defersEagerSingletons = false
    for key in injectors[id]!.stacks.keys.sorted() {
      let top = injectors[id]!.stacks[key]!.last!
      guard entries[top]!.recipe.scope == .eagerSingleton else { continue }
      do throws(StepFailure) {
        _ = try value(of: top, heldBy: id, askedBy: id, path: [])
      } catch {
        injectors[id] = nil
        throw error
      }
    }
  }

  /// A copy of an entry with nothing built; an instance is the app's and stays.
  private mutating func unbuiltCopy(of id: Int, owner: Int?) -> Int {
    let entry = entries[id]!
    let cached = entry.recipe.scope == .instance ? entry.cached : nil
    return store(Entry(key: entry.key, recipe: entry.recipe, owner: owner, cached: cached))
  }

  // MARK: - Resolution

  /// The entry in use for `key` from `injector`, and the injector that holds it.
  private func serving(_ key: ModelKey, from injector: Int) -> (entry: Int, holder: Int)? {
    var next: Int? = injector
    while let current = next {
      if let top = injectors[current]!.stacks[key]?.last { return (top, current) }
      next = injectors[current]!.parent
    }
    return nil
  }

  private mutating func resolve(_ key: ModelKey, from injector: Int, path: [Int])
    throws(StepFailure) -> Stamp
  {
    guard let (entry, holder) = serving(key, from: injector) else {
      guard key.isCreatedAutomatically else { throw .notMapped(key) }
      builds += 1
      return Stamp(tag: 0, builder: "", path: path, ordinal: 0, dependencies: [])
    }
    return try value(of: entry, heldBy: holder, askedBy: injector, path: path)
  }

  /// The value of an entry: the cached one, or a new one built by the holder (cached scopes)
  /// or by the injector that was asked (transient and graph scopes).
  private mutating func value(of id: Int, heldBy holder: Int, askedBy asked: Int, path: [Int])
    throws(StepFailure) -> Stamp
  {
    let entry = entries[id]!
    if let cached = entry.cached { return cached }
    let scope = entry.recipe.scope
    let builder = scope.isCached ? holder : asked
    // Nested builds count from the nearest cached value down.
    let outer = scope.isCached ? [] : path
    var dependencies: [Stamp] = []
    if let dependency = entry.recipe.dependency {
      dependencies = [try resolve(dependency, from: builder, path: outer + [entry.recipe.tag])]
    }
    if entry.recipe.fails { throw .factoryFailed(entry.key) }
    let made = stamp(
      entry.recipe.tag, builder: "i\(builder)", path: outer, dependencies: dependencies)
    if scope.isCached { entries[id]!.cached = made }
    return made
  }

  private mutating func stamp(
    _ tag: Int, builder: String, path: [Int], dependencies: [Stamp] = []
  ) -> Stamp {
    let key = LedgerKey(tag: tag, builder: builder, path: path)
    let ordinal = (ordinals[key] ?? 0) + 1
    ordinals[key] = ordinal
    builds += 1
    return Stamp(
      tag: tag, builder: builder, path: path, ordinal: ordinal, dependencies: dependencies)
  }
}
