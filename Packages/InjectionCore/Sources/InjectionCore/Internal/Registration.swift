public import Synchronization

/// One mapping inside one injector, without its value type.
///
/// `@unchecked Sendable`: the stored properties of this class and of ``Registration`` are
/// immutable, except `owner` and the cache of `Registration`, which are read and written only
/// while the owning injector's `registry` mutex is held.
@usableFromInline
class AnyRegistration: @unchecked Sendable {
  @usableFromInline let key: Key
  @usableFromInline let scope: Scope
  /// Who made the mapping: `nil` for a direct `map`, else the module's identity.
  ///
  /// Set when the mapping is added; guarded by the owning injector's `registry` mutex.
  @exclusivity(unchecked) var owner: ObjectIdentifier?

  init(key: Key, scope: Scope) {
    self.key = key
    self.scope = scope
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
/// `@unchecked Sendable`: `cached`, `cachedHook`, `ticket` and `weakObject` are guarded by the
/// owning injector's `registry` mutex; `hookDecision` is atomic; everything else is immutable.
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
  /// The value of a built singleton, eager singleton or instance mapping: a `+1` retained
  /// ``Box``, published once with a releasing store and released with the registration, so
  /// readers load it without a lock.
  @usableFromInline let cachedBox: Atomic<UnsafeRawPointer?>
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
    self.cachedBox = Atomic(
      instance.map { UnsafeRawPointer(Unmanaged.passRetained(Box($0)).toOpaque()) })
    super.init(key: key, scope: scope)
  }

  deinit {
    if let pointer = cachedBox.load(ordering: .acquiring) {
      Unmanaged<Box>.fromOpaque(pointer).release()
    }
  }

  /// An immutable holder of the cached value, so that it can be published atomically.
  @usableFromInline
  final class Box {
    @usableFromInline let value: T

    init(_ value: T) {
      self.value = value
    }
  }

  /// The cached value, if published.
  ///
  /// Read it inside a read section or with the lock held.
  @inlinable
  var cached: T? {
    guard let pointer = cachedBox.load(ordering: .acquiring) else { return nil }
    return Unmanaged<Box>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
  }

  /// Publishes the cached value; once, with the registry lock held.
  func publishCached(_ value: T, hook: HookState) {
    cachedHook.store(hook.rawValue, ordering: .relaxed)
    cachedBox.store(
      UnsafeRawPointer(Unmanaged.passRetained(Box(value)).toOpaque()), ordering: .releasing)
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
