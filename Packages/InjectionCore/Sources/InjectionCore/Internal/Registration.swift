import Synchronization

/// One mapping inside one injector, without its value type.
///
/// A registration belongs to one injector: the first injector that adds it takes it, and any
/// other gets a copy (``forAdding()``), so two injectors never share a cached value or a build.
///
/// `@unchecked Sendable`: the stored properties of this class and of ``Registration`` are
/// immutable (`key`, `scope`, `recipe`, `resettableScope`), atomic (`isTaken`, `cachedHook`),
/// or guarded by the owning injector's `registry` mutex (`ownerBits`, set when the mapping is
/// added), as each says.
@usableFromInline
class AnyRegistration: @unchecked Sendable {
  // The stored properties of this class and of `Registration` are declared in an order that
  // leaves no padding between them: W4 keeps a mapping under 200 bytes.
  let key: Key
  /// ``owner``'s bits; 0 for `nil`.
  @exclusivity(unchecked) private var ownerBits: UInt = 0
  let scope: Scope
  /// Whether an injector (or a module being added) took this registration.
  private let isTaken = Atomic<Bool>(false)
  /// Whether the cached value has a hook (a ``HookState`` raw value), so that a factory
  /// returning it does not complete it again.
  let cachedHook = Atomic<UInt8>(HookState.unknown.rawValue)
  /// How the mapping makes its values, for ``Injector/snapshot()``.
  let recipe: MappingSnapshot.Recipe
  /// Whether the mapping was taken out of its injector (unmapped, replaced, its module or
  /// contribution removed).
  ///
  /// A build that ends afterwards goes only to the resolution that made it, as one a reset
  /// overtook does: its value is neither cached nor owned, since no removal would ever dispose
  /// it. Set and read with the owning injector's `registry` mutex held (in the padding after
  /// `recipe`: no byte added).
  @exclusivity(unchecked) var isRetired = false
  /// The ``ResettableScope`` whose values this mapping caches (a `.singleton` mapping made with
  /// `map(_:named:in:_:)`), or `nil`: its value lives under the registry mutex, never in the
  /// lock-free published slot, so that ``Injector/reset(_:)`` can drop it.
  let resettableScope: (any ResettableScope.Type)?

  init(
    key: Key, scope: Scope, recipe: MappingSnapshot.Recipe,
    resettableScope: (any ResettableScope.Type)? = nil
  ) {
    self.key = key
    self.scope = scope
    self.recipe = recipe
    self.resettableScope = resettableScope
  }

  /// Who made the mapping: `nil` for a direct `map`, else the module's identity.
  ///
  /// Set when the mapping is added; guarded by the owning injector's `registry` mutex.
  var owner: ObjectIdentifier? {
    get { ownerBits == 0 ? nil : unsafeBitCast(ownerBits, to: ObjectIdentifier.self) }
    set { ownerBits = newValue.map { UInt(bitPattern: $0) } ?? 0 }
  }

  /// This registration for an injector that is adding it: itself the first time, a fresh copy
  /// (same key, scope, factory and instance, nothing built) every later time.
  func forAdding() -> AnyRegistration {
    let (taken, _) = isTaken.compareExchange(
      expected: false, desired: true, ordering: .acquiringAndReleasing)
    guard taken else { return makeCopy().forAdding() }
    return self
  }

  /// Whether this is a ``Decorator``, kept with an injector's decorators, not its mappings.
  var isDecorator: Bool { false }

  /// A new registration with the same recipe and nothing built.
  func makeCopy() -> AnyRegistration {
    preconditionFailure("Registration overrides makeCopy()")
  }

  /// ``makeCopy()``, except that the value of an `async` or main-actor factory, once built, is
  /// shared: the copy holds it as it holds a mapped instance.
  func makeCopySharingPreparedValue() -> AnyRegistration { makeCopy() }

  /// Whether this is an eager singleton whose value is built (and not reset).
  var isBuiltEagerSingleton: Bool { false }

