public import InjectionCore

/// The changes a test makes to the mappings of its test injector: overrides, removals, modules
/// and placeholders, applied before anything is built in it.
///
/// You get one in the `overrides` closure of ``withTestInjector(from:label:_:overrides:sourceLocation:operation:)-(_,_,TestInjectionOption...,_,_,_)``
/// or of the ``Testing/Trait/injecting(_:from:_:)-(TestInjectionOption...,_,_)`` trait, and map on it with the same methods as on
/// an `Injector`:
///
/// ```swift
/// @Test(.injecting { $0.map((any PaymentGateway).self) { _ in FakeGateway() } })
/// func checkoutCharges() throws { … }
/// ```
///
/// Mapping a key twice in one scope keeps the later mapping, as mapping it twice on an injector
/// does; a suite's overrides come before its tests' own, so a test's win. A contribution
/// (`contribute`) is added to the collection of its key, after the base's contributions;
/// ``removeContributions(to:named:)`` replaces the collection. An entry of a keyed collection
/// (`contribute(_:forKey:…)`) wins over the base's entry of its key;
/// ``removeContributions(to:keyedBy:named:)`` removes the base's entries. A key the test maps is exactly
/// what the test said: the base's decorators do not wrap it, whether it is mapped `to:` an
/// instance or to a factory; a decorator the test adds (`decorate`, before or after the
/// mapping) does, when the value is built. A decorator is added after the base's decorators of
/// its key, and wraps the values the test injector builds; ``removeDecorators(of:named:)``
/// removes the base's (the test injector is a copy: it holds the decorators of the base's whole
/// chain).
public final class TestOverrides: Mapper {
  /// One change, in the order the test made it.
  enum Change {
    case map(Mapping)
    case unmap(InjectionKey)
    case removeContributions(InjectionKey)
    case removeDecorators(InjectionKey)
    case addModule(any InjectionModule)
  }

  private(set) var changes: [Change] = []
  /// The keys mapped as placeholders (and not mapped again since).
  private(set) var placeholders: Set<InjectionKey> = []

  init() {}

  /// Records a mapping that one of the `map` methods made; it overrides the base's mapping of
  /// its key in the test injector.
  ///
  /// - Parameter mapping: The mapping to add.
  public func add(_ mapping: Mapping) {
    // A decorator wraps the key's values; it does not replace a placeholder.
    if !mapping.isDecorator { placeholders.remove(mapping.key) }
    changes.append(.map(mapping))
  }

  /// Removes every mapping of a key from the test injector (the base keeps its own).
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  public func unmap<T>(_ type: T.Type, named name: String? = nil) {
    let key = InjectionKey(T.self, named: name)
    placeholders.remove(key)
    changes.append(.unmap(key))
  }

