/// A cache scope of your own whose values are dropped together: a signed-in session, a
/// document, a level of a game.
///
/// Declare an empty type that conforms, map keys in it, and reset it when its values must go:
///
/// ```swift
/// enum SessionScope: ResettableScope {}
///
/// injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in
///   Session(user: currentUser())
/// }
/// let session = try injector.resolve(Session.self)  // built once, then cached
/// injector.reset(SessionScope.self)                 // on logout: the next resolve builds anew
/// ```
///
/// A mapping in a resettable scope behaves like a ``Scope/singleton`` of the injector that
/// maps it (children share its value) until ``Injector/reset(_:)`` drops the values of every
/// mapping of the scope in that injector (see ``MappingScope/resettable(_:)``). The scope is a
/// type, not a ``Scope`` case, so each app names as many as it needs and an exhaustive `switch`
/// over ``Scope`` stays exhaustive.
/// A child injector is the better tool when the values differ by more than their lifetime:
/// see "Resettable scopes" in `Documentation/Concepts.md`. (It is a `SendableMetatype`, so that
/// a ``MappingScope`` that names it is `Sendable`.)
public protocol ResettableScope: SendableMetatype {}

/// The name of a resettable scope, as ``MappingSnapshot/resettableScope`` spells it.
func nameOfResettableScope(_ scope: any ResettableScope.Type) -> String {
  String(describing: scope)
}

extension Mapping {
  /// A mapping of `T` (with `name`) cached in the resettable `scope`, built by `factory`.
  init<T, S: ResettableScope>(
    _ kind: Registration<T>.Type, named name: String?, in scope: S.Type,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    self.init(
      registration: kind.init(
        key: Key(T.self, named: name), scope: .singleton, factory: factory, staticHook: nil,
        recipe: .factory, resettableScope: scope))
  }

  /// The same, for a type whose hook the compiler sees.
  init<T: InjectionCompletable, S: ResettableScope>(
    hooked kind: Registration<T>.Type, named name: String?, in scope: S.Type,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    self.init(
      registration: kind.init(
        key: Key(T.self, named: name), scope: .singleton, factory: factory,
        staticHook: { $0.injectionDidComplete() }, recipe: .factory, resettableScope: scope))
  }

  /// A mapping of `T` to an initializer or function without parameters, cached in the
  /// resettable `scope`.
  init<T, S: ResettableScope>(
    _ kind: Registration<T>.Type, named name: String?, in scope: S.Type,
    initializer: @escaping @Sendable () throws -> T
  ) {
    self.init(
      registration: kind.init(
        key: Key(T.self, named: name), scope: .singleton,
        factory: resettableFactory(calling: initializer), staticHook: nil,
        recipe: .initializer, resettableScope: scope))
  }

  /// The same, for a type whose hook the compiler sees.
  init<T: InjectionCompletable, S: ResettableScope>(
    hooked kind: Registration<T>.Type, named name: String?, in scope: S.Type,
    initializer: @escaping @Sendable () throws -> T
  ) {
    self.init(
      registration: kind.init(
        key: Key(T.self, named: name), scope: .singleton,
        factory: resettableFactory(calling: initializer),
        staticHook: { $0.injectionDidComplete() }, recipe: .initializer, resettableScope: scope))
  }

  /// An ``Injectable`` type mapped to itself, cached in the resettable `scope`.
  init<T: Injectable & SendableMetatype, S: ResettableScope>(
    injectable kind: Registration<T>.Type, named name: String?, in scope: S.Type
  ) {
    self.init(
      registration: kind.init(
        key: Key(T.self, named: name), scope: .singleton, factory: { _ in T() },
        staticHook: { $0.injectionDidComplete() }, recipe: .injectableType,
        resettableScope: scope))
  }
}

/// A factory that ignores the injector and calls `initializer`, made without the caller's
/// protocol constraints.
private func resettableFactory<T>(calling initializer: @escaping @Sendable () throws -> T)
  -> @Sendable (Injector) throws -> T
{
  { _ in try initializer() }
}
