import InjectionCore

extension GraphExplorer {
  /// The copy that validation resolves in: a copy of each injector of the chain, the root's
  /// first, each a child of the copy of its parent, so that each cached value is built by the
  /// copy of the injector that holds its mapping, with that injector's mappings and decorators
  /// (Concepts.md: a parent's singleton's dependencies come from the injector that holds it).
  ///
  /// An eager singleton is built anew in its copy, where what it needs is checked; one that the
  /// injector built, and that fails when built again (with mappings made after it), is judged
  /// by the build the app made: its copy takes the built value.
  ///
  /// - Parameters:
  ///   - injector: The injector validated.
  ///   - keepingPreparedValues: Whether each copy shares the values its original built with
  ///     `async` and main-actor factories.
  ///   - removed: Keys unmapped in every copy of the chain before its eager singletons are
  ///     built.
  ///   - prepare: Runs on each copy, the root's first, before `removed` is unmapped and its
  ///     eager singletons are built (an observer of the root's copy sees every resolution of
  ///     the chain, once).
  /// - Returns: The copy of `injector`.
  /// - Throws: The error of an eager singleton of a copy that cannot be built.
  static func makeChainCopy(
    of injector: Injector, keepingPreparedValues: Bool, removing removed: Set<InjectionKey>,
    prepare: (_ copy: Injector, _ isRoot: Bool) -> Void
  ) throws(InjectionError) -> Injector {
    var chain: [Injector] = []  // the root first
    var next: Injector? = injector
    while let level = next {
      chain.insert(level, at: 0)
      next = level.parent
    }
    var copy: Injector?
    for level in chain {
      let label = "validation of \(level.label)"
      let unmapRemoved: (Injector) throws(InjectionError) -> Void = { levelCopy in
        prepare(levelCopy, copy == nil)
        for key in removed { levelCopy.unmap(key) }
      }
      if let parent = copy {
        copy = try level.makeCopy(
          label: label, keepingPreparedValues: keepingPreparedValues,
          fallingBackOnBuiltEagerSingletons: true, parent: parent, applying: unmapRemoved)
      } else {
        copy = try level.makeCopy(
          label: label, keepingPreparedValues: keepingPreparedValues,
          fallingBackOnBuiltEagerSingletons: true, applying: unmapRemoved)
      }
    }
    return copy!
  }

  /// The mappings that an injector resolves (its own, else the nearest ancestor's), and every
  /// contribution it collects, in the order `resolveAll` visits them (of a keyed collection,
  /// the entries in force), from the mappings and contributions of each injector of its chain,
  /// its own first.
  static func resolvable(
    in levels: [(mappings: [MappingSnapshot], contributions: [MappingSnapshot])]
  )
    -> (mappings: [MappingSnapshot], contributions: [MappingSnapshot])
  {
    var mappings: [MappingSnapshot] = []
    var keys: Set<InjectionKey> = []
    var contributions: [MappingSnapshot] = []
    var entries: Set<KeyedEntry> = []  // of keyed collections: a nearer level's entry wins
    for level in levels {
      mappings += level.mappings.filter { keys.insert($0.key).inserted }
      contributions += inForce(level.contributions, seen: &entries)
    }
    return (mappings, contributions)
  }

  /// The mappings and contributions of the injector of `snapshot`, then of each ancestor.
  static func levels(of snapshot: InjectorSnapshot) -> [(
    mappings: [MappingSnapshot], contributions: [MappingSnapshot]
  )] {
    [(snapshot.mappings, snapshot.contributions)]
      + snapshot.inherited.map { ($0.mappings, $0.contributions) }
  }
}
