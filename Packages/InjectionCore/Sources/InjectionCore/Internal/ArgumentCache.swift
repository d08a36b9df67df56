import Synchronization

/// The values of one mapping cached per argument (``PerArgumentScope``): a registration of its
/// own for each distinct argument value, built and published as a singleton's is.
///
/// An entry is a `Registration<T>` of scope ``Scope/singleton`` (in the mapping's
/// ``ResettableScope``, if any) that is in no table: the mapping's owner builds it with
/// `resolveCached`, so exactly one thread builds each argument's value while the others wait on
/// its ticket, and threads that ask for other arguments wait for nothing but this lock.
///
/// `state` is this cache's own lock, not the injector's: the arguments' `hash(into:)` and `==`
/// run under it (the only user code that does), never a factory, hook or `deinit`. Whatever
/// leaves the dictionary is released after the lock is unlocked. When both are taken (a reset,
/// a snapshot), the injector's `registry` mutex is taken first.
final class ArgumentCache<T>: Sendable {
  /// The arguments as a dictionary key, and the factory of their value; or the mismatch error
  /// for arguments of other types.
  let entryRecipe: @Sendable (ArgumentList) throws(InjectionError) -> ArgumentEntryRecipe<T>
  /// Who reads the values as a key's: the mapping's key, hook and resettable scope.
  private let key: Key
  private let staticHook: (@Sendable (T) -> Void)?
  private let resettableScope: (any ResettableScope.Type)?
  /// One registration per distinct argument value, kept until the mapping's registration goes
  /// or its resettable scope is reset; and whether the mapping was retired.
  private let state = Lock<State>(State())

  /// What ``state`` guards.
  private struct State {
    var entries: [ArgumentValues: Registration<T>] = [:]
    /// Whether the mapping left its injector (``retire()``): a resolution that found it before
    /// gets an entry of its own, retired, that the cache does not keep.
    var isRetired = false
  }

  init(
    key: Key, staticHook: (@Sendable (T) -> Void)?,
    resettableScope: (any ResettableScope.Type)?,
    entryRecipe:
      @escaping @Sendable (ArgumentList) throws(InjectionError) -> ArgumentEntryRecipe<
        T
      >
  ) {
    self.key = key
    self.staticHook = staticHook
    self.resettableScope = resettableScope
    self.entryRecipe = entryRecipe
  }

  /// An empty cache with the same recipe, for a copy of the mapping.
  func makeEmptyCopy() -> ArgumentCache<T> {
    ArgumentCache(
      key: key, staticHook: staticHook, resettableScope: resettableScope,
      entryRecipe: entryRecipe)
  }

  /// The registration of these arguments' value: the one made for equal arguments before, or a
  /// new one, unbuilt.
  ///
  /// Once the mapping is retired, a new entry is retired too and not kept: its build goes to
  /// its own resolution only, as a build of the retired mapping's would, and nothing is left
  /// owned that no removal would dispose.
  ///
  /// - Throws: ``InjectionError/argumentMismatch(key:expected:given:)`` for arguments of other
  ///   types.
  func entry(for arguments: ArgumentList) throws(InjectionError) -> Registration<T> {
    let recipe = try entryRecipe(arguments)
    let found = state.withLock { state in state.entries[recipe.values] }
    if let found { return found }
    // Made outside the lock; if another thread inserted one meanwhile, that one wins and this
    // one, never built, is released after the lock.
    let made = Registration<T>(
      key: key, scope: .singleton, factory: recipe.make, staticHook: staticHook,
      recipe: .factoryWithArguments, resettableScope: resettableScope)
    let entry = state.withLock { state -> Registration<T> in
      if let existing = state.entries[recipe.values] { return existing }
      guard !state.isRetired else {
        // `isRetired` is otherwise guarded by the registry mutex; `made` is still this
        // thread's alone (in no table, no cache), so it is set before any other thread can
        // read it.
        made.isRetired = true
        return made
      }
      state.entries[recipe.values] = made
      return made
    }
    return entry
  }

  /// The registration of each argument value met so far (built or not).
  var registrations: [AnyRegistration] {
    state.withLock { state in state.entries.values.map { $0 as AnyRegistration } }
  }

  /// How many argument values have a cached value; with the owner's registry mutex held.
  var cachedValueCount: Int {
    state.withLock { state in
      state.entries.values.count {
        $0.isPublished.load(ordering: .acquiring) || $0.hasResettableValue
      }
    }
  }

  /// Marks the cache and every entry retired, with the owner's registry mutex held: for the
  /// removal of its mapping (unmapped, replaced, its module or contribution removed).
  ///
  /// A build of an entry still under way then owns nothing when it ends, and an entry made
  /// afterwards by a resolution that found the mapping before is retired from the start.
  ///
  /// - Returns: The entries, whose values the removal takes.
  func retire() -> [AnyRegistration] {
    state.withLock { state in
      state.isRetired = true
      return state.entries.values.map { entry in
        entry.isRetired = true
        return entry as AnyRegistration
      }
    }
  }

  /// Empties the cache, with the owner's registry mutex held: for a reset of its resettable
  /// scope.
  ///
  /// The dropped entries are retired: a resolution that found one before the reset builds a
  /// value for itself alone, as one the reset overtook does, instead of caching it in an entry
  /// that no later reset, removal or lookup would find.
  ///
  /// - Returns: The dropped values (and incomplete values) and entries, to be released after
  ///   the mutex is unlocked; empty if the cache was.
  func dropAll() -> [Any] {
    let taken = state.withLock { state in
      defer { state.entries = [:] }
      return state.entries
    }
    var dropped: [Any] = []
    for entry in taken.values {
      entry.isRetired = true
      dropped += entry.dropResettableValue()
    }
    // The entries go too (a build still running on one finishes it for its own resolution
    // only: see `Injector.reset(_:)`).
    if !taken.isEmpty { dropped.append(taken) }
    return dropped
  }
}

/// The arguments of one resolution as a key of an ``ArgumentCache``, each as `AnyHashable`.
// @unchecked Sendable: no lock, as nothing in it is mutable (`values` is a `let` array, copied
// on write); the values are arguments of a mapping cached per argument, whose `map` requires
// them to be `Hashable & Sendable`; `AnyHashable` only hides that conformance. The mutable state
// around it, the cache's entries, is guarded by `ArgumentCache.state`, the cache's own lock.
struct ArgumentValues: Hashable, @unchecked Sendable {
  let values: [AnyHashable]
}

/// What an ``ArgumentCache`` needs of one resolution's arguments: them as a key, and a factory
/// that builds their value.
struct ArgumentEntryRecipe<T>: Sendable {
  let values: ArgumentValues
  let make: @Sendable (Injector) throws -> T
}
