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
    /// ``InjectionCore/Injector/validationReport(roots:rootKeys:excluding:)``.
    public let isRoot: Bool

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - kind: How it is provided.
    ///   - isRoot: Whether it is a root the app resolves by itself.
    public init(key: InjectionKey, kind: Kind, isRoot: Bool = false) {
      self.key = key
      self.kind = kind
      self.isRoot = isRoot
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
    /// Whether the edge is part of a problem: it leads to a missing key, or it closes a cycle
    /// that fails.
    public let isProblem: Bool

    /// Creates an edge.
    ///
    /// - Parameters:
    ///   - from: The key that needs the other.
    ///   - to: The key it needs.
    ///   - property: The `@Injected` property that holds it, if any.
    ///   - isProblem: Whether the edge is part of a problem.
    public init(from: InjectionKey, to: InjectionKey, property: String?, isProblem: Bool) {
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

  /// Creates a graph; nodes and edges are sorted.
  ///
  /// - Parameters:
  ///   - injector: The label of the injector.
  ///   - nodes: The keys.
  ///   - edges: The dependencies.
  public init(injector: String, nodes: [Node], edges: [Edge]) {
    self.injector = injector
    // Each key's sort text is computed once, not at every comparison.
    var orders: [InjectionKey: String] = [:]
    func order(_ key: InjectionKey) -> String {
      if let known = orders[key] { return known }
      let computed = Self.order(key)
      orders[key] = computed
      return computed
    }
    self.nodes = nodes.map { (order($0.key), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    self.edges = edges.map { ((order($0.from), order($0.to), $0.property ?? ""), $0) }
      .sorted { $0.0 < $1.0 }.map(\.1)
    var typesByName: [String: Set<String>] = [:]
    for node in nodes {
      typesByName[node.key.unqualifiedTypeName, default: []].insert(node.key.typeName)
    }
    ambiguousNames = Set(typesByName.filter { $0.value.count > 1 }.keys)
  }

  /// Sorts by what a person reads, then by the qualified name to separate namesakes.
  static func order(_ key: InjectionKey) -> String {
    "\(key.description)\u{0}\(key.typeName)"
  }

  /// The second line a node shows: how its key is provided.
  func detail(of node: Node) -> String {
    let detail =
      switch node.kind {
      case .mapped(_, .instance, let owner): "instance, \(owner)"
      case .mapped(let scope, _, let owner): "\(scope), \(owner)"
      case .automatic: "created automatically"
      case .missing: "missing"
      case .unmappedOptional: "optional, not mapped"
      }
    return node.isRoot ? "root, \(detail)" : detail
  }

  /// A key as the graph writes it: qualified only where two keys of the graph share a name.
  func title(of key: InjectionKey) -> String {
    ambiguousNames.contains(key.unqualifiedTypeName)
      ? (key.name.map { "\(key.typeName) named \"\($0)\"" } ?? key.typeName) : key.description
  }
}