  /// Takes the built value of `original`, an eager singleton of the same key and type, when
  /// this unbuilt copy of it could not be built; with this copy's registry mutex held.
  ///
  /// - Returns: Whether the value was taken.
  func adoptBuiltValue(of original: AnyRegistration) -> Bool { false }

  /// Why this mapping cannot work, checked when it is made; `nil` if it can.
  ///
  /// A `.weak` mapping needs objects. A value type is rejected here; a protocol key's values
  /// are checked when they are built, since only they tell whether they are objects.
  var mappingProblem: InjectionError? {
    if let aliasTarget, aliasTarget == key {
      return .invalidMapping(
        key: key.publicKey,
        reason: """
          an alias resolves another key, but this one names itself as its target, which would \
          resolve itself forever. Alias it to the key of the mapping that makes the values.
          """)
    }
    // A mapping cached per argument is a `.singleton` of its arguments' values: `problem` would
    // reject it as a cached scope built from the first resolution's arguments.
    if recipe == .factoryWithArguments, cachesPerArgument { return nil }
    return Self.problem(of: key, valueKey: key, scope: scope, recipe: recipe)
  }

  /// Whether this mapping caches one value per distinct argument value (a
  /// ``PerArgumentScope``); asked only of a mapping that takes arguments.
  var cachesPerArgument: Bool { false }

  /// The key an alias resolves (``Mapper/alias(_:named:to:targetNamed:_:)``); `nil` for every other
  /// mapping.
  var aliasTarget: Key? { nil }

  /// Why a mapping of `key` cannot work; `valueKey` is the key of its values' type (the
  /// element of a contribution to the collection `key`, else `key`).
  static func problem(
    of key: Key, valueKey: Key, scope: Scope, recipe: MappingSnapshot.Recipe
  ) -> InjectionError? {
    if recipe == .factoryWithArguments, scope != .transient {
      return .invalidMapping(
        key: key.publicKey,
        reason: """
          a mapping that takes arguments is built anew for each resolution's arguments, but a \
          .\(scope) value would be built from the first resolution's arguments and handed to \
          every later one, whatever arguments it passed. Map it .transient (the default), or \
          .perArgument to cache one value per distinct argument value (Hashable & Sendable \
          arguments).
          """)
    }
    guard scope == .weak, valueKey.isValueType else { return nil }
    return .invalidMapping(
      key: key.publicKey,
      reason: """
        the .weak scope keeps a weak reference, but \(valueKey.publicKey.unqualifiedTypeName) is a value type, \
        which cannot be referenced weakly. Use .singleton or .transient.
        """)
  }

  /// Builds the value now if the scope asks for it (eager singletons); an `async` or main-actor
  /// mapping that cannot be built here waits for ``prepareAsync(in:force:)``.
  func prepare(in owner: Injector) throws(InjectionError) {}

  /// Builds the value of an eager singleton (or, with `force`, of any cached scope) with
  /// `await`, unless it is built: for ``Injector/prepare()``.
  func prepareAsync(in owner: Injector, force: Bool) async throws(InjectionError) {}

  /// Whether ``Injector/prepare()`` has something to do for this registration.
  var needsPreparing: Bool { false }

  /// Resolves this registration's key from `injector` with `await`, as `resolveErased` does.
  func resolveErasedAsync(from injector: Injector) async throws(InjectionError) -> Any {
    preconditionFailure("Registration overrides resolveErasedAsync(from:)")
  }

  /// Resolves this registration's key from `injector`, through the generic `resolve` that
  /// knows its type; for ``Injector/resolve(_:)``.
  func resolveErased(from injector: Injector) throws(InjectionError) -> Any {
    preconditionFailure("Registration overrides resolveErased(from:)")
  }

  /// What ``Injector/snapshot()`` reports of this registration; with the registry mutex held.
  func inspectionRecord() -> InspectionRecord {
    preconditionFailure("Registration overrides inspectionRecord()")
  }

