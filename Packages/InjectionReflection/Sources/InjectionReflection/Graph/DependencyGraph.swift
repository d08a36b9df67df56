public import InjectionCore

/// An injector's dependency graph: each key it can resolve, and which keys each one needs.
///
/// Built by validation, which walks it: ``ValidationReport/graph`` (and
/// ``InjectionCore/Injector/dependencyGraph(roots:rootKeys:excluding:)``, which keeps only it).
/// Nodes and edges are sorted, so ``dot(title:)`` and ``mermaid(title:)`` print
/// the same text for the same mappings and can be committed and diffed.
public struct DependencyGraph: Sendable, Hashable {
  /// One key.
  public struct Node: Sendable, Hashable {
    /// What the graph knows about how a key is provided.
    public enum Kind: Sendable, Hashable {
      /// A mapping: its scope, how it builds, and who made it (`direct`,
      /// `module GarageModule`, `inherited from "app" (direct)`).
      case mapped(scope: Scope, recipe: MappingSnapshot.Recipe, owner: String)
      /// Not mapped, created automatically (an `Injectable` type, or the injector itself).
      case automatic
      /// Not mapped and needed: resolving it fails.
      case missing
      /// Not mapped, asked for as an optional: it is `nil`.
      case unmappedOptional
    }

    /// The key.
    public let key: InjectionKey
    /// How it is provided.
    public let kind: Kind
    /// Whether the app resolves it by itself: one of the roots named to
    /// ``InjectionCore/Injector/validationReport(roots:rootKeys:excluding:)-7tumh``.
    public let isRoot: Bool
    /// The name of the resettable scope that a mapped key's value is cached in (`SessionScope`),
    /// as the mapping's snapshot says; `nil` for every other node.
    public let resettableScope: String?
    /// How many decorators (`Mapper.decorate(_:named:_:)` of InjectionCore) wrap the
    /// values the graph's injector gets for the key; 0 when none does.
    ///
    /// The node's detail line says `decorated` (or `2 decorators`); the decorators'
    /// dependencies are edges of the node, as the factory's are.
    public let decoratorCount: Int
    /// The key an alias resolves (`Mapper.alias(_:named:to:targetNamed:_:)` of InjectionCore),
    /// as the mapping's snapshot says (`MappingSnapshot.aliasTarget`); `nil` for every other node.
    ///
    /// The node's detail line says `alias of TicketService` instead of a scope: an alias
    /// serves its target's value in the target's scope.
    public let aliasTarget: InjectionKey?
    /// Whether the key's mapping caches one value per distinct argument value (its
    /// `MappingSnapshot.cachesPerArgument` of InjectionCore); its ``Kind/mapped(scope:recipe:owner:)``
    /// scope is then `singleton`, and the node's detail line says `singleton per argument`.
    public let cachesPerArgument: Bool
    /// Whether the injector disposes the key's values when their owner ends (see
    /// `InjectionDisposable` of InjectionCore): as the mapping's snapshot says, made certain by
    /// the value validation built for a protocol or class key; `notOwned`
    /// for a key that is not mapped.
    ///
    /// The node's detail line says `disposed` (or `disposed if conforming` when validation built
    /// no value to tell).
    public let disposal: MappingSnapshot.Disposal

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - kind: How it is provided.
    ///   - isRoot: Whether it is a root the app resolves by itself.
    ///   - resettableScope: The resettable scope of its mapping, if any.
    ///   - decoratorCount: How many decorators wrap its values.
    ///   - aliasTarget: The key it resolves, if it is an alias.
    ///   - cachesPerArgument: Whether its mapping caches one value per argument value.
    ///   - disposal: Whether its values are disposed.
    package init(
      key: InjectionKey, kind: Kind, isRoot: Bool = false, resettableScope: String? = nil,
      decoratorCount: Int = 0, aliasTarget: InjectionKey? = nil, cachesPerArgument: Bool = false,
      disposal: MappingSnapshot.Disposal = .notOwned
    ) {
      self.aliasTarget = aliasTarget
      self.cachesPerArgument = cachesPerArgument
      self.disposal = disposal
      self.resettableScope = resettableScope
      self.key = key
      self.kind = kind
      self.isRoot = isRoot
      self.decoratorCount = decoratorCount
    }

