/// One mapping, ready to be added to an injector or recorded by a module.
///
/// You never build a `Mapping` yourself: the `map` methods of ``Mapper`` do, and hand it to
/// ``Mapper/add(_:)``.
public struct Mapping: Sendable {
  var registration: AnyRegistration
  /// What a contribution to a collection knows beyond its registration.
  ///
  /// `nil` for an ordinary mapping. An ``Injector`` appends a contribution to the
  /// collection of its key, apart from the ordinary mappings, instead of replacing or
  /// shadowing a mapping.
  private(set) var contribution: Contribution?

  /// The key the mapping is for: its type and name.
  ///
  /// So that a custom ``Mapper`` can tell what it was given, for example to record which keys
  /// a test overrides. For a contribution (``isContribution``) it is the collection's key,
  /// whose type is the array `[Element]` that ``Injector/resolveAll(_:named:)`` returns (for
  /// a keyed one, the dictionary `[EntryKey: Element]` of
  /// ``Injector/resolveAll(_:keyedBy:named:)``).
  public var key: InjectionKey { registration.key.publicKey }

  /// Whether this mapping contributes one value to a collection (made by one of the
  /// `contribute` methods of ``Mapper``) instead of mapping a key.
  ///
  /// A custom ``Mapper`` passes it on unchanged; an ``Injector`` appends it to the collection
  /// of ``key``.
  public var isContribution: Bool { contribution != nil }

  /// Whether this is a decorator of the values of ``key`` (made by one of the `decorate`
  /// methods of ``Mapper``) instead of a mapping.
  ///
  /// A custom ``Mapper`` passes it on unchanged; an ``Injector`` appends it to the decorators
  /// of ``key``, after the earlier ones.
  public var isDecorator: Bool { registration.isDecorator }

  /// Why `registration` (this mapping's, as taken by an injector) cannot work, or `nil`.
  func problem(of registration: AnyRegistration) -> InjectionError? {
    guard let contribution else { return registration.mappingProblem }
    return contribution.problem
  }

  /// A mapping of `registration`, made elsewhere (the resettable-scope mappings).
  init(registration: AnyRegistration) {
    self.registration = registration
  }

  /// A decorator of the values of `T` (with `name`).
  @usableFromInline
  init<T>(
    decorating type: T.Type, named name: String?,
    _ decorate: @escaping @Sendable (T, Injector) throws -> T
  ) {
    registration = Decorator(key: Key(T.self, named: name), decorate: decorate)
  }

  /// What a contribution knows about its element type, decided when it is made.
  struct Contribution: Sendable {
    /// Why the contribution cannot work (a `.weak` value type), or `nil`.
    let problem: InjectionError?
  }

  // How a `map` call site compiles: each `map` method is a one-line `@inlinable` entry that
  // names `Registration<T>.self` and calls one of the initializers below. Naming the class at
  // the call site lets the app's code cache its metadata per type, as specialized code does;
  // the initializers then allocate the registration from that metatype, so the generic code
  // out of line never looks the metadata up (a hash-table lookup in the runtime that cost more
  // than the rest of a mapping). The initializers are not inlinable, and their bodies call
  // internal functions that are not `@usableFromInline`, so that not even cross-module
  // optimization copies them into an app: each mapped type adds a call, not a specialized copy
  // of the mapping code.

  /// A mapping of `T` (with `name`) in `scope`, built by `factory`.
  @usableFromInline
  init<T>(
    _ kind: Registration<T>.Type, named name: String?, scope: Scope,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    registration = Self.make(
      kind, named: name, scope: scope, recipe: .factory, factory: factory, staticHook: nil)
  }

  /// A contribution of one `T` to the collection `[T]` (with `name`), in `scope`, built by
  /// `factory`.
  ///
  /// Its registration is stored under the collection's key, `Key([T].self, named:)`, never in
  /// the table of ordinary keys; that key names the collection in paths and diagnostics.
  @usableFromInline
  init<T>(
    contributing kind: Registration<T>.Type, named name: String?, scope: Scope,
    resettableScope: (any ResettableScope.Type)? = nil,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    self.init(
      contributing: kind, named: name, scope: scope, recipe: .factory, factory: factory,
      resettableScope: resettableScope)
  }

