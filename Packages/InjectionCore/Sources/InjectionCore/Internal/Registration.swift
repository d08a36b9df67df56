public import Synchronization

/// One mapping inside one injector, without its value type.
///
/// A registration belongs to one injector: the first injector that adds it takes it, and any
/// other gets a copy (``forAdding()``), so two injectors never share a cached value or a build.
///
/// `@unchecked Sendable`: the stored properties of this class and of ``Registration`` are
/// immutable, atomic, or guarded by the owning injector's `registry` mutex, as each says.
@usableFromInline
class AnyRegistration: @unchecked Sendable {
  @usableFromInline let key: Key
  @usableFromInline let scope: Scope
  /// Who made the mapping: `nil` for a direct `map`, else the module's identity.
  ///
  /// Set when the mapping is added; guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var owner: ObjectIdentifier?
  /// Whether an injector (or a module being added) took this registration.
  private let isTaken = Atomic<Bool>(false)

  init(key: Key, scope: Scope) {
    self.key = key
    self.scope = scope
  }

  /// This registration for an injector that is adding it: itself the first time, a fresh copy
  /// (same key, scope, factory and instance, nothing built) every later time.
  func forAdding() -> AnyRegistration {
    let (taken, _) = isTaken.compareExchange(
      expected: false, desired: true, ordering: .acquiringAndReleasing)
    guard taken else { return makeCopy().forAdding() }
    return self
  }

  /// A new registration with the same recipe and nothing built.
  func makeCopy() -> AnyRegistration {
    preconditionFailure("Registration overrides makeCopy()")
  }

  /// Why this mapping cannot work, checked when it is made; `nil` if it can.
  ///
  /// A `.weak` mapping needs objects. A value type is rejected here; a protocol key's values
  /// are checked when they are built, since only they tell whether they are objects.
  var mappingProblem: InjectionError? {
    guard scope == .weak, key.isValueType else { return nil }
    return .invalidMapping(
      key: key.publicKey,
      reason: """
        the .weak scope keeps a weak reference, but \(key.publicKey.typeName) is a value type, \
        which cannot be referenced weakly. Use .singleton or .transient.
        """)
  }

  /// Builds the value now if the scope asks for it (eager singletons).
  func prepare(in owner: Injector) throws(InjectionError) {}
}

/// A mapping for values of type `T`.
///
/// It is stored under `Key(T.self, …)` only, which is what makes the unchecked downcast in
/// ``Injector`` sound.
///
/// `@unchecked Sendable`: `cachedValue` is written once, before `isPublished` is set with a
/// releasing store, and never changed after, so a thread that loaded `isPublished` as `true`
/// with an acquiring load reads it without a lock; `ticket`, `weakObject` and `incomplete` are
/// guarded by the owning injector's `registry` mutex; `cachedHook` and `hookDecision` are atomic;
/// everything else is immutable.
@usableFromInline
final class Registration<T>: AnyRegistration, @unchecked Sendable {
  /// Builds a new value.
  ///
  /// Never called for a mapped instance, whose value is cached from the start.
  @usableFromInline let factory: @Sendable (Injector) throws -> T
  /// Calls the hook without a dynamic cast: set when the compiler knows that the key type has
  /// one (the `map` overloads for ``InjectionCompletable`` and ``Injectable`` types).
  @usableFromInline let staticHook: ((T) -> Void)?
  /// Whether values are checked for a hook at run time.
  ///
  /// Only for a protocol key without a static hook, whose values' types the compiler cannot
  /// see; once per dynamic type.
  @usableFromInline let checksHookDynamically: Bool
  /// Whether this maps an instance the app built (cached from the start, never built).
  let isInstance: Bool
  /// Whether ``cachedValue`` holds the value of a built singleton, eager singleton or instance.
  @usableFromInline let isPublished: Atomic<Bool>
  /// The cached value, once published.
  ///
  /// Written once, with the registry mutex held, before ``isPublished`` is set; never changed
  /// afterwards. Released with the registration.
  @usableFromInline @exclusivity(unchecked) var cachedValue: T?
  /// Whether the cached value has a hook (a ``HookState`` raw value), so that a factory
  /// returning it does not complete it again.
  @usableFromInline let cachedHook = Atomic<UInt8>(HookState.unknown.rawValue)
  /// The build in progress, if any.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var ticket: BuildTicket<T>?
  /// The object of a `.weak` mapping.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var weakObject: WeakObject?
  /// A value whose build failed after other objects were given it (circular singletons): the
  /// next build finishes injecting it instead of making a second one.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var incomplete: IncompleteValue<T>?
  /// The last dynamic type the hook check saw, tagged with the answer.
  ///
  /// The type's metadata address with bit 0 set (checked) and bit 1 set (conforms to
  /// ``InjectionCompletable``); zero until the first check.
  @usableFromInline let hookDecision = Atomic<UInt>(0)

  @usableFromInline
  init(
    key: Key, scope: Scope, factory: @escaping @Sendable (Injector) throws -> T,
    staticHook: ((T) -> Void)?, instance: T? = nil
  ) {
    self.factory = factory
    self.staticHook = staticHook
    self.checksHookDynamically = staticHook == nil && key.isExistential
    self.isInstance = instance != nil
    self.cachedValue = instance
    self.isPublished = Atomic(instance != nil)
    super.init(key: key, scope: scope)
  }

  override func makeCopy() -> AnyRegistration {
    Registration(
      key: key, scope: scope, factory: factory, staticHook: staticHook,
      instance: isInstance ? cachedValue : nil)
  }

  /// The cached value, if published.
  ///
  /// Safe without a lock: see ``cachedValue``.
  @inlinable
  var published: T? {
    guard isPublished.load(ordering: .acquiring) else { return nil }
    return cachedValue
  }

  /// Publishes the cached value; once, with the registry mutex held.
  func publishCached(_ value: T, hook: HookState) {
    cachedHook.store(hook.rawValue, ordering: .relaxed)
    cachedValue = value
    isPublished.store(true, ordering: .releasing)
  }

  override func prepare(in owner: Injector) throws(InjectionError) {
    guard scope == .eagerSingleton else { return }
    _ = try owner.resolveCached(self)
  }

  /// Calls the value's injection-complete hook, deciding conformance once per dynamic type.
  ///
  /// - Returns: Whether the value has a hook (it ran).
  @inlinable
  @discardableResult
  func complete(_ value: T) -> Bool {
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
  @inlinable
  static func dynamicType(of value: T) -> any Any.Type {
    if T.self is AnyObject.Type {
      return type(of: unsafeBitCast(value, to: AnyObject.self))
    }
    return type(of: value as Any)
  }

  @usableFromInline
  static func decideHook(for value: T, typeBits: UInt) -> UInt {
    typeBits | 1 | (value is any InjectionCompletable ? 2 : 0)
  }

  @usableFromInline
  static func callHook(of value: T) {
    (value as? any InjectionCompletable)?.injectionDidComplete()
  }
}

/// Whether a cached value has an injection-complete hook.
@usableFromInline
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
/// `@unchecked Sendable`: it moves in and out of the registry mutex like a cached value, which
/// the mapping API requires to be `Sendable`; the cells are `Sendable`.
struct IncompleteValue<T>: @unchecked Sendable {
  let value: T
  let cells: [InjectedCellBase]
}