    /// Whether the node stands for a problem (a missing key).
    public var isProblem: Bool { kind == .missing }
  }

  /// One dependency: `from` needs `to`.
  public struct Edge: Sendable, Hashable {
    /// The key that needs the other.
    public let from: InjectionKey
    /// The key it needs.
    public let to: InjectionKey
    /// The name of the `@Injected` property that holds it, when there is one.
    public let property: String?
    /// Whether the edge is part of a problem: it leads to a missing key, it closes a cycle
    /// that fails, or it brings a captive dependency into the value that keeps it.
    public let isProblem: Bool

    /// Creates an edge.
    ///
    /// - Parameters:
    ///   - from: The key that needs the other.
    ///   - to: The key it needs.
    ///   - property: The `@Injected` property that holds it, if any.
    ///   - isProblem: Whether the edge is part of a problem.
    package init(from: InjectionKey, to: InjectionKey, property: String?, isProblem: Bool) {
      self.from = from
      self.to = to
      self.property = property
      self.isProblem = isProblem
    }
  }

  /// The label of the injector the graph is of.
  public let injector: String
  /// The keys, sorted by description.
  public let nodes: [Node]
  /// The dependencies, sorted by their ends' descriptions.
  public let edges: [Edge]
  /// The short type names that two different types of the graph share.
  private let ambiguousNames: Set<String>
  /// How each node's key is written (``title(of:)``), computed once: exports write each key
  /// several times, and a key's description is a string computation.
  private let titles: [InjectionKey: String]
  /// The same titles, by node index, for the exports.
  let nodeTitles: [String]
  /// The node index of each edge's ends, by edge index; `-1` for an end that is not a node.
  let edgeEnds: [Int]

