/// What an injector held at one moment: its own mappings, what it inherits from its ancestors,
/// and its modules.
///
/// Take one with ``Injector/snapshot()``. A snapshot is a value: taking it locks each injector
/// of the chain once, briefly, and it holds no built value and no reference into an injector,
/// so keeping it keeps nothing alive. It does not change when the injector does.
///
/// ```swift
/// let snapshot = injector.snapshot()
/// for mapping in snapshot.mappings where mapping.hook == .missed {
///   print("the hook of \(mapping.key) never runs")
/// }
/// ```
public struct InjectorSnapshot: Sendable, CustomStringConvertible {
  /// The mappings an injector inherits from one of its ancestors.
  public struct Inherited: Sendable {
    /// The ancestor's label.
    public let injector: String
    /// Its active mappings that no nearer injector overrides, ordered by key.
    public let mappings: [MappingSnapshot]
    /// Its contributions to collections, which ``Injector/resolveAll(_:named:)`` returns after
    /// those of nearer injectors: grouped by collection key, ordered by key, each collection in
    /// the order its contributions were made.
    public let contributions: [MappingSnapshot]
    /// Its decorators, which apply before those of nearer injectors to the values that the
    /// snapshot's injector builds: grouped by key, ordered by key, each key's in the order they
    /// apply.
    public let decorators: [DecoratorSnapshot]

    /// Creates the inherited mappings of one ancestor.
    ///
    /// - Parameters:
    ///   - injector: The ancestor's label.
    ///   - mappings: Its mappings that no nearer injector overrides.
    ///   - contributions: Its contributions to collections.
    ///   - decorators: Its decorators.
    package init(
      injector: String, mappings: [MappingSnapshot], contributions: [MappingSnapshot] = [],
      decorators: [DecoratorSnapshot] = []
    ) {
      self.injector = injector
      self.mappings = mappings
      self.contributions = contributions
      self.decorators = decorators
    }
  }

  /// The injector's label.
  public let label: String
  /// The injector's own active mappings, ordered by key (type name, then name).
  public let mappings: [MappingSnapshot]
  /// What it inherits, one entry per ancestor, the parent first; an ancestor whose mappings are
  /// all overridden has an empty entry.
  public let inherited: [Inherited]
  /// Its modules, in the order they were added.
  public let modules: [ModuleSnapshot]
  /// The injector's own contributions to collections (``Mapper/contribute(_:named:scope:_:)``),
  /// apart from its mappings: grouped by collection key (whose type is the array
  /// `[Element]`), ordered by key, each collection in the order its contributions were made,
  /// which is the order ``Injector/resolveAll(_:named:)`` returns them in.
  ///
  /// ```swift
  /// let destinations = injector.snapshot().contributions
  ///   .filter { $0.key == InjectionKey([any LogDestination].self) }
  /// ```
  public let contributions: [MappingSnapshot]
  /// The injector's own decorators (``Mapper/decorate(_:named:_:)-(_,_,(T)->T)``): grouped by
  /// key, ordered by key, each key's in the order they apply (the order they were added).
  ///
  /// The values this injector builds are decorated by its ancestors' decorators first
  /// (``Inherited/decorators``, the root's first), then by these.
  ///
  /// ```swift
  /// let decorated = injector.snapshot().decorators.map(\.key)
  /// ```
  public let decorators: [DecoratorSnapshot]

  /// Creates a snapshot; ``Injector/snapshot()`` makes these.
  ///
  /// - Parameters:
  ///   - label: The injector's label.
  ///   - mappings: Its own active mappings.
  ///   - inherited: What it inherits, the parent first.
  ///   - modules: Its modules, in the order they were added.
  ///   - contributions: Its own contributions to collections.
  ///   - decorators: Its own decorators.
  package init(
    label: String, mappings: [MappingSnapshot], inherited: [Inherited] = [],
    modules: [ModuleSnapshot] = [], contributions: [MappingSnapshot] = [],
    decorators: [DecoratorSnapshot] = []
  ) {
    self.label = label
    self.mappings = mappings
    self.inherited = inherited
    self.modules = modules
    self.contributions = contributions
    self.decorators = decorators
  }

  /// The decorators that apply, in order, to a value of `key` that the snapshot's injector
  /// builds: the farthest ancestor's first, the injector's own last.
  ///
  /// - Parameter key: The key, for example `InjectionKey((any Engine).self)`.
  /// - Returns: The decorators, empty if the key is not decorated.
  public func decorators(for key: InjectionKey) -> [DecoratorSnapshot] {
    (inherited.reversed().flatMap(\.decorators) + decorators).filter { $0.key == key }
  }

  /// The mapping a resolution of `key` would use: the injector's own, else the nearest
  /// ancestor's; `nil` if none maps it.
  ///
  /// - Parameter key: The key, for example `InjectionKey(Engine.self)`.
  /// - Returns: The mapping, or `nil`.
  public func mapping(for key: InjectionKey) -> MappingSnapshot? {
    if let own = mappings.first(where: { $0.key == key }) { return own }
    for ancestor in inherited {
      if let found = ancestor.mappings.first(where: { $0.key == key }) { return found }
    }
    return nil
  }

  /// A readable listing: the injector's mappings, then each ancestor's, then the modules.
  ///
  /// Types are written as code writes them, module-qualified where two share a name.
  public var description: String {
    let all = mappings + inherited.flatMap(\.mappings) + contributions
    let names = KeyNames(
      (all + inherited.flatMap(\.contributions)).map(\.key) + all.compactMap(\.aliasTarget)
        + modules.flatMap(\.keys) + modules.flatMap(\.contributionKeys) + decorators.map(\.key)
        + inherited.flatMap(\.decorators).map(\.key))
    func line(_ mapping: MappingSnapshot) -> String { "  " + mapping.description(names: names) }
    var lines = ["Injector \"\(label)\":"]
    lines += mappings.isEmpty ? ["  (no mappings)"] : mappings.map(line)
    if !contributions.isEmpty {
      lines.append("contributions, in the order resolved:")
      lines += contributions.map(line)
    }
    if !decorators.isEmpty {
      lines.append("decorators, in the order applied:")
      lines += decorators.map { "  " + $0.description(names: names) }
    }
    for ancestor in inherited {
      lines.append("inherited from \"\(ancestor.injector)\":")
      lines += ancestor.mappings.isEmpty ? ["  (nothing)"] : ancestor.mappings.map(line)
      if !ancestor.contributions.isEmpty {
        lines.append("contributions inherited from \"\(ancestor.injector)\":")
        lines += ancestor.contributions.map(line)
      }
      if !ancestor.decorators.isEmpty {
        lines.append("decorators inherited from \"\(ancestor.injector)\", applied first:")
        lines += ancestor.decorators.map { "  " + $0.description(names: names) }
      }
    }
    if !modules.isEmpty {
      lines.append("modules, in the order added:")
      lines += modules.map { "  " + $0.description(names: names) }
    }
    return lines.joined(separator: "\n")
  }
}