  /// The value of this contribution, owned by `owner`, for a resolution asked of `injector`;
  /// for ``Injector/resolveAll(_:)``, which knows collections only as values.
  func contributedValue(asked injector: Injector, owner: Injector) throws(InjectionError) -> Any {
    preconditionFailure("Registration overrides contributedValue(asked:owner:)")
  }

  /// The value this mapping caches (published, or a resettable mapping's), as `Any`, or `nil`;
  /// with the registry mutex held, for the injector to dispose it when its owner ends.
  func ownedValue() -> Any? { nil }

  /// Drops the value of a resettable mapping, with the registry mutex held.
  ///
  /// - Returns: What was dropped (the value, an incomplete value), to be released by the
  ///   caller after the mutex is unlocked; empty if nothing was built.
  func dropResettableValue() -> [Any] { [] }

  /// The registrations that cache the values this one stands for, which the injector lists as
  /// owned (``Lifetimes``): itself, but a keyed entry's contribution and a mapping cached per
  /// argument's entries.
  func ownedRegistrations() -> [AnyRegistration] { [self] }

  /// Retires this mapping for an event that takes it out of its injector, with the registry
  /// mutex held.
  ///
  /// Marks the registrations that ``ownedRegistrations()`` lists ``isRetired`` and returns
  /// them. A mapping cached per argument retires its cache too, so that an entry made
  /// afterwards is retired from the start.
  func retire() -> [AnyRegistration] {
    let owned = ownedRegistrations()
    for registration in owned { registration.isRetired = true }
    return owned
  }
}

/// What a snapshot needs of one registration, read with the registry mutex held and turned into
/// a ``MappingSnapshot`` after it is unlocked.
struct InspectionRecord {
  let key: Key
  let scope: Scope
  let recipe: MappingSnapshot.Recipe
  var owner: ObjectIdentifier?
  let isPublished: Bool
  /// Whether a resettable mapping holds a value now.
  let hasResettableValue: Bool
  let resettableScope: (any ResettableScope.Type)?
  /// A copy of the weak reference of a `.weak` mapping: checked after the mutex is unlocked, so
  /// that the strong reference the check makes is never dropped while the mutex is held.
  let weakObject: WeakObject
  let hasStaticHook: Bool
  let checksHookDynamically: Bool
  /// The key an alias resolves; `nil` for every other mapping.
  var aliasTarget: Key? = nil
  /// The entry key of a contribution to a keyed collection; `nil` for every other mapping.
  var entryKey: AnyHashable? = nil
  /// How many argument values a mapping cached per argument holds a value for; `nil` for
  /// every other mapping.
  var argumentValueCount: Int? = nil
  /// The key of a contribution's values (`T`), whose ``key`` is its collection's (`[T]`,
  /// `[EntryKey: T]`); `nil` for every other mapping, whose values are of its key's type.
  var valueKey: Key? = nil
  /// Whether the registry lists this mapping's cached value as owned and disposable; set by
  /// ``Registry/inspectionRecords()``.
  var ownsDisposableValue = false
}