  /// A contribution of the app's `instance` to the collection `[T]` (with `name`).
  @usableFromInline
  init<T: Sendable>(contributing kind: Registration<T>.Type, named name: String?, instance: T) {
    self = withUnsafePointer(to: instance) {
      Mapping(
        contributing: kind, named: name, scope: .singleton, recipe: .instance,
        factory: { _ in instance }, instance: $0)
    }
  }

  private init<T>(
    contributing kind: Registration<T>.Type, named name: String?, scope: Scope,
    recipe: MappingSnapshot.Recipe, factory: @escaping @Sendable (Injector) throws -> T,
    instance: UnsafePointer<T>? = nil, resettableScope: (any ResettableScope.Type)? = nil
  ) {
    self.init(
      contributing: kind, to: Key([T].self, named: name), named: name, scope: scope,
      recipe: recipe, factory: factory, instance: instance, resettableScope: resettableScope)
  }

  /// A contribution of one `T` to the collection `collection` (`[T]`, or `[EntryKey: T]` for a
  /// keyed one).
  private init<T>(
    contributing kind: Registration<T>.Type, to collection: Key, named name: String?,
    scope: Scope, recipe: MappingSnapshot.Recipe,
    factory: @escaping @Sendable (Injector) throws -> T, instance: UnsafePointer<T>?,
    resettableScope: (any ResettableScope.Type)? = nil
  ) {
    let element = Key(T.self, named: name)
    registration = kind.init(
      key: collection, scope: scope, factory: factory,
      staticHook: Self.contributionHook(of: T.self), recipe: recipe, instance: instance,
      resettableScope: resettableScope)
    contribution = Contribution(
      problem: AnyRegistration.problem(
        of: collection, valueKey: element, scope: scope, recipe: recipe))
  }

  /// A contribution of one `T` to the keyed collection `[EntryKey: T]` (with `name`) under
  /// `entryKey`, in `scope`, built by `factory`.
  ///
  /// Its registration is a ``KeyedEntry`` under the collection's key,
  /// `Key([EntryKey: T].self, named:)`, kept with the contributions like an unkeyed one.
  @usableFromInline
  init<EntryKey: Hashable & Sendable, T>(
    contributing kind: Registration<T>.Type, forKey entryKey: EntryKey, named name: String?,
    scope: Scope, resettableScope: (any ResettableScope.Type)? = nil, overriding: Bool,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    self.init(
      contributing: kind, to: Key([EntryKey: T].self, named: name), named: name, scope: scope,
      recipe: .factory, factory: factory, instance: nil, resettableScope: resettableScope)
    registration = KeyedEntry(
      contribution: registration, entryKey: AnyHashable(entryKey), overrides: overriding)
  }

  /// A contribution of the app's `instance` to the keyed collection `[EntryKey: T]` (with
  /// `name`) under `entryKey`.
  @usableFromInline
  init<EntryKey: Hashable & Sendable, T: Sendable>(
    contributing kind: Registration<T>.Type, forKey entryKey: EntryKey, named name: String?,
    overriding: Bool, instance: T
  ) {
    self = withUnsafePointer(to: instance) {
      Mapping(
        contributing: kind, to: Key([EntryKey: T].self, named: name), named: name,
        scope: .singleton, recipe: .instance, factory: { _ in instance }, instance: $0)
    }
    registration = KeyedEntry(
      contribution: registration, entryKey: AnyHashable(entryKey), overrides: overriding)
  }

  /// The hook of a contribution's values: the key is the collection `[T]`, which says nothing
  /// of `T`, so the hook is decided here from `T` (a protocol's values are cast when built).
  private static func contributionHook<T>(of type: T.Type) -> ((T) -> Void)? {
    if let hook = dynamicHook(of: T.self) { return hook }
    guard Key(T.self, named: nil).isExistential else { return nil }
    return { ($0 as? any InjectionCompletable)?.injectionDidComplete() }
  }

