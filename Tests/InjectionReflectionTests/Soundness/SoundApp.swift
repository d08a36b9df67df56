import InjectionCore
import InjectionTestHelpers

/// A module made of generated items.
final class SoundModule: InjectionModule {
  let items: [SoundItem]

  init(items: [SoundItem]) {
    self.items = items
  }

  func configure(_ mappings: ModuleMappings) {
    for item in items { SoundApp.apply(item, to: mappings) }
  }
}

/// Builds the injectors of a ``SoundGraph``, and resolves what it says as an app would.
struct SoundApp {
  let app: Injector
  let child: Injector?
  /// The injector validation is given: the child, if any.
  var validated: Injector { child ?? app }

  init(_ graph: SoundGraph) {
    let app = Injector(label: "app")
    for item in graph.parent { Self.add(item, to: app) }
    self.app = app
    child = graph.child.map { items in
      let child = app.makeChild(label: "child")
      for item in items { Self.add(item, to: child) }
      return child
    }
  }

  /// `prepare()` on each injector, the app's first; whether both succeeded.
  func prepare() async -> Bool {
    var prepared = true
    for injector in [app, child].compactMap(\.self) {
      do { try await injector.prepare() } catch { prepared = false }
    }
    return prepared
  }

  private static func add(_ item: SoundItem, to injector: Injector) {
    if case .addModule(_, let items) = item {
      _ = try? injector.addModule(SoundModule(items: items))
    } else {
      apply(item, to: injector)
    }
  }

  /// Makes the mapping, alias, contribution or decorator of `item` with `mapper`.
  static func apply(_ item: SoundItem, to mapper: some Mapper) {
    switch item {
    case .map(let mapping):
      if SoundKeys.isCarrier(mapping.key) {
        mapCarrier(SoundKeys.carrier(mapping.key), mapping, on: mapper)
      } else {
        let name = SoundKeys.name(mapping.key)
        map((any SoundNode).self, name: name, mapping, on: mapper) { SoundLeaf(parts: $0) }
      }
    case .alias(let key, let target):
      if SoundKeys.isCarrier(target) {
        aliasCarrier(SoundKeys.carrier(target), key: key, on: mapper)
      } else {
        mapper.alias(
          (any SoundNode).self, named: SoundKeys.name(key), to: (any SoundNode).self,
          targetNamed: SoundKeys.name(target)
        ) { $0 }
      }
    case .contribute(let singleton, let edges, let fails):
      mapper.contribute(
        (any SoundNode).self, named: "all", scope: singleton ? .singleton : .transient
      ) { injector in
        let parts = try resolve(edges, in: injector)
        if fails { throw SoundFailure(key: "all") }
        return SoundLeaf(parts: parts) as any SoundNode
      }
    case .decorate(let key, let edges, let fails):
      if SoundKeys.isCarrier(key) {
        decorateCarrier(SoundKeys.carrier(key), edges: edges, fails: fails, on: mapper)
      } else {
        mapper.decorate((any SoundNode).self, named: SoundKeys.name(key)) { value, injector in
          let resolved = try resolve(edges, in: injector)
          if fails { throw SoundFailure(key: SoundKeys.name(key)) }
          value.keep(resolved)
          return value
        }
      }
    case .addModule:
      preconditionFailure("a module holds no module")
    }
  }

  private static func mapCarrier<C: SoundCarrier>(
    _ type: C.Type, _ mapping: SoundMapping, on mapper: some Mapper
  ) {
    // The overloads for `InjectionCompletable` types, which call the hook (`Injectable`'s).
    let (edges, fails, label) = (mapping.edges, mapping.fails, "\(C.self)")
    switch (mapping.recipe, mapping.scope) {
    case (.injectableType, .resettable):
      mapper.map(C.self, scope: .resettable(SoundRequestScope.self))
    case (.injectableType, let scope): mapper.map(C.self, scope: MappingScope(scope.scope))
    case (_, .resettable):
      mapper.map(C.self, scope: .resettable(SoundRequestScope.self)) { injector in
        let parts = try resolve(edges, in: injector)
        if fails { throw SoundFailure(key: label) }
        return C(extra: parts)
      }
    case (.initializer, let scope):
      mapper.map(C.self, scope: MappingScope(scope.scope)) {
        if fails { throw SoundFailure(key: label) }
        return C(extra: [])
      }
    case (_, let scope):
      let builds = mapping.failsWhenBuiltAgain ? Counter() : nil
      mapper.map(C.self, scope: MappingScope(scope.scope)) { injector in
        if let builds, builds.increment() > 1 { throw SoundFailure(key: label) }
        let parts = try resolve(edges, in: injector)
        if fails { throw SoundFailure(key: label) }
        return C(extra: parts)
      }
    }
  }