/// A mapping for values of type `T`.
///
/// It is stored under `Key(T.self, …)` only, which is what makes the unchecked cast in
/// `Injector.registration(_:of:)` sound.
///
/// `@unchecked Sendable`: the memory of `cachedValue` is initialized once, before `isPublished`
/// is set with a releasing store, and never changed after, so a thread that loaded
/// `isPublished` as `true` with an acquiring load reads it without a lock; a resettable
/// mapping never sets `isPublished`: its value in that memory is written, read and dropped only
/// with the owning injector's `registry` mutex held, as `hasResettableValue` says; `ticket`,
/// `weakObject`, `incomplete` and `hasResettableValue` are guarded by that `registry` mutex;
/// `cachedHook` and `hookDecision` are atomic; everything else is immutable.
@usableFromInline
final class Registration<T>: AnyRegistration, @unchecked Sendable {
  /// Builds a new value.
  ///
  /// Never called for a mapped instance, whose value is cached from the start.
  let factory: @Sendable (Injector) throws -> T
  /// Calls the hook without a dynamic cast: set when the compiler knows that the key type has
  /// one (the `map` overloads for ``InjectionCompletable`` and ``Injectable`` types).
  let staticHook: ((T) -> Void)?
  /// Where the cached value lives: allocated for ``Scope/singleton`` and
  /// ``Scope/eagerSingleton`` only (a transient or weak mapping never publishes one, and saves
  /// the allocation).
  ///
  /// Initialized once, with the registry mutex held, before ``isPublished`` is set; never
  /// changed afterwards; deinitialized with the registration. A resettable mapping's value is
  /// the exception: initialized and deinitialized again at each build and reset, always with
  /// the registry mutex held (``hasResettableValue``). Memory of the value's own type
  /// (not an `Optional`), so that code that is not specialized for `T` copies it out without
  /// asking the runtime for more metadata than `T`'s.
  private let cachedValue: UnsafeMutablePointer<T>?
  /// The build in progress, if any.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var ticket: BuildTicket?
  /// The object of a `.weak` mapping.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var weakObject = WeakObject()
  /// A value whose build failed after other objects were given it (circular singletons): the
  /// next build finishes injecting it instead of making a second one.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var incomplete: IncompleteValue?
  /// The `async` factory and its build in progress, for a mapping made with one; `nil` for
  /// every other mapping. (Its synchronous ``factory`` throws
  /// ``InjectionError/asyncMapping(key:path:)``.)
  var asyncRecipe: AsyncRecipe<T>? {
    guard recipe == .asyncFactory, let recipeExtension else { return nil }
    return Self.unsafeCast(recipeExtension, to: AsyncRecipe<T>.self)
  }
  /// The factory that takes a resolution's arguments, for a mapping made with one; `nil` for
  /// every other mapping. (Its ``factory``, for a resolution without arguments, throws
  /// ``InjectionError/argumentMismatch(key:expected:given:)``.)
  var argumentRecipe: ArgumentRecipe<T>? {
    guard recipe == .factoryWithArguments, let recipeExtension else { return nil }
    return Self.unsafeCast(recipeExtension, to: ArgumentRecipe<T>.self)
  }
  /// The key an alias resolves, for a mapping made with
  /// ``Mapper/alias(_:named:to:targetNamed:_:)``; `nil` for every other mapping.
  override var aliasTarget: Key? {
    // Only an alias has both: an `async` mapping or one with arguments has a recipe of its own.
    guard recipe == .factory, let recipeExtension else { return nil }
    return Self.unsafeCast(recipeExtension, to: AliasRecipe.self).target
  }
  /// The ``AsyncRecipe``, ``ArgumentRecipe`` or ``AliasRecipe`` of a mapping made with one, as
  /// ``recipe`` says (``MappingSnapshot/Recipe/asyncFactory``,
  /// ``MappingSnapshot/Recipe/factoryWithArguments``, or ``MappingSnapshot/Recipe/factory`` for
  /// an alias, the only factory with one); one word shared by all (W4 keeps a mapping under 200
  /// bytes), `nil` for every other mapping.
  private let recipeExtension: (any AnyObject & Sendable)?
  /// The last dynamic type the hook check saw, tagged with the answer.
  ///
  /// The type's metadata address with bit 0 set (checked) and bit 1 set (conforms to
  /// ``InjectionCompletable``); zero until the first check.
  let hookDecision = Atomic<UInt>(0)
  /// Whether values are checked for a hook at run time.
  ///
  /// Only for a protocol key without a static hook, whose values' types the compiler cannot
  /// see; once per dynamic type.
  let checksHookDynamically: Bool
  /// Whether this maps an instance the app built (cached from the start, never built).
  let isInstance: Bool
  /// Whether ``cachedValue`` holds the value of a built singleton, eager singleton or instance.
  let isPublished: Atomic<Bool>
  /// Whether ``cachedValue`` holds the value of a resettable mapping (which never sets
  /// ``isPublished``: its value is read, set and dropped only with the registry mutex held).
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var hasResettableValue = false

