import Synchronization

/// One mapping inside one injector, without its value type.
///
/// `@unchecked Sendable`: the stored properties of this class and of ``Registration`` are
/// immutable, except `Registration.state`, which is read and written only while the owning
/// injector's `registry` mutex is held.
class AnyRegistration: @unchecked Sendable {
  let key: Key
  let scope: Scope

  init(key: Key, scope: Scope) {
    self.key = key
    self.scope = scope
  }

  /// Builds the value now if the scope asks for it (eager singletons).
  func prepare(in owner: Injector) throws(InjectionError) {}
}

/// A mapping for values of type `T`.
///
/// It is stored under `Key(T.self, …)` only, which is what makes the unchecked downcast in
/// ``Injector`` sound.
///
/// `@unchecked Sendable`: `state` is guarded by the owning injector's `registry` mutex;
/// `hookDecision` is atomic; everything else is immutable.
final class Registration<T>: AnyRegistration, @unchecked Sendable {
  /// Builds a new value; `nil` for a mapped instance.
  let factory: (@Sendable (Injector) throws -> T)?
  /// Calls the hook without a dynamic cast when the compiler knows the type (`Injectable`).
  let staticHook: ((T) -> Void)?
  /// The cached value of a singleton, eager singleton, weak or instance mapping.
  ///
  /// Guarded by the owning injector's `registry` mutex.
  var state: CacheState<T>
  /// The last dynamic type the dynamic hook check saw, tagged with the answer.
  ///
  /// The type's metadata address with bit 0 set (checked) and bit 1 set (conforms). Zero: not
  /// checked yet.
  private let hookDecision = Atomic<UInt>(0)

  init(
    key: Key, scope: Scope, factory: (@Sendable (Injector) throws -> T)?,
    staticHook: ((T) -> Void)?, state: CacheState<T> = .empty
  ) {
    self.factory = factory
    self.staticHook = staticHook
    self.state = state
    super.init(key: key, scope: scope)
  }

  override func prepare(in owner: Injector) throws(InjectionError) {
    guard scope == .eagerSingleton else { return }
    _ = try owner.resolveCached(self)
  }

  /// Calls the value's injection-complete hook, deciding conformance once per dynamic type.
  func complete(_ value: T) {
    if let staticHook {
      staticHook(value)
      return
    }
    let typeBits = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(type(of: value as Any))))
    var decision = hookDecision.load(ordering: .relaxed)
    if decision & ~3 != typeBits {
      decision = typeBits | 1 | (value is any InjectionCompletable ? 2 : 0)
      hookDecision.store(decision, ordering: .relaxed)
    }
    if decision & 2 != 0, let completable = value as? any InjectionCompletable {
      completable.injectionDidComplete()
    }
  }
}

/// Where a cached mapping's value stands.
enum CacheState<T> {
  case empty
  case building(BuildTicket<T>)
  case built(T)
  case weaklyBuilt(WeakObject)
}

/// A weak reference to the object of a `.weak` mapping.
struct WeakObject {
  weak var object: AnyObject?
}
