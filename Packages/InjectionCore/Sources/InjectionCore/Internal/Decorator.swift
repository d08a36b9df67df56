import Synchronization

/// A decorator of the values of one key (``Mapper/decorate(_:named:_:)-(_,_,(T)->T)``), kept
/// as a registration so that it is taken, copied and owned (directly or by a module) as mappings
/// are; an injector keeps its decorators apart from its mappings, in ``Registry/decorators``.
///
/// Stored under `Key(T.self, …)` only, which is what makes the unchecked cast in
/// ``Injector/decorated(_:key:)`` sound.
///
/// `@unchecked Sendable`: `decorate` is immutable and `@Sendable`; the rest is
/// ``AnyRegistration``'s (immutable, atomic, or guarded by the owning injector's `registry`
/// mutex). The lists of decorators (`Registry.decorators`) are read and changed only with that
/// mutex held; a build copies its chain's lists out and runs the decorators after unlocking.
final class Decorator<T>: AnyRegistration, @unchecked Sendable {
  /// Wraps a new value; receives the injector that built it.
  let decorate: @Sendable (T, Injector) throws -> T

  init(key: Key, decorate: @escaping @Sendable (T, Injector) throws -> T) {
    self.decorate = decorate
    decoratorCount.add(1, ordering: .relaxed)
    super.init(key: key, scope: .transient, recipe: .factory)
  }

  deinit {
    decoratorCount.subtract(1, ordering: .relaxed)
  }

  override var isDecorator: Bool { true }

  override func makeCopy() -> AnyRegistration {
    Decorator(key: key, decorate: decorate)
  }
}

/// How many decorators exist in the process, in any injector or not added yet.
///
/// While it is zero, a build skips the decorator lookup (one relaxed load); a decorator that
/// exists but is in no injector costs builds only that lookup.
private let decoratorCount = Atomic<Int>(0)

/// Whether any decorator exists, so that a build looks its key's decorators up.
func decoratorsExist() -> Bool {
  decoratorCount.load(ordering: .relaxed) > 0
}
