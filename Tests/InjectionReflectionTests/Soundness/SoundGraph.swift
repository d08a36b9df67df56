import InjectionCore

/// A generated app: what is mapped on a root injector `app`, in order, and on one child of it,
/// and the roots that validation is given.
///
/// Ten keys: `n0` … `n5` are names of the protocol key `any SoundNode` (missing unless mapped),
/// `C6` … `C9` are `Injectable` classes (created automatically unless mapped). One collection,
/// `all` (of `any SoundNode`).
struct SoundGraph: Hashable, Sendable, CustomStringConvertible {
  var parent: [SoundItem]
  /// The child's items; `nil` when validation is given `app` itself.
  var child: [SoundItem]?
  /// The keys validation is given as roots (`roots:` for a carrier, `rootKeys:` for a name).
  var roots: [Int]

  var description: String {
    var lines = ["let app = Injector(label: \"app\")"]
    lines += parent.map { $0.code(on: "app") }
    if let child {
      lines.append("let child = app.makeChild(label: \"child\")")
      lines += child.map { $0.code(on: "child") }
    }
    let validated = child == nil ? "app" : "child"
    lines.append(
      "\(validated).validationReport(roots: [\(roots.map(SoundKeys.name).joined(separator: ", "))])"
    )
    return lines.joined(separator: "\n")
  }

  /// How many items and edges it has, the measure that shrinking lowers.
  var size: Int {
    (parent + (child ?? [])).reduce(roots.count + (child == nil ? 0 : 1)) { $0 + $1.size }
  }
}

/// The ten keys and the collection, by index.
enum SoundKeys {
  static let count = 10
  /// The index of the collection `all` as an edge's target.
  static let collection = 10

  static func name(_ index: Int) -> String {
    switch index {
    case 0..<6: "n\(index)"
    case collection: "all"
    default: "C\(index)"
    }
  }

  static func isCarrier(_ index: Int) -> Bool { (6..<count).contains(index) }

  static func carrier(_ index: Int) -> any SoundCarrier.Type {
    switch index {
    case 6: C6.self
    case 7: C7.self
    case 8: C8.self
    default: C9.self
    }
  }

  static func key(_ index: Int) -> InjectionKey {
    if index == collection { return InjectionKey((any SoundNode).self, named: "all") }
    guard isCarrier(index) else { return InjectionKey((any SoundNode).self, named: name(index)) }
    return InjectionKey(carrier(index))
  }

  /// `try injector.resolve(T.self)`: a carrier is created automatically when it is not mapped.
  static func resolve(_ index: Int, in injector: Injector) throws(InjectionError) -> Any {
    if isCarrier(index) { return try resolveCarrier(carrier(index), in: injector) }
    if index == collection { return try injector.resolveAll((any SoundNode).self, named: "all") }
    return try injector.resolve((any SoundNode).self, named: name(index))
  }

  static func resolveAsync(_ index: Int, in injector: Injector) async throws(InjectionError)
    -> Any
  {
    if isCarrier(index) { return try await resolveCarrierAsync(carrier(index), in: injector) }
    if index == collection { return try injector.resolveAll((any SoundNode).self, named: "all") }
    return try await injector.resolveAsync((any SoundNode).self, named: name(index))
  }

  static func resolveOptional(_ index: Int, in injector: Injector) throws(InjectionError) -> Any {
    if isCarrier(index) { return try resolveOptionalCarrier(carrier(index), in: injector) as Any }
    if index == collection { return try injector.resolveAll((any SoundNode).self, named: "all") }
    return try injector.resolve((any SoundNode)?.self, named: name(index)) as Any
  }

  static func provider(_ index: Int, in injector: Injector) throws(InjectionError) -> Any {
    if isCarrier(index) { return try providerOfCarrier(carrier(index), in: injector) }
    return try injector.resolve(Provider<any SoundNode>.self, named: name(index))
  }

  static func lazy(_ index: Int, in injector: Injector) throws(InjectionError) -> Any {
    if isCarrier(index) { return try lazyOfCarrier(carrier(index), in: injector) }
    return try injector.resolve(Lazy<any SoundNode>.self, named: name(index))
  }

  private static func resolveCarrier<C: SoundCarrier>(_ type: C.Type, in injector: Injector)
    throws(InjectionError) -> Any
  {
    try injector.resolve(C.self)
  }

  private static func resolveCarrierAsync<C: SoundCarrier>(_ type: C.Type, in injector: Injector)
    async throws(InjectionError) -> Any
  {
    try await injector.resolveAsync(C.self)
  }

  private static func resolveOptionalCarrier<C: SoundCarrier>(
    _ type: C.Type, in injector: Injector
  ) throws(InjectionError) -> C? {
    try injector.resolve(C?.self)
  }

  private static func providerOfCarrier<C: SoundCarrier>(_ type: C.Type, in injector: Injector)
    throws(InjectionError) -> Any
  {
    try injector.resolve(Provider<C>.self)
  }

  private static func lazyOfCarrier<C: SoundCarrier>(_ type: C.Type, in injector: Injector)
    throws(InjectionError) -> Any
  {
    try injector.resolve(Lazy<C>.self)
  }
}