  /// A registration; of an instance the app built when `instance` points to one (copied).
  ///
  /// The instance comes by pointer, not as a `T?`: code that is not specialized for `T` would
  /// ask the runtime for the metadata of `Optional<T>` on every mapping to pass `nil`.
  init(
    key: Key, scope: Scope, factory: @escaping @Sendable (Injector) throws -> T,
    staticHook: ((T) -> Void)?, recipe: MappingSnapshot.Recipe, instance: UnsafePointer<T>? = nil,
    asyncRecipe: AsyncRecipe<T>? = nil, argumentRecipe: ArgumentRecipe<T>? = nil,
    aliasRecipe: AliasRecipe? = nil, resettableScope: (any ResettableScope.Type)? = nil
  ) {
    self.factory = factory
    self.recipeExtension = asyncRecipe ?? argumentRecipe ?? aliasRecipe
    self.staticHook = staticHook
    // An alias hands out a value that its target's mapping built, and completed if it has a
    // hook: it never completes it again.
    self.checksHookDynamically = staticHook == nil && key.isExistential && aliasRecipe == nil
    self.isInstance = instance != nil
    let cachesValue = scope == .singleton || scope == .eagerSingleton || instance != nil
    cachedValue = cachesValue ? .allocate(capacity: 1) : nil
    if let instance { cachedValue?.initialize(to: instance.pointee) }
    self.isPublished = Atomic(instance != nil)
    super.init(key: key, scope: scope, recipe: recipe, resettableScope: resettableScope)
  }

  deinit {
    if isPublished.load(ordering: .acquiring) || hasResettableValue {
      cachedValue?.deinitialize(count: 1)
    }
    cachedValue?.deallocate()
  }

  override func makeCopy() -> AnyRegistration {
    Registration(
      key: key, scope: scope, factory: factory, staticHook: staticHook, recipe: recipe,
      instance: isInstance ? UnsafePointer(cachedValue) : nil,
      asyncRecipe: asyncRecipe.map { AsyncRecipe(factory: $0.factory) },
      argumentRecipe: argumentRecipe?.makeCopy(),
      aliasRecipe: aliasTarget.map(AliasRecipe.init(target:)), resettableScope: resettableScope)
  }

  override func makeCopySharingPreparedValue() -> AnyRegistration {
    guard recipe == .asyncFactory || recipe == .mainActorFactory, resettableScope == nil,
      isPublished.load(ordering: .acquiring), let cachedValue
    else { return makeCopy() }
    let copy = Registration(
      key: key, scope: scope, factory: factory, staticHook: staticHook, recipe: recipe,
      instance: UnsafePointer(cachedValue),
      asyncRecipe: asyncRecipe.map { AsyncRecipe(factory: $0.factory) },
      resettableScope: resettableScope)
    // The value was completed (or found to have no hook) when it was built here.
    copy.cachedHook.store(cachedHook.load(ordering: .relaxed), ordering: .relaxed)
    return copy
  }

  override var isBuiltEagerSingleton: Bool {
    scope == .eagerSingleton && resettableScope == nil && aliasTarget == nil
      && isPublished.load(ordering: .acquiring)
  }

  override func adoptBuiltValue(of original: AnyRegistration) -> Bool {
    guard let original = original as? Registration<T>, original.isBuiltEagerSingleton,
      scope == .eagerSingleton, resettableScope == nil, !isPublished.load(ordering: .acquiring)
    else { return false }
    // The value was completed (or found to have no hook) when it was built there.
    let hook = HookState(rawValue: original.cachedHook.load(ordering: .relaxed)) ?? .unknown
    publishCached(original.publishedValue, hook: hook)
    return true
  }