  /// A mapping of `T` to an initializer or function without parameters.
  @usableFromInline
  init<T>(
    _ kind: Registration<T>.Type, named name: String?, scope: Scope,
    initializer: @escaping @Sendable () throws -> T
  ) {
    registration = Self.make(
      kind, named: name, scope: scope, recipe: .initializer,
      factory: Self.factory(calling: initializer), staticHook: nil)
  }

  /// A mapping of `T` to an instance the app built, cached from the start.
  @usableFromInline
  init<T: Sendable>(_ kind: Registration<T>.Type, named name: String?, instance: T) {
    registration = withUnsafePointer(to: instance) {
      Self.make(
        kind, named: name, scope: .singleton, recipe: .instance, factory: { _ in instance },
        staticHook: nil, instance: $0)
    }
  }

  /// A mapping whose values' hook the compiler knows about.
  @usableFromInline
  init<T: InjectionCompletable>(
    hooked kind: Registration<T>.Type, named name: String?, scope: Scope,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    self.init(hooked: kind, named: name, scope: scope, recipe: .factory, factory: factory)
  }

  /// A mapping whose values' hook the compiler knows about, to an initializer or function
  /// without parameters.
  @usableFromInline
  init<T: InjectionCompletable>(
    hooked kind: Registration<T>.Type, named name: String?, scope: Scope,
    initializer: @escaping @Sendable () throws -> T
  ) {
    self.init(
      hooked: kind, named: name, scope: scope, recipe: .initializer,
      factory: Self.factory(calling: initializer))
  }

  /// A mapping whose values' hook the compiler knows about, made by `recipe`.
  private init<T: InjectionCompletable>(
    hooked kind: Registration<T>.Type, named name: String?, scope: Scope,
    recipe: MappingSnapshot.Recipe, factory: @escaping @Sendable (Injector) throws -> T
  ) {
    registration = Self.make(
      kind, named: name, scope: scope, recipe: recipe, factory: factory,
      staticHook: { $0.injectionDidComplete() })
  }

  /// A mapping of an ``Injectable`` type to itself, built with `init()`.
  ///
  /// `T` need not be `Sendable` (a transient or graph mapping of any `Injectable` type), but its
  /// metatype is: the factory that calls `T()` may run on any thread.
  @usableFromInline
  init<T: Injectable & SendableMetatype>(
    injectable kind: Registration<T>.Type, named name: String?, scope: Scope
  ) {
    registration = Self.make(
      kind, named: name, scope: scope, recipe: .injectableType, factory: { _ in T() },
      staticHook: { $0.injectionDidComplete() })
  }

  /// Allocates the registration from `kind`, the metatype the call site named.
  ///
  /// Internal, and not `@usableFromInline`, on purpose: see the comment above.
  private static func make<T>(
    _ kind: Registration<T>.Type, named name: String?, scope: Scope,
    recipe: MappingSnapshot.Recipe, factory: @escaping @Sendable (Injector) throws -> T,
    staticHook: ((T) -> Void)?, instance: UnsafePointer<T>? = nil
  ) -> AnyRegistration {
    kind.init(
      key: Key(T.self, named: name), scope: scope, factory: factory, staticHook: staticHook,
      recipe: recipe, instance: instance)
  }

  /// A mapping of `T` to a factory that takes arguments, in `scope` (only a transient one
  /// works: see ``AnyRegistration/mappingProblem``).
  @usableFromInline
  init<T, First, each Rest>(
    _ kind: Registration<T>.Type, named name: String?, scope: Scope,
    argumentFactory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T
  ) {
    registration = Self.make(
      kind, named: name, scope: scope, argumentFactory: argumentFactory, staticHook: nil)
  }

  /// The same, for a type whose hook the compiler sees.
  @usableFromInline
  init<T: InjectionCompletable, First, each Rest>(
    hooked kind: Registration<T>.Type, named name: String?, scope: Scope,
    argumentFactory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T
  ) {
    registration = Self.make(
      kind, named: name, scope: scope, argumentFactory: argumentFactory,
      staticHook: { $0.injectionDidComplete() })
  }