  private static func aliasCarrier<C: SoundCarrier>(
    _ type: C.Type, key: Int, on mapper: some Mapper
  ) {
    mapper.alias((any SoundNode).self, named: SoundKeys.name(key), to: C.self) { $0 }
  }

  private static func decorateCarrier<C: SoundCarrier>(
    _ type: C.Type, edges: [SoundEdge], fails: Bool, on mapper: some Mapper
  ) {
    mapper.decorate(C.self) { value, injector in
      let resolved = try resolve(edges, in: injector)
      if fails { throw SoundFailure(key: "\(C.self)") }
      value.keep(resolved)
      return value
    }
  }

  private static func map<T: Sendable>(
    _ type: T.Type, name: String?, _ mapping: SoundMapping, on mapper: some Mapper,
    make: @escaping @Sendable ([Any]) -> T
  ) {
    let label = name ?? "\(T.self)"
    let (edges, fails) = (mapping.edges, mapping.fails)
    switch (mapping.recipe, mapping.scope) {
    case (.instance, _):
      mapper.map(T.self, named: name, to: make([]))
    case (.initializer, .resettable), (.factory, .resettable), (.injectableType, .resettable),
      (.asyncFactory, .resettable):
      mapper.map(T.self, named: name, scope: .resettable(SoundRequestScope.self)) { injector in
        let parts = try resolve(edges, in: injector)
        if fails { throw SoundFailure(key: label) }
        return make(parts)
      }
    case (.initializer, let scope):
      mapper.map(T.self, named: name, scope: MappingScope(scope.scope)) {
        if fails { throw SoundFailure(key: label) }
        return make([])
      }
    case (.asyncFactory, let scope):
      mapper.map(T.self, named: name, scope: MappingScope(scope.scope)) { injector async throws in
        let parts = try await resolveAsync(edges, in: injector)
        if fails { throw SoundFailure(key: label) }
        return make(parts)
      }
    case (.factory, let scope), (.injectableType, let scope):
      let builds = mapping.failsWhenBuiltAgain ? Counter() : nil
      mapper.map(T.self, named: name, scope: MappingScope(scope.scope)) { injector in
        if let builds, builds.increment() > 1 { throw SoundFailure(key: label) }
        let parts = try resolve(edges, in: injector)
        if fails { throw SoundFailure(key: label) }
        return make(parts)
      }
    }
  }

  private static func resolve(_ edges: [SoundEdge], in injector: Injector) throws(InjectionError)
    -> [Any]
  {
    var parts: [Any] = []
    for edge in edges { parts.append(try resolve(edge, in: injector)) }
    return parts
  }

  private static func resolve(_ edge: SoundEdge, in injector: Injector) throws(InjectionError)
    -> Any
  {
    switch edge.kind {
    case .direct: return try SoundKeys.resolve(edge.target, in: injector)
    case .optional: return try SoundKeys.resolveOptional(edge.target, in: injector)
    case .provider: return try SoundKeys.provider(edge.target, in: injector)
    case .lazy: return try SoundKeys.lazy(edge.target, in: injector)
    case .calledProvider:
      let provider = try SoundKeys.provider(edge.target, in: injector)
      return try SoundDeferred.of(provider)!.resolveNow()
    }
  }

  private static func resolveAsync(_ edges: [SoundEdge], in injector: Injector)
    async throws(InjectionError) -> [Any]
  {
    var parts: [Any] = []
    for edge in edges {
      if edge.kind == .direct {
        parts.append(try await SoundKeys.resolveAsync(edge.target, in: injector))
      } else {
        parts.append(try resolve(edge, in: injector))
      }
    }
    return parts
  }
}