  override func inspectionRecord() -> InspectionRecord {
    InspectionRecord(
      key: key, scope: scope, recipe: recipe, owner: owner,
      isPublished: isPublished.load(ordering: .acquiring),
      hasResettableValue: hasResettableValue, resettableScope: resettableScope,
      weakObject: weakObject,
      hasStaticHook: staticHook != nil, checksHookDynamically: checksHookDynamically,
      aliasTarget: aliasTarget, argumentValueCount: argumentRecipe?.cache?.cachedValueCount,
      valueKey: key.id == ObjectIdentifier(T.self) ? nil : Key(T.self, named: nil))
  }

  override var cachesPerArgument: Bool { argumentRecipe?.cache != nil }

  /// `object` as the class that ``recipe`` says it is, without a dynamic cast: through
  /// `Unmanaged`, the cast needs no run-time metadata of that generic class.
  private static func unsafeCast<Extension: AnyObject>(
    _ object: any AnyObject & Sendable, to type: Extension.Type
  ) -> Extension {
    Unmanaged<Extension>.fromOpaque(Unmanaged.passUnretained(object).toOpaque())
      .takeUnretainedValue()
  }

  /// The cached value; only once `isPublished` was loaded as `true`.
  var publishedValue: T { cachedValue.unsafelyUnwrapped.pointee }

  /// The cached value, if published.
  ///
  /// Safe without a lock: see ``cachedValue``.
  var published: T? {
    guard isPublished.load(ordering: .acquiring) else { return nil }
    return cachedValue.unsafelyUnwrapped.pointee
  }

  /// Publishes the cached value; once, with the registry mutex held.
  ///
  /// A resettable mapping's value is stored behind the mutex instead (``hasResettableValue``),
  /// once per reset.
  func publishCached(_ value: T, hook: HookState) {
    cachedHook.store(hook.rawValue, ordering: .relaxed)
    guard let cachedValue else { preconditionFailure("a \(scope) mapping caches no value") }
    cachedValue.initialize(to: value)
    guard resettableScope == nil else {
      hasResettableValue = true
      return
    }
    isPublished.store(true, ordering: .releasing)
  }

  /// The value of a resettable mapping, if it holds one; with the registry mutex held.
  var resettableValue: T? {
    hasResettableValue ? cachedValue.unsafelyUnwrapped.pointee : nil
  }

  override func ownedValue() -> Any? {
    if isPublished.load(ordering: .acquiring) || hasResettableValue {
      return cachedValue.unsafelyUnwrapped.pointee as Any
    }
    return nil
  }

  override func ownedRegistrations() -> [AnyRegistration] {
    guard let cache = argumentRecipe?.cache else { return [self] }
    return [self] + cache.registrations
  }

  override func retire() -> [AnyRegistration] {
    guard let cache = argumentRecipe?.cache else { return super.retire() }
    isRetired = true
    return [self] + cache.retire()
  }

  override func dropResettableValue() -> [Any] {
    // A mapping cached per argument: the values are its cache's entries'.
    if let cache = argumentRecipe?.cache { return cache.dropAll() }
    var dropped: [Any] = []
    if hasResettableValue, let cachedValue {
      hasResettableValue = false
      dropped.append(cachedValue.move())
    }
    if let incomplete {
      self.incomplete = nil
      dropped.append(incomplete)
    }
    return dropped
  }

  override func prepare(in owner: Injector) throws(InjectionError) {
    guard scope == .eagerSingleton, asyncRecipe == nil,
      recipe != .mainActorFactory || isOnMainActor()
    else { return }
    _ = try owner.resolveCached(self)
  }

  override var needsPreparing: Bool {
    scope == .eagerSingleton && !isPublished.load(ordering: .acquiring)
  }

