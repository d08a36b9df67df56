import InjectionCore

/// Turns a ``Recipe`` into a mapping of the library, on an injector or in a module.
///
/// Each factory first resolves the recipe's dependency from the injector it receives, then
/// throws if the recipe fails, else returns a value stamped by the run's ``BuildLedger``.
struct RecipeBook: Sendable {
  private typealias Service = ModelServices.Service
  private typealias ServiceValue = ModelServices.ServiceValue
  private typealias Tool = ModelServices.Tool
  private typealias Widget = ModelServices.Widget

  let ledger: BuildLedger

  /// Maps `key` as `recipe` says.
  func map(_ key: ModelKey, _ recipe: Recipe, on mapper: some Mapper) {
    switch key.kind {
    case .service:
      map((any Service).self, named: key.name, recipe, on: mapper) { ServiceValue(stamp: $0) }
    case .tool: map(Tool.self, named: key.name, recipe, on: mapper) { Tool(stamp: $0) }
    case .widget: map(Widget.self, named: key.name, recipe, on: mapper) { Widget(stamp: $0) }
    }
  }

  private func map<T: Sendable>(
    _ type: T.Type, named name: String?, _ recipe: Recipe, on mapper: some Mapper,
    make: @escaping @Sendable (Stamp) -> T
  ) {
    let factory = factory(for: recipe, make: make)
    switch recipe.scope {
    case .transient: mapper.map(type, named: name, factory)
    case .singleton: mapper.map(type, named: name, scope: .singleton, factory)
    case .eagerSingleton: mapper.map(type, named: name, scope: .eagerSingleton, factory)
    case .graph: mapper.map(type, named: name, scope: .graph, factory)
    case .instance:
      mapper.map(type, named: name, to: make(ledger.stamp(recipe.tag, builder: "app", path: [])))
    }
  }

  private func factory<T>(for recipe: Recipe, make: @escaping @Sendable (Stamp) -> T)
    -> @Sendable (Injector) throws -> T
  {
    let ledger = ledger
    return { injector in
      // Nested builds count from the nearest cached value down (see `Stamp.path`).
      let outer = recipe.scope.isCached ? [] : ledger.path
      var dependencies: [Stamp] = []
      if let dependency = recipe.dependency {
        dependencies = [
          try ledger.within(path: outer + [recipe.tag]) { () throws(InjectionError) in
            try Self.resolve(dependency, from: injector)
          }
        ]
      }
      if recipe.fails { throw RecipeFailure(tag: recipe.tag) }
      return make(
        ledger.stamp(
          recipe.tag, builder: injector.label, path: outer, dependencies: dependencies))
    }
  }

  /// The stamp of the value `injector` resolves for `key`.
  static func resolve(_ key: ModelKey, from injector: Injector) throws(InjectionError) -> Stamp {
    switch key.kind {
    case .service: try injector.resolve((any Service).self, named: key.name).stamp
    case .tool: try injector.resolve(Tool.self, named: key.name).stamp
    case .widget: try injector.resolve(Widget.self, named: key.name).stamp
    }
  }

  /// The stamp of the value the optional resolution of `key` returns, or `nil`.
  static func resolveOptional(_ key: ModelKey, from injector: Injector) throws(InjectionError)
    -> Stamp?
  {
    switch key.kind {
    case .service: try injector.resolve((any Service)?.self, named: key.name)?.stamp
    case .tool: try injector.resolve(Tool?.self, named: key.name)?.stamp
    case .widget: try injector.resolve(Widget?.self, named: key.name)?.stamp
    }
  }

  /// Whether `injector` reports `key` as mapped.
  static func isMapped(_ key: ModelKey, on injector: Injector) -> Bool {
    switch key.kind {
    case .service: injector.isMapped((any Service).self, named: key.name)
    case .tool: injector.isMapped(Tool.self, named: key.name)
    case .widget: injector.isMapped(Widget.self, named: key.name)
    }
  }

  /// Unmaps `key` from `injector`.
  static func unmap(_ key: ModelKey, from injector: Injector) {
    switch key.kind {
    case .service: injector.unmap((any Service).self, named: key.name)
    case .tool: injector.unmap(Tool.self, named: key.name)
    case .widget: injector.unmap(Widget.self, named: key.name)
    }
  }

  /// The library's description of `key`, to read errors.
  static func injectionKey(of key: ModelKey) -> InjectionKey {
    switch key.kind {
    case .service: InjectionKey((any Service).self, named: key.name)
    case .tool: InjectionKey(Tool.self, named: key.name)
    case .widget: InjectionKey(Widget.self, named: key.name)
    }
  }
}