  /// Removes every contribution to a collection from the test injector (the base keeps its
  /// own), so that the test's own contributions replace the collection.
  ///
  /// Contributions the test makes with `contribute` are added to the collection, after the
  /// base's; remove the collection first to replace it:
  ///
  /// ```swift
  /// @Test(.injecting(from: app) { overrides in
  ///   overrides.removeContributions(to: (any LogDestination).self)
  ///   overrides.contribute((any LogDestination).self) { _ in MemoryLog() }
  /// })
  /// func logsOnlyToMemory() throws { … }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The collection's element type.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  public func removeContributions<Element>(to type: Element.Type, named name: String? = nil) {
    changes.append(.removeContributions(InjectionKey([Element].self, named: name)))
  }

  /// Removes every entry of a keyed collection from the test injector (the base keeps its
  /// own), so that the test's own entries are the whole collection.
  ///
  /// An entry the test contributes (`contribute(_:forKey:…)`) under a key the base holds
  /// already wins over the base's, as a child injector's entry does: no `overriding: true` and
  /// no removal is needed to replace one entry.
  ///
  /// ```swift
  /// @Test(.injecting(from: app) { overrides in
  ///   overrides.contribute((any Parser).self, forKey: "json") { _ in FakeParser() }  // one entry
  ///   overrides.removeContributions(to: (any Exporter).self, keyedBy: String.self)  // all
  /// })
  /// func importsWithTheFake() throws { … }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The collection's element type.
  ///   - keyType: The type of the keys the entries were contributed under.
  ///   - name: The collection's name, or `nil` for the unnamed collection.
  public func removeContributions<EntryKey: Hashable & Sendable, Element>(
    to type: Element.Type, keyedBy keyType: EntryKey.Type, named name: String? = nil
  ) {
    changes.append(.removeContributions(InjectionKey([EntryKey: Element].self, named: name)))
  }

  /// Removes every decorator of a key from the test injector: the base's (which the test
  /// injector copied) and those the test added before this call.
  ///
  /// ```swift
  /// @Test(.injecting(from: app) { overrides in
  ///   overrides.removeDecorators(of: (any Engine).self)
  /// })
  /// func measuresTheBareEngine() throws { … }
  /// ```
  ///
  /// The base keeps its own decorators.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  public func removeDecorators<T>(of type: T.Type, named name: String? = nil) {
    changes.append(.removeDecorators(InjectionKey(T.self, named: name)))
  }

  /// Adds a module to the test injector; its mappings shadow the base's.
  ///
  /// - Parameter module: The module to add; a failing `configure` or eager singleton fails the
  ///   scope with the thrown `InjectionError`.
  public func addModule(_ module: any InjectionModule) {
    changes.append(.addModule(module))
  }

  /// Maps a key to a placeholder: resolving it records a test failure that names the key and
  /// the path that asked for it, then throws.
  ///
  /// For what a test must not touch, such as the network. A resolution through `resolve`
  /// throws ``PlaceholderResolution`` wrapped in `InjectionError.factoryFailed(key:path:underlying:)`;
  /// an `@Injected` read cannot throw and stops the program, so give such a key a value with
  /// ``mapPlaceholder(_:named:returning:)`` when an `@Injected` property might read it.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  public func mapPlaceholder<T>(_ type: T.Type, named name: String? = nil) {
    let key = InjectionKey(T.self, named: name)
    map(T.self, named: name) { _ -> T in throw PlaceholderResolution(key: key) }
    placeholders.insert(key)
  }

  /// Maps a key to a placeholder that records a test failure when resolved, naming the key and
  /// the path, and then returns `value()` so that the test can go on.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  ///   - value: What each resolution returns after the failure is recorded.
  public func mapPlaceholder<T>(
    _ type: T.Type, named name: String? = nil, returning value: @escaping @Sendable () -> T
  ) {
    map(T.self, named: name) { _ in value() }
    placeholders.insert(InjectionKey(T.self, named: name))
  }

  /// The keys the changes map, remove or give to a module, in the order made.
  var overriddenKeys: [InjectionKey] {
    changes.compactMap {
      switch $0 {
      case .map(let mapping): mapping.isDecorator ? nil : mapping.key
      case .unmap(let key): key
      case .removeContributions(let key): key
      case .removeDecorators, .addModule: nil
      }
    }
  }

  /// The keys the changes map (placeholders and aliases included; not decorators,
  /// contributions or modules), each once, in the order first mapped: the keys whose values
  /// are exactly what the test said, which the base's decorators do not wrap.
  var mappedKeys: [InjectionKey] {
    var seen: Set<InjectionKey> = []
    return changes.compactMap {
      guard case .map(let mapping) = $0, !mapping.isDecorator, !mapping.isContribution,
        seen.insert(mapping.key).inserted
      else { return nil }
      return mapping.key
    }
  }

  /// Adds the decorators the changes make to `decorators`, the test's own decorators of each
  /// key in the order added; a removal of a key's decorators empties its list.
  func collectDecorators(into decorators: inout [InjectionKey: [Mapping]]) {
    for change in changes {
      switch change {
      case .map(let mapping) where mapping.isDecorator:
        decorators[mapping.key, default: []].append(mapping)
      case .removeDecorators(let key): decorators[key] = nil
      default: continue
      }
    }
  }

  /// Applies the changes to `injector`, in order, after taking the decorators the test did
  /// not add off the keys in `undecorated`.
  ///
  /// - Parameters:
  ///   - injector: The test injector.
  ///   - undecorated: Keys whose decorators to remove first: the base's, copied into the test
  ///     injector, do not wrap a test's override.
  ///   - ownDecorators: The decorators the test added earlier, put back on those keys.
  func apply(
    to injector: Injector, undecorating undecorated: [InjectionKey] = [],
    keeping ownDecorators: [InjectionKey: [Mapping]] = [:]
  ) throws(InjectionError) {
    for key in undecorated {
      injector.removeDecorators(of: key)
      for decorator in ownDecorators[key] ?? [] { injector.add(decorator) }
    }
    for change in changes {
      switch change {
      case .map(let mapping): injector.add(mapping)
      case .unmap(let key): injector.unmap(key)
      case .removeContributions(let key): injector.removeContributions(to: key)
      case .removeDecorators(let key): injector.removeDecorators(of: key)
      case .addModule(let module): try injector.addModule(module)
      }
    }
  }
}
