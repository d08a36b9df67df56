import InjectionCore

// Captive dependencies: a value that lives longer keeping one that should live shorter.
//
// What counts as held: a key resolved while a value is being built (by its factory, or for one
// of its `@Injected` properties), directly or through values built anew in between (transients,
// aliases, automatically created types, collections), whose builder keeps them. The nearest
// value on the path that an injector caches is the holder. A `Provider` or `Lazy` value is not
// followed: what it resolves, it resolves later, in a resolution of its own.

extension GraphRecorder {
  /// A resolution that started while other values were being built, and whose key might be
  /// kept by one of them beyond its lifetime.
  struct HeldResolution {
    let key: InjectionKey
    /// The keys being built around it, outermost first.
    let path: [InjectionKey]
  }

  /// Whether a resolution that starts might make a captive: it starts inside a build, and its
  /// key's mapping is `.weak`, `.graph` or of a resettable scope, or a nearer injector than an
  /// ancestor that caches values maps it (`nearerKeys`).
  static func mayBeHeld(_ event: ResolutionEvent, nearerKeys: Set<InjectionKey>) -> Bool {
    guard !event.path.isEmpty else { return false }
    switch event.scope {
    case .weak?, .graph?: return true
    default:
      // Most injectors have no ancestor: the set is empty, and the key is not hashed.
      return event.resettableScope != nil
        || (!nearerKeys.isEmpty && nearerKeys.contains(event.key))
    }
  }
}

extension GraphExplorer {
  /// The mappings of one injector and its ancestors, with how far each owner is.
  struct Lifetimes {
    /// The mapping each key resolves with, and its owner's distance: 0 for the injector's own,
    /// 1 for its parent's, and so on.
    let mappings: [InjectionKey: (mapping: MappingSnapshot, level: Int)]
    /// The label of each injector of the chain, by distance.
    let labels: [String]

    init(_ snapshot: InjectorSnapshot) {
      var mappings: [InjectionKey: (mapping: MappingSnapshot, level: Int)] = [:]
      for mapping in snapshot.mappings { mappings[mapping.key] = (mapping, 0) }
      for (index, ancestor) in snapshot.inherited.enumerated() {
        for mapping in ancestor.mappings where mappings[mapping.key] == nil {
          mappings[mapping.key] = (mapping, index + 1)
        }
      }
      self.mappings = mappings
      labels = [snapshot.label] + snapshot.inherited.map(\.injector)
    }

    /// The keys mapped nearer than the farthest ancestor whose mapping caches its values.
    ///
    /// A value that ancestor caches and that resolves one of them does not see that mapping.
    /// Empty without ancestors.
    static func nearerKeys(in snapshot: InjectorSnapshot) -> Set<InjectionKey> {
      guard !snapshot.inherited.isEmpty else { return [] }
      let lifetimes = Lifetimes(snapshot)
      let farthest = lifetimes.mappings.values.filter { isCached($0.mapping) }.map(\.level).max()
      guard let farthest, farthest > 0 else { return [] }
      return Set(lifetimes.mappings.filter { $0.value.level < farthest }.keys)
    }

    /// Whether the injector that owns `mapping` keeps its values: a singleton, an eager
    /// singleton, a `.weak` value while it lives, a value of a resettable scope; not an
    /// instance, which the app built.
    static func isCached(_ mapping: MappingSnapshot) -> Bool {
      mapping.recipe != .instance && mapping.aliasTarget == nil
        && mapping.scope != .transient && mapping.scope != .graph
    }

    /// The captive dependency a resolution of `key` inside the builds of `path` makes, with the
    /// edge of the graph that brings it in; `nil` if its holder may keep it.
    func captive(_ key: InjectionKey, path: [InjectionKey]) -> (
      problem: ValidationProblem, edge: GraphRecorder.Dependency
    )? {
      guard let (held, heldLevel) = mappings[key], let from = path.last else { return nil }
      // The holder: the nearest value on the path that is not built anew for its builder.
      guard
        let holderKey = path.last(where: {
          guard let found = mappings[$0] else { return false }
          return Self.isCached(found.mapping) || found.mapping.scope == .graph
        }), holderKey != key, let (holder, holderLevel) = mappings[holderKey],
        holder.scope != .graph
      else { return nil }
      let reason =
        Self.lifetimeReason(held: held, holder: holder)
        ?? overrideReason(held: held, level: heldLevel, holder: holder, holderLevel: holderLevel)
      guard let reason else { return nil }
      return (
        .captiveDependency(key: key, holder: holderKey, path: path, reason: reason),
        GraphRecorder.Dependency(from: from, to: key)
      )
    }