/// A dependency that a factory, decorator or contribution resolves.
struct SoundEdge: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// `try i.resolve(T.self)` (awaited in an `async` factory).
    case direct
    /// `try i.resolve(T?.self)`.
    case optional
    /// `try i.resolve(Provider<T>.self)`, kept in the value.
    case provider
    /// `try i.resolve(Provider<T>.self)()`, called at once.
    case calledProvider
    /// `try i.resolve(Lazy<T>.self)`, kept in the value.
    case lazy
  }

  var target: Int
  var kind: Kind

  var code: String {
    let name = SoundKeys.name(target)
    return switch kind {
    case .direct: target == SoundKeys.collection ? "resolveAll(all)" : "resolve(\(name))"
    case .optional: "resolve(\(name)?)"
    case .provider: "Provider<\(name)>"
    case .calledProvider: "Provider<\(name)>()"
    case .lazy: "Lazy<\(name)>"
    }
  }
}

/// How a mapping makes its values.
enum SoundRecipe: Hashable, Sendable {
  case factory
  case asyncFactory
  case initializer
  /// `map(C6.self, scope:)`, for a carrier.
  case injectableType
  /// `map(T.self, to: instance)`, for a name.
  case instance
}

/// A mapping's lifetime: a `Scope`, or the resettable `SoundRequestScope`.
enum SoundScope: Hashable, Sendable {
  case transient, singleton, eagerSingleton, weak, graph, resettable

  var scope: Scope {
    switch self {
    case .transient: .transient
    case .singleton, .resettable: .singleton
    case .eagerSingleton: .eagerSingleton
    case .weak: .weak
    case .graph: .graph
    }
  }
}

/// One mapping.
struct SoundMapping: Hashable, Sendable {
  var key: Int
  var recipe: SoundRecipe
  var scope: SoundScope
  var edges: [SoundEdge]
  var fails: Bool
  /// The factory of an eager singleton throws when it is called again, before it resolves
  /// anything: the app's build stands, and validation's copy, which builds it again, takes
  /// the app's value (no failure is observed inside that build).
  var failsWhenBuiltAgain = false
}

/// One thing done to an injector (or, but for `addModule`, to a module's mappings).
enum SoundItem: Hashable, Sendable {
  case map(SoundMapping)
  /// `alias(n_key, to: target) { $0 }`.
  case alias(key: Int, target: Int)
  /// A contribution to `all`: a `SoundLeaf` of what it resolves.
  case contribute(singleton: Bool, edges: [SoundEdge], fails: Bool)
  /// A decorator of `key` that resolves `edges`, then returns the value (or throws).
  case decorate(key: Int, edges: [SoundEdge], fails: Bool)
  /// A module with these items (no modules among them); `try? injector.addModule(…)`.
  case addModule(id: Int, [SoundItem])

  /// Whether it maps a direct eager singleton that throws when built again.
  var isEagerBuiltOnce: Bool {
    guard case .map(let mapping) = self else { return false }
    return mapping.failsWhenBuiltAgain
  }

  var size: Int {
    switch self {
    case .map(let mapping):
      1 + mapping.edges.count + (mapping.fails ? 1 : 0) + (mapping.failsWhenBuiltAgain ? 1 : 0)
    case .alias: 1
    case .contribute(_, let edges, let fails), .decorate(_, let edges, let fails):
      1 + edges.count + (fails ? 1 : 0)
    case .addModule(_, let items): items.reduce(1) { $0 + $1.size }
    }
  }

  func code(on injector: String) -> String {
    let body: (String, [SoundEdge], Bool) -> String = { value, edges, fails in
      let steps = edges.map(\.code) + (fails ? ["throw"] : [value])
      return "{ " + steps.joined(separator: "; ") + " }"
    }
    switch self {
    case .map(let mapping) where mapping.failsWhenBuiltAgain:
      var first = mapping
      first.failsWhenBuiltAgain = false
      return SoundItem.map(first).code(on: injector) + "  // throws when built again"
    case .map(let mapping):
      let key = SoundKeys.name(mapping.key)
      let scope =
        mapping.scope == .resettable ? "in: RequestScope" : "scope: .\(mapping.scope)"
      let value = SoundKeys.isCarrier(mapping.key) ? "\(key)()" : "Leaf()"
      switch mapping.recipe {
      case .factory:
        return "\(injector).map(\(key), \(scope)) \(body(value, mapping.edges, mapping.fails))"
      case .asyncFactory:
        return
          "\(injector).map(\(key), \(scope)) async \(body(value, mapping.edges, mapping.fails))"
      case .initializer:
        return "\(injector).map(\(key), \(scope), with: \(body(value, [], mapping.fails)))"
      case .injectableType: return "\(injector).map(\(key).self, \(scope))"
      case .instance: return "\(injector).map(\(key), to: Leaf())"
      }
    case .alias(let key, let target):
      return "\(injector).alias(\(SoundKeys.name(key)), to: \(SoundKeys.name(target)))"
    case .contribute(let singleton, let edges, let fails):
      return
        "\(injector).contribute(all, scope: .\(singleton ? "singleton" : "transient")) \(body("Leaf()", edges, fails))"
    case .decorate(let key, let edges, let fails):
      return "\(injector).decorate(\(SoundKeys.name(key))) \(body("value", edges, fails))"
    case .addModule(let id, let items):
      let lines = items.map { "  " + $0.code(on: "$0") }
      return (["try? \(injector).addModule(M\(id) {"] + lines + ["})"]).joined(separator: "\n")
    }
  }
}
