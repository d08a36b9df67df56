/// A cache scope of your own whose values are dropped together: a signed-in session, a
/// document, a level of a game.
///
/// Declare an empty type that conforms, map keys in it, and reset it when its values must go:
///
/// ```swift
/// enum SessionScope: ResettableScope {}
///
/// injector.map(Session.self, in: SessionScope.self) { _ in Session(user: currentUser()) }
/// let session = try injector.resolve(Session.self)  // built once, then cached
/// injector.reset(SessionScope.self)                 // on logout: the next resolve builds anew
/// ```
///
/// A mapping in a resettable scope behaves like a ``Scope/singleton`` of the injector that
/// maps it (children share its value) until ``Injector/reset(_:)`` drops the values of every
/// mapping of the scope in that injector. The scope is a type, not a ``Scope`` case, so each
/// app names as many as it needs and an exhaustive `switch` over ``Scope`` stays exhaustive.
/// A child injector is the better tool when the values differ by more than their lifetime:
/// see "Resettable scopes" in `Documentation/Concepts.md`.
public protocol ResettableScope {}

/// The name of a resettable scope, as ``MappingSnapshot/resettableScope`` spells it.
func nameOfResettableScope(_ scope: any ResettableScope.Type) -> String {
  String(describing: scope)
}

extension Mapper {
  /// Maps a key to a factory whose value is cached in a ``ResettableScope`` until that scope is
  /// reset.
  ///
  /// ```swift
  /// injector.map(Session.self, in: SessionScope.self) { _ in Session(user: currentUser()) }
  /// ```
  ///
  /// The value is built once by the injector that owns the mapping, like a
  /// ``Scope/singleton``, and shared with its children; ``Injector/reset(_:)`` drops it, and
  /// the next resolution builds a new one.
  ///
  /// - Parameters:
  ///   - type: The key's type. Values that an injector keeps must be `Sendable`.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: The resettable scope the value is cached in.
  ///   - factory: Builds the value; it receives the injector that owns the mapping.
  @inlinable
  public func map<T: Sendable, S: ResettableScope>(
    _ type: T.Type, named name: String? = nil, in scope: S.Type,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(Registration<T>.self, named: name, in: scope, factory: factory))
  }

  /// Maps a key whose values have an injection-complete hook to a factory whose value is cached
  /// in a ``ResettableScope``; the overload that the compiler picks for an
  /// ``InjectionCompletable`` type, so that the hook runs once per built value.
  ///
  /// - Parameters:
  ///   - type: The key's type. Values that an injector keeps must be `Sendable`.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: The resettable scope the value is cached in.
  ///   - factory: Builds the value; it receives the injector that owns the mapping.
  @inlinable
  public func map<T: InjectionCompletable & Sendable, S: ResettableScope>(
    _ type: T.Type, named name: String? = nil, in scope: S.Type,
    _ factory: @escaping @Sendable (Injector) throws -> T
  ) {
    add(Mapping(hooked: Registration<T>.self, named: name, in: scope, factory: factory))
  }

  /// Maps an ``Injectable`` type to itself, built with `init()`, cached in a
  /// ``ResettableScope`` until that scope is reset.
  ///
  /// ```swift
  /// injector.map(ShoppingCart.self, in: SessionScope.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to build.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: The resettable scope the value is cached in.
  @inlinable
  public func map<T: Injectable & Sendable, S: ResettableScope>(
    _ type: T.Type, named name: String? = nil, in scope: S.Type
  ) {
    add(Mapping(injectable: Registration<T>.self, named: name, in: scope))
  }
}

extension Mapping {
  /// A mapping of `T` (with `name`) cached in the resettable `scope`, built by `factory`.
  @usableFromInline
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
  @usableFromInline
  init<T: InjectionCompletable, S: ResettableScope>(
    hooked kind: Registration<T>.Type, named name: String?, in scope: S.Type,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    self.init(
      registration: kind.init(
        key: Key(T.self, named: name), scope: .singleton, factory: factory,
        staticHook: { $0.injectionDidComplete() }, recipe: .factory, resettableScope: scope))
  }

  /// An ``Injectable`` type mapped to itself, cached in the resettable `scope`.
  @usableFromInline
  init<T: Injectable & Sendable, S: ResettableScope>(
    injectable kind: Registration<T>.Type, named name: String?, in scope: S.Type
  ) {
    self.init(
      registration: kind.init(
        key: Key(T.self, named: name), scope: .singleton, factory: { _ in T() },
        staticHook: { $0.injectionDidComplete() }, recipe: .injectableType,
        resettableScope: scope))
  }
}