  /// A registration whose ``ArgumentRecipe`` takes a resolution's arguments and passes them
  /// on; its plain factory, for a resolution without arguments, throws the mismatch.
  private static func make<T, First, each Rest>(
    _ kind: Registration<T>.Type, named name: String?, scope: Scope,
    argumentFactory: @escaping @Sendable (Injector, First, repeat each Rest) throws -> T,
    staticHook: ((T) -> Void)?
  ) -> AnyRegistration {
    let key = Key(T.self, named: name)
    let expected: @Sendable () -> [String] = {
      ArgumentList.typeNames(of: First.self, repeat (each Rest).self)
    }
    let recipe = ArgumentRecipe<T> { injector, given in
      guard let arguments = given as? Arguments<First, repeat each Rest> else {
        throw InjectionError.argumentMismatch(
          key: key.publicKey, expected: expected(), given: given.typeNames)
      }
      return try argumentFactory(injector, arguments.first, repeat each arguments.rest)
    }
    return kind.init(
      key: key, scope: scope,
      factory: { _ in
        throw InjectionError.argumentMismatch(key: key.publicKey, expected: expected(), given: [])
      }, staticHook: staticHook, recipe: .factoryWithArguments, argumentRecipe: recipe)
  }

  /// A mapping of `T` to an `async` factory, in `scope`; a `.singleton` cached in
  /// `resettableScope` if one is given.
  ///
  /// Its synchronous factory throws ``InjectionError/asyncMapping(key:path:)``: a synchronous
  /// resolution finds the value only once an `async` one (or ``Injector/prepare()``) cached it.
  @usableFromInline
  init<T>(
    _ kind: Registration<T>.Type, named name: String?, scope: Scope,
    resettableScope: (any ResettableScope.Type)? = nil,
    asyncFactory: @escaping @Sendable (Injector) async throws -> T
  ) {
    let key = Key(T.self, named: name)
    registration = kind.init(
      key: key, scope: scope,
      factory: { _ in
        throw InjectionError.asyncMapping(
          key: key.publicKey, path: ResolutionContext.building?.path ?? [key.publicKey])
      }, staticHook: Self.dynamicHook(of: T.self), recipe: .asyncFactory,
      asyncRecipe: AsyncRecipe(factory: asyncFactory), resettableScope: resettableScope)
  }

  /// A mapping of `T` to a factory isolated to the main actor, in `scope`; a `.singleton`
  /// cached in `resettableScope` if one is given.
  ///
  /// The factory runs synchronously when the caller is on the main actor, and
  /// throws ``InjectionError/actorIsolated(key:actor:path:)`` anywhere else;
  /// ``Injector/resolveAsync(_:named:)->T`` hops to the main actor first.
  @usableFromInline
  init<T: Sendable>(
    _ kind: Registration<T>.Type, named name: String?, scope: Scope,
    resettableScope: (any ResettableScope.Type)? = nil,
    mainActorFactory: @escaping @MainActor @Sendable (Injector) throws -> T
  ) {
    let key = Key(T.self, named: name)
    registration = kind.init(
      key: key, scope: scope,
      factory: { injector in
        guard isOnMainActor() else {
          throw InjectionError.actorIsolated(
            key: key.publicKey, actor: "MainActor",
            path: ResolutionContext.building?.path ?? [key.publicKey])
        }
        return try MainActor.assumeIsolated { try mainActorFactory(injector) }
      }, staticHook: Self.dynamicHook(of: T.self), recipe: .mainActorFactory,
      resettableScope: resettableScope)
  }

  /// The hook of `T`'s values, decided once when the mapping is made, for the `async` and
  /// main-actor mappings (which have no overloads for ``InjectionCompletable`` types); `nil`
  /// for a type without one, and for a protocol, whose values are checked when built.
  private static func dynamicHook<T>(of type: T.Type) -> ((T) -> Void)? {
    guard T.self is any InjectionCompletable.Type else { return nil }
    return { ($0 as? any InjectionCompletable)?.injectionDidComplete() }
  }

  /// A factory that ignores the injector and calls `initializer`.
  ///
  /// Made without the caller's protocol constraints, so that the closure captures nothing but
  /// the initializer.
  private static func factory<T>(calling initializer: @escaping @Sendable () throws -> T)
    -> @Sendable (Injector) throws -> T
  {
    { _ in try initializer() }
  }
}
