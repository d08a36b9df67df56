import InjectionCore
import InjectionTestHelpers

/// A value of the generated graphs: what it holds (values, providers and lazy values that its
/// factory and its decorators kept, and its `@Injected` properties) is walked after a
/// resolution, to call every provider and read every lazy value reachable from it.
protocol SoundNode: AnyObject, Sendable {
  var parts: [Any] { get }
  /// What decorators resolved for this value, kept with it (as a decorator keeps the
  /// dependencies it gives the value), so that the providers among them are reachable.
  var decorations: Locked<[Any]> { get }
}

extension SoundNode {
  /// Keeps what a decorator resolved with this value.
  func keep(_ resolved: [Any]) {
    decorations.withLock { $0 += resolved }
  }
}

/// What a factory of a named key (`n0` … `n5`) builds.
///
/// `@unchecked Sendable`: `built` is a constant, set in `init` and read only by the test's task
/// after the resolution that built it returned; `decorations` is guarded by its lock.
final class SoundLeaf: SoundNode, @unchecked Sendable {
  private let built: [Any]
  let decorations = Locked<[Any]>([])

  init(parts: [Any]) {
    built = parts
  }

  var parts: [Any] { built + decorations.withLock { $0 } }
}

/// An `Injectable` class of the generated graphs (keys `C6` … `C9`): created automatically when
/// nothing maps it, each with fixed `@Injected` properties whose keys the graph maps or not.
protocol SoundCarrier: SoundNode, Injectable {
  /// A value that also holds what its factory kept.
  init(extra: [Any])
}

/// The scope that resettable mappings use (never reset by the test).
enum SoundRequestScope: ResettableScope {}

// The carriers are `@unchecked Sendable` for the same reason: the injector that builds one
// resolves its `@Injected` properties before it hands it out, `extra` is a constant, and the
// test reads both only on its own task after the resolution returned; `decorations` is guarded
// by its lock.

/// Needs `n0` and the carrier `C7`.
final class C6: SoundCarrier, @unchecked Sendable {
  @Injected(named: "n0") var first: any SoundNode
  @Injected var second: C7
  let extra: [Any]
  let decorations = Locked<[Any]>([])

  init() { extra = [] }
  init(extra: [Any]) { self.extra = extra }
  var parts: [Any] { [cell(_first), cell(_second)] + extra + decorations.withLock { $0 } }
}

/// Needs `n1` optionally, and holds a provider of `n2`.
final class C7: SoundCarrier, @unchecked Sendable {
  @Injected(named: "n1") var first: (any SoundNode)?
  @Injected(named: "n2") var second: Provider<any SoundNode>
  let extra: [Any]
  let decorations = Locked<[Any]>([])

  init() { extra = [] }
  init(extra: [Any]) { self.extra = extra }
  var parts: [Any] { [cell(_first), cell(_second)] + extra + decorations.withLock { $0 } }
}

/// Holds a lazy `n3`, and needs the carrier `C9`.
final class C8: SoundCarrier, @unchecked Sendable {
  @Injected(named: "n3") var first: Lazy<any SoundNode>
  @Injected var second: C9
  let extra: [Any]
  let decorations = Locked<[Any]>([])

  init() { extra = [] }
  init(extra: [Any]) { self.extra = extra }
  var parts: [Any] { [cell(_first), cell(_second)] + extra + decorations.withLock { $0 } }
}

/// Needs `n4` and the collection `all`.
final class C9: SoundCarrier, @unchecked Sendable {
  @Injected(named: "n4") var first: any SoundNode
  @Injected(all: (any SoundNode).self, named: "all") var second: [any SoundNode]
  let extra: [Any]
  let decorations = Locked<[Any]>([])

  init() { extra = [] }
  init(extra: [Any]) { self.extra = extra }
  var parts: [Any] { [cell(_first), cell(_second)] + extra + decorations.withLock { $0 } }
}

/// An `@Injected` property read without resolving it: its value once resolved, else a
/// ``SoundDeferred`` that binds it to the injector it resolves from (reading an unresolved
/// property whose resolution fails stops the program; binding it throws instead).
func cell<Value>(_ property: Injected<Value>) -> Any {
  if property.isResolved { return property.value }
  return SoundDeferred(
    key: property.key, injector: property.injector.map(ObjectIdentifier.init),
    resolveNow: { () throws(InjectionError) in try property.resolveNow() },
    resolveNowAsync: { () throws(InjectionError) in try property.resolveNow() })
}

extension Injected {
  /// Binds this property to the injector it resolves from, then its value; a thrown error
  /// where a read would stop the program.
  fileprivate func resolveNow() throws(InjectionError) -> Any {
    guard let injector else {
      throw InjectionError.injectorReleased(key: key)
    }
    try bind(to: injector)
    return value
  }
}

/// The error a failing factory, initializer or decorator throws.
struct SoundFailure: Error, CustomStringConvertible {
  let key: String
  var description: String { "SoundFailure(\(key))" }
}

/// A `Provider` or `Lazy` value found in a resolved value: the ground truth resolves its key.
struct SoundDeferred {
  let key: InjectionKey
  /// The injector it resolves from, if found: a provider of a key bound to the parent may fail
  /// where one bound to the child succeeds, so the ground truth resolves each key once per
  /// injector.
  var injector: ObjectIdentifier? = nil
  /// A synchronous call or read.
  let resolveNow: () throws(InjectionError) -> Any
  /// An awaited call or read.
  let resolveNowAsync: () async throws(InjectionError) -> Any

  /// `value` if it is a provider or lazy value of a key of the generated graphs.
  static func of(_ value: Any) -> SoundDeferred? {
    if let found = value as? SoundDeferred { return found }
    if let found = of(value, as: (any SoundNode).self) { return found }
    for index in 6..<SoundKeys.count {
      if let found = of(value, asCarrier: SoundKeys.carrier(index)) { return found }
    }
    return nil
  }

  private static func of<C: SoundCarrier>(_ value: Any, asCarrier type: C.Type) -> SoundDeferred? {
    of(value, as: C.self)
  }

  private static func of<V: Sendable>(_ value: Any, as type: V.Type) -> SoundDeferred? {
    if let provider = value as? Provider<V> {
      return SoundDeferred(
        key: provider.key, injector: boundInjector(of: provider),
        resolveNow: { () throws(InjectionError) in try provider() },
        resolveNowAsync: { () async throws(InjectionError) in try await provider.resolveAsync() })
    }
    if let lazy = value as? Lazy<V> {
      return SoundDeferred(
        key: lazy.key, injector: boundInjector(of: lazy),
        resolveNow: { () throws(InjectionError) in try lazy.value },
        resolveNowAsync: { () async throws(InjectionError) in try await lazy.valueAsync })
    }
    return nil
  }
}

/// The identity of the injector a provider or lazy value is bound to, found in its stored
/// properties (a few levels deep, a weak reference included); `nil` if none is found.
func boundInjector(of value: Any, depth: Int = 3) -> ObjectIdentifier? {
  if let injector = value as? Injector { return ObjectIdentifier(injector) }
  guard depth > 0 else { return nil }
  var mirror: Mirror? = Mirror(reflecting: value)
  while let current = mirror {
    for child in current.children {
      if let found = boundInjector(of: child.value, depth: depth - 1) { return found }
    }
    mirror = current.superclassMirror
  }
  return nil
}