  override func prepareAsync(in owner: Injector, force: Bool) async throws(InjectionError) {
    guard force || scope == .eagerSingleton else { return }
    guard scope == .singleton || scope == .eagerSingleton || scope == .weak else {
      throw .invalidMapping(
        key: key.publicKey,
        reason: """
          only a cached value (.singleton, .eagerSingleton, .weak) can be prepared; a \
          .\(scope) value is built anew when it is resolved.
          """)
    }
    _ = try await owner.resolveOwnAsync(self)
  }

  override func resolveErased(from injector: Injector) throws(InjectionError) -> Any {
    try injector.resolve(T.self, named: key.name)
  }

  override func contributedValue(asked injector: Injector, owner: Injector)
    throws(InjectionError) -> Any
  {
    try injector.value(of: self, owner: owner)
  }

  override func resolveErasedAsync(from injector: Injector) async throws(InjectionError) -> Any {
    try await injector.resolveAsync(T.self, named: key.name)
  }

  /// Calls the value's injection-complete hook, deciding conformance once per dynamic type.
  ///
  /// - Returns: Whether the value has a hook (it ran).
  @discardableResult
  func complete(_ value: T) -> Bool {
    // Compared with `nil` before it is read, which would retain its context.
    guard staticHook != nil || checksHookDynamically else { return false }
    if let staticHook {
      staticHook(value)
      return true
    }
    guard checksHookDynamically else { return false }
    let typeBits = UInt(bitPattern: ObjectIdentifier(Self.dynamicType(of: value)))
    var decision = hookDecision.load(ordering: .relaxed)
    if decision & ~3 != typeBits {
      decision = Self.decideHook(for: value, typeBits: typeBits)
      hookDecision.store(decision, ordering: .relaxed)
    }
    guard decision & 2 != 0 else { return false }
    Self.callHook(of: value)
    return true
  }

  /// The dynamic type of `value`, read from the object header for a class type (the common
  /// case, and constant-folded when specialized), through an `Any` box otherwise (protocol
  /// existentials hide the dynamic type from `type(of:)` in generic code).
  static func dynamicType(of value: T) -> any Any.Type {
    if T.self is AnyObject.Type {
      return type(of: unsafeBitCast(value, to: AnyObject.self))
    }
    return type(of: value as Any)
  }

  static func decideHook(for value: T, typeBits: UInt) -> UInt {
    typeBits | 1 | (value is any InjectionCompletable ? 2 : 0)
  }

  static func callHook(of value: T) {
    (value as? any InjectionCompletable)?.injectionDidComplete()
  }
}

/// Whether a cached value has an injection-complete hook.
enum HookState: UInt8, Sendable {
  /// Not decided yet: a mapped instance that no build has been handed yet.
  case unknown
  case none
  case present
}

/// A weak reference to the object of a `.weak` mapping.
struct WeakObject {
  weak var object: AnyObject?
}

/// A singleton whose build failed after its value was handed to other objects: the `@Injected`
/// properties that were not resolved yet, to be resolved by the next build before the hook.
///
/// Not generic, like ``BuildTicket``: the value is kept as `Any`, so that a build asks the
/// runtime for no generic metadata; the next build of its `Registration<T>` casts it back.
///
/// `@unchecked Sendable`: it moves in and out of the registry mutex like a cached value, which
/// the mapping API requires to be `Sendable`; the cells are `Sendable`; both are immutable.
final class IncompleteValue: @unchecked Sendable {
  let value: Any
  let cells: [InjectedCellBase]

  init(value: Any, cells: [InjectedCellBase]) {
    self.value = value
    self.cells = cells
  }
}

/// What a mapping made with ``Mapper/alias(_:named:to:targetNamed:_:)`` adds to its
/// ``Registration``: the key it resolves.
///
/// A class, so that it shares the registration's one word of recipe extensions; immutable, so
/// that the copies of a registration share it.
final class AliasRecipe: Sendable {
  let target: Key

  init(target: Key) {
    self.target = target
  }
}