  /// Creates a graph; nodes and edges are sorted.
  ///
  /// - Parameters:
  ///   - injector: The label of the injector.
  ///   - nodes: The keys.
  ///   - edges: The dependencies.
  package init(injector: String, nodes: [Node], edges: [Edge]) {
    self.injector = injector
    // Each key is hashed once, into an index; what follows works on arrays by that index. Each
    // key's description is computed once (its type's unqualified name once per type), and keys
    // are sorted once: nodes and edges are then sorted by the keys' ranks, integers, not by
    // comparing strings.
    var indexOfKey: [InjectionKey: Int] = [:]
    indexOfKey.reserveCapacity(nodes.count)
    var keys: [InjectionKey] = []
    keys.reserveCapacity(nodes.count)
    func index(of key: InjectionKey) -> Int {
      if let known = indexOfKey[key] { return known }
      keys.append(key)
      indexOfKey[key] = keys.count - 1
      return keys.count - 1
    }
    let nodeKeys = nodes.map { index(of: $0.key) }
    let edgeKeys = edges.map { (from: index(of: $0.from), to: index(of: $0.to)) }
    var unqualified: [String: String] = [:]
    var typeNames: [String] = []
    typeNames.reserveCapacity(keys.count)
    let descriptions = keys.map { key in
      let typeName = key.typeName
      typeNames.append(typeName)
      let type: String
      if let known = unqualified[typeName] {
        type = known
      } else {
        type = key.unqualifiedTypeName
        unqualified[typeName] = type
      }
      return key.name.map { "\(type) named \"\($0)\"" } ?? type
    }
    let sortedKeys = keys.indices.sorted {
      descriptions[$0] != descriptions[$1]
        ? descriptions[$0] < descriptions[$1] : typeNames[$0] < typeNames[$1]
    }
    var rank = [Int](repeating: 0, count: keys.count)
    for (position, key) in sortedKeys.enumerated() { rank[key] = position }
    let nodeOrder = nodes.indices.map { (rank[nodeKeys[$0]], $0) }.sorted { $0.0 < $1.0 }
    let sortedNodes = nodeOrder.map { nodes[$0.1] }
    self.nodes = sortedNodes
    // One integer per edge, its ends' ranks; the property breaks a tie (rare: one key holding
    // another in two properties has one edge).
    let keyCount = keys.count
    let edgeOrder = edges.indices.map { index in
      (rank[edgeKeys[index].from] * keyCount + rank[edgeKeys[index].to], index)
    }
    .sorted {
      $0.0 != $1.0
        ? $0.0 < $1.0 : (edges[$0.1].property ?? "") < (edges[$1.1].property ?? "")
    }
    self.edges = edgeOrder.map { edges[$0.1] }
    var typesByName: [String: Set<String>] = [:]
    for key in nodeKeys {
      typesByName[unqualified[typeNames[key]] ?? "", default: []].insert(typeNames[key])
    }
    let ambiguousNames = Set(typesByName.filter { $0.value.count > 1 }.keys)
    self.ambiguousNames = ambiguousNames
    var titles: [InjectionKey: String] = [:]
    titles.reserveCapacity(nodes.count)
    // The position of each key among the sorted nodes; `-1` for a key that is only an edge's end.
    var nodePosition = [Int](repeating: -1, count: keys.count)
    var nodeTitles: [String] = []
    nodeTitles.reserveCapacity(nodes.count)
    for (position, (_, node)) in nodeOrder.enumerated() {
      let key = nodeKeys[node]
      let title =
        ambiguousNames.contains(unqualified[typeNames[key]] ?? "")
        ? Self.qualifiedTitle(of: keys[key]) : descriptions[key]
      titles[keys[key]] = title
      nodePosition[key] = position
      nodeTitles.append(title)
    }
    self.titles = titles
    self.nodeTitles = nodeTitles
    self.edgeEnds = edgeOrder.flatMap {
      [nodePosition[edgeKeys[$0.1].from], nodePosition[edgeKeys[$0.1].to]]
    }
  }

  /// Sorts by what a person reads, then by the qualified name to separate namesakes.
  static func order(_ key: InjectionKey) -> String {
    "\(key.description)\u{0}\(key.typeName)"
  }

  /// The second line a node shows: how its key is provided.
  func detail(of node: Node) -> String {
    let detail =
      switch node.kind {
      case .mapped(_, _, let owner) where node.aliasTarget != nil:
        "alias of \(node.aliasTarget.map(title(of:)) ?? ""), \(owner)"
      case .mapped(_, .instance, let owner): "instance, \(owner)"
      case .mapped(let scope, _, let owner):
        node.cachesPerArgument
          ? node.resettableScope.map { "\(scope) per argument in \($0), \(owner)" }
            ?? "\(scope) per argument, \(owner)"
          : node.resettableScope.map { "\(scope) in \($0), \(owner)" } ?? "\(scope), \(owner)"
      case .automatic: "created automatically"
      case .missing: "missing"
      case .unmappedOptional: "optional, not mapped"
      }
    let decorated =
      switch node.decoratorCount {
      case 0: detail
      case 1: "\(detail), decorated"
      default: "\(detail), \(node.decoratorCount) decorators"
      }
    let disposed =
      switch node.disposal {
      case .disposed, .disposedIfConforming: "\(decorated), \(node.disposal)"
      case .notDisposed, .notOwned: decorated
      }
    return node.isRoot ? "root, \(disposed)" : disposed
  }

  /// A key as the graph writes it: qualified only where two keys of the graph share a name.
  func title(of key: InjectionKey) -> String {
    if let title = titles[key] { return title }
    return ambiguousNames.contains(key.unqualifiedTypeName)
      ? Self.qualifiedTitle(of: key) : key.description
  }

  private static func qualifiedTitle(of key: InjectionKey) -> String {
    key.name.map { "\(key.typeName) named \"\($0)\"" } ?? key.typeName
  }
}
