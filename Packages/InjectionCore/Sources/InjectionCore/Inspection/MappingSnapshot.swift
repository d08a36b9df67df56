/// One mapping of an injector at the moment a snapshot was taken.
///
/// Part of an ``InjectorSnapshot``. A value: it holds no built value and no reference into the
/// injector, so keeping it keeps nothing alive.
///
/// ```swift
/// let engine = injector.snapshot().mapping(for: InjectionKey(Engine.self))
/// #expect(engine?.scope == .singleton)
/// #expect(engine?.hook != .missed)
/// ```
public struct MappingSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// How a mapping makes its values.
  public enum Recipe: Hashable, Sendable {
    /// A factory closure that receives the injector: `map(Engine.self) { injector in … }`.
    case factory
    /// An initializer or function without parameters: `map(Engine.self, with: V8.init)`.
    case initializer
    /// An instance the app built: `map(Engine.self, to: engine)`.
    case instance
    /// An ``Injectable`` type built with `init()`: `map(Wheel.self)`.
    case injectableType
    /// A factory that takes arguments besides the injector:
    /// `map(Handler.self, taking: Int.self) { injector, id in … }`.
    case factoryWithArguments
    /// An `async` factory: `map(Database.self, scope: .singleton) { _ in try await … }`.
    case asyncFactory
    /// A factory isolated to the main actor:
    /// `map(Router.self, scope: .singleton) { @MainActor _ in AppRouter() }`.
    case mainActorFactory
  }

  /// Who made a mapping.
  public enum Owner: Hashable, Sendable, CustomStringConvertible {
    /// A `map` call on the injector itself.
    case direct
    /// A module's `configure`; the module's type name, as ``ModuleSnapshot/name`` spells it.
    case module(String)

    /// `direct`, or `module <name>`.
    public var description: String {
      switch self {
      case .direct: "direct"
      case .module(let name): "module \(name)"
      }
    }
  }

  /// Whether the injection-complete hook runs for a mapping's values.
  public enum Hook: Hashable, Sendable {
    /// The values' type conforms to ``InjectionCompletable`` and the mapping knows it: the hook
    /// runs once per built value.
    case called
    /// A protocol key: each built value's type is checked once for a hook, which runs if it has
    /// one.
    case checkedForEachType
    /// The values' type has no hook.
    case notCalled
    /// The values' type conforms to ``InjectionCompletable``, but the mapping was made where the
    /// compiler could not see that (for example in a generic helper whose type parameter is not
    /// constrained to ``InjectionCompletable``), so the hook never runs. Constrain the helper's
    /// type parameter, or map the type directly; see <doc:GettingStarted>.
    case missed
  }

  /// Whether the injector disposes a mapping's values when the owner that built them ends (see
  /// ``InjectionDisposable``).
  ///
  /// What can be known without building a value: the injector owns what a ``Scope/singleton``
  /// or ``Scope/eagerSingleton`` mapping builds (a resettable scope's too), never a mapped
  /// instance, an alias's value, or a transient, graph or weak value; whether an owned value is
  /// disposed depends on its dynamic type, known for certain once it is built.
  public enum Disposal: Hashable, Sendable, CustomStringConvertible {
    /// The injector owns the values and disposes them: the key's type conforms to
    /// ``InjectionDisposable`` or ``AsyncInjectionDisposable``, or the value built now does.
    case disposed
    /// The injector owns the values; the key is a protocol or a class, so whether a value is
    /// disposed depends on the type of the value built, checked when it is built.
    case disposedIfConforming
    /// The injector owns the values, but they are not disposed: the key's type (a structure or
    /// an enumeration) or the value built now conforms to neither protocol.
    case notDisposed
    /// The injector does not own the values, so it never disposes them: a mapped instance, an
    /// alias, or a transient, graph or weak mapping.
    case notOwned

    /// `disposed`, `disposed if conforming`, `not disposed` or `not owned`.
    public var description: String {
      switch self {
      case .disposed: "disposed"
      case .disposedIfConforming: "disposed if conforming"
      case .notDisposed: "not disposed"
      case .notOwned: "not owned"
      }
    }
  }

  /// The key: the type, and the name if the mapping has one.
  public let key: InjectionKey
  /// How long its values live.
  public let scope: Scope
  /// How it makes its values.
  public let recipe: Recipe
  /// Who made it.
  public let owner: Owner
  /// The owners of the mappings of the same key that this one shadows, the most recent first:
  /// removing this mapping's module (or unmapping it directly) makes the first of them active.
  public let shadowed: [Owner]
  /// Whether a cached value exists.
  ///
  /// `true` for a built singleton or eager singleton, a mapped instance, or a `.weak` object
  /// that is still alive; always `false` for a transient mapping.
  public let isBuilt: Bool
  /// Whether the injection-complete hook runs for its values.
  public let hook: Hook
  /// The key an alias resolves, whose mapping makes its values; `nil` for every other mapping.
  ///
  /// An alias (``Mapper/alias(_:named:to:targetNamed:_:)``) is listed with the recipe
  /// ``Recipe/factory``: its factory resolves this key and converts the value.
  ///
  /// ```swift
  /// let reserving = injector.snapshot().mapping(for: InjectionKey((any Reserving).self))
  /// #expect(reserving?.aliasTarget == InjectionKey(TicketService.self))
  /// ```
  ///
  /// An alias is ``Scope/transient`` itself: each resolution resolves its target, whose scope
  /// decides whether the value is shared.
  public let aliasTarget: InjectionKey?
  /// The name of the ``ResettableScope`` its value is cached in (`SessionScope`), for a
  /// mapping made with `map(_:named:in:_:)`; `nil` for every other mapping.
  ///
  /// Such a mapping's ``scope`` is ``Scope/singleton``: one value per owning injector, until
  /// ``Injector/reset(_:)`` drops it (``isBuilt`` is then `false` again).
  public let resettableScope: String?
  /// The key of a contribution to a keyed collection
  /// (``Mapper/contribute(_:forKey:named:scope:overriding:_:)``), written as
  /// `String(reflecting:)` writes it (`"json"` with its quotes, `MyApp.FileKind.json`); `nil`
  /// for every other mapping.
  ///
  /// ```swift
  /// let entries = injector.snapshot().contributions.compactMap(\.entryKey)
  /// #expect(entries.contains(#""json""#))
  /// ```
  public let entryKey: String?
  /// Whether the mapping caches one value per distinct argument value: a mapping made with
  /// `map(_:named:taking:_:scope:_:)` and ``PerArgumentScope/perArgument`` or
  /// ``PerArgumentScope/perArgument(in:)``.
  ///
  /// Such a mapping's ``scope`` is ``Scope/singleton`` (each argument value's value lives as a
  /// singleton does) and its ``recipe`` ``Recipe/factoryWithArguments``; ``cachedValueCount``
  /// says how many argument values have a value, and ``isBuilt`` whether any has.
  ///
  /// ```swift
  /// let profiles = injector.snapshot().mapping(for: InjectionKey(UserProfile.self))
  /// #expect(profiles?.cachesPerArgument == true)
  /// #expect(profiles?.cachedValueCount == 2)  // two users resolved so far
  /// ```
  public let cachesPerArgument: Bool
  /// How many values the mapping caches now: one per distinct argument value for a mapping
  /// that ``cachesPerArgument``; for every other mapping 1 if ``isBuilt``, else 0.
  public let cachedValueCount: Int
  /// Whether the injector disposes its values when their owner ends.
  ///
  /// ```swift
  /// let database = injector.snapshot().mapping(for: InjectionKey(Database.self))
  /// #expect(database?.disposal == .disposed)  // Database: InjectionDisposable, a singleton
  /// ```
  public let disposal: Disposal

  /// Creates a mapping snapshot; injectors make these, and tests can compare against them.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - scope: The scope.
  ///   - recipe: How it makes its values.
  ///   - owner: Who made it.
  ///   - shadowed: The owners of the mappings it shadows, the most recent first.
  ///   - isBuilt: Whether a cached value exists.
  ///   - hook: Whether the hook runs for its values.
  ///   - aliasTarget: The key an alias resolves.
  ///   - resettableScope: The name of the resettable scope it caches its value in, if any.
  ///   - entryKey: The key of a contribution to a keyed collection, if it is one.
  ///   - argumentValueCount: For a mapping cached per argument, how many argument values have
  ///     a value; `nil` for every other mapping.
  ///   - disposal: Whether the injector disposes its values.
  package init(
    key: InjectionKey, scope: Scope, recipe: Recipe, owner: Owner, shadowed: [Owner] = [],
    isBuilt: Bool, hook: Hook, aliasTarget: InjectionKey? = nil, resettableScope: String? = nil,
    entryKey: String? = nil, argumentValueCount: Int? = nil, disposal: Disposal = .notOwned
  ) {
    self.cachesPerArgument = argumentValueCount != nil
    self.cachedValueCount = argumentValueCount ?? (isBuilt ? 1 : 0)
    self.disposal = disposal
    self.resettableScope = resettableScope
    self.entryKey = entryKey
    self.key = key
    self.scope = scope
    self.recipe = recipe
    self.owner = owner
    self.shadowed = shadowed
    self.isBuilt = isBuilt
    self.hook = hook
    self.aliasTarget = aliasTarget
  }

  /// One line: `Engine: singleton factory, direct, built, hook: called`; for an alias,
  /// `any Reserving: alias of TicketService, direct`; a mapping of a resettable scope says
  /// `singleton in SessionScope factory`; a keyed contribution says its key:
  /// `Dictionary<String, Parser> "json": transient factory, direct, hook: checked…`; one cached
  /// per argument says `singleton per argument factoryWithArguments, direct, built for 2
  /// arguments`; a mapping whose values are disposed ends with `disposed` or `disposed if
  /// conforming`.
  public var description: String {
    description(names: KeyNames([key] + (aliasTarget.map { [$0] } ?? [])))
  }

  /// One line, with the key written as `names` writes it.
  func description(names: KeyNames) -> String {
    if let aliasTarget {
      var parts = ["alias of \(names[aliasTarget])", "\(owner)"]
      if !shadowed.isEmpty {
        parts.append("shadows \(shadowed.map(\.description).joined(separator: ", "))")
      }
      return "\(names[key]): " + parts.joined(separator: ", ")
    }
    let perArgument = cachesPerArgument ? " per argument" : ""
    let scopeWords =
      resettableScope.map { "\(scope)\(perArgument) in \($0)" } ?? "\(scope)\(perArgument)"
    var parts = ["\(scopeWords) \(recipe)", "\(owner)"]
    if !shadowed.isEmpty {
      parts.append("shadows \(shadowed.map(\.description).joined(separator: ", "))")
    }
    if cachesPerArgument {
      if cachedValueCount > 0 { parts.append("built for \(cachedValueCount) arguments") }
    } else if isBuilt {
      parts.append("built")
    }
    parts.append("hook: \(hook)")
    let entry = entryKey.map { " " + $0 } ?? ""
    if disposal == .disposed || disposal == .disposedIfConforming { parts.append("\(disposal)") }
    return "\(names[key])\(entry): " + parts.joined(separator: ", ")
  }
}