    /// Why `holder` must not keep `held` because of their lifetimes, with the fix; `nil` if it
    /// may.
    static func lifetimeReason(held: MappingSnapshot, holder: MappingSnapshot) -> String? {
      // A singleton keeps what it holds for good; a value of a resettable scope, until its
      // scope is reset; a `.weak` value, as long as someone holds it.
      let isSingleton =
        holder.resettableScope == nil
        && (holder.scope == .singleton || holder.scope == .eagerSingleton)
      guard isSingleton || holder.resettableScope != nil, held.recipe != .instance else {
        return nil
      }
      let outlived: String
      if let scope = held.resettableScope {
        guard holder.resettableScope != scope else { return nil }
        // A value the reset disposes (a closed connection) is worse than a stale one: the
        // holder goes on using it after its dispose(). Said only when the mapping knows it (its
        // type conforms, or the value the injector built does).
        outlived =
          held.disposal == .disposed
          ? "(in \(scope)) is disposed by reset(\(scope).self) and then used after its disposal"
          : "(in \(scope)) is kept after reset(\(scope).self)"
      } else if held.scope == .weak, isSingleton {
        // A value of a resettable scope that holds a `.weak` one keeps it until the reset:
        // that is what `.weak` means, shared while someone holds it.
        outlived = "(.weak) is kept alive for good"
      } else if held.scope == .graph {
        outlived = "(.graph) is kept beyond the resolution that built it"
      } else {
        return nil
      }
      let key = held.key
      let named = Self.namedInCode(key)
      let sameLifetime: String =
        if let scope = held.resettableScope {
          "scope: .resettable(\(scope).self)"
        } else {
          "scope: .\(held.scope)"
        }
      return """
        \(outlived) by \(describe(holder))
          fix: hold a Provider<\(key.typeInCode)> and call it where the value is used \
        (try injector.resolve(Provider<\(key.typeInCode)>.self\(named)) in the factory, or an \
        @Injected property of that type), or give \(holder.key) the lifetime of \(key): \
        injector.map(\(holder.key.metatypeInCode)\(Self.namedInCode(holder.key)), \
        \(sameLifetime)) { … }
        """
    }

    /// Why `holder`, which an ancestor caches, does not get the mapping of `held` that a nearer
    /// injector makes, with the fix; `nil` if it does.
    func overrideReason(
      held: MappingSnapshot, level: Int, holder: MappingSnapshot, holderLevel: Int
    ) -> String? {
      guard level < holderLevel, Self.isCached(holder) else { return nil }
      let near = labels[level]
      let far = labels[holderLevel]
      let lifetime: String =
        if let scope = holder.resettableScope {
          "scope: .resettable(\(scope).self)"
        } else {
          "scope: .\(holder.scope)"
        }
      return """
        is mapped by injector "\(near)", which \(Self.describe(holder)) of injector "\(far)" \
        never sees: "\(far)" builds it with its own mappings
          fix: map \(holder.key) in the injector that maps \(held.key): \
        injector.map(\(holder.key.metatypeInCode)\(Self.namedInCode(holder.key)), \
        \(lifetime)) { … } on "\(near)"; or map \(held.key) in "\(far)" if every injector shares it
        """
    }

    /// `, named: "primary"` for a key with a name, as a call writes it; empty without one.
    static func namedInCode(_ key: InjectionKey) -> String {
      key.name.map { ", named: \(String(reflecting: $0))" } ?? ""
    }

    /// `singleton Cache`, `eager singleton Cache`, `.weak Cache`, `Cache (in SessionScope)`.
    static func describe(_ mapping: MappingSnapshot) -> String {
      if let scope = mapping.resettableScope { return "\(mapping.key) (in \(scope))" }
      return switch mapping.scope {
      case .singleton: "singleton \(mapping.key)"
      case .eagerSingleton: "eager singleton \(mapping.key)"
      default: ".\(mapping.scope) \(mapping.key)"
      }
    }
  }

  /// The captive dependencies among the resolutions recorded inside builds, each pair of holder
  /// and key once, with the edges that bring them in.
  static func captives(
    _ held: [GraphRecorder.HeldResolution], in snapshot: InjectorSnapshot,
    removed: Set<InjectionKey>
  ) -> (problems: [ValidationProblem], edges: Set<GraphRecorder.Dependency>) {
    guard !held.isEmpty else { return ([], []) }
    let lifetimes = Lifetimes(snapshot)
    var problems: [ValidationProblem] = []
    var edges: Set<GraphRecorder.Dependency> = []
    var seen: Set<GraphRecorder.Dependency> = []
    for resolution in held where !removed.contains(resolution.key) {
      guard let (problem, edge) = lifetimes.captive(resolution.key, path: resolution.path),
        case .captiveDependency(_, let holder, _, _) = problem,
        seen.insert(GraphRecorder.Dependency(from: holder, to: resolution.key)).inserted
      else { continue }
      problems.append(problem)
      edges.insert(edge)
    }
    return (problems, edges)
  }
}
