/// How long the values of one mapping live: the `scope:` parameter of every `map` and
/// `contribute` method.
///
/// ```swift
/// injector.map(Car.self) { injector in Car(engine: try injector.resolve()) }   // transient
/// injector.map(Engine.self, scope: .singleton) { _ in HybridEngine() }
/// injector.map(OrderForm.self, scope: .graph) { _ in OrderForm() }
/// injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in Session() }
/// ```
///
/// It is generic over the mapped value, so that the compiler checks each scope against it:
/// ``transient`` and ``graph`` never hand a value to two threads and take any type; the scopes
/// that share one value between threads (``singleton``, ``eagerSingleton``, ``weak``, and
/// ``resettable(_:)``) exist only where `Value` is `Sendable`. For a type that is not,
/// `scope: .singleton` does not compile: "type 'OrderForm' does not conform to the 'Sendable'
/// protocol".
///
/// A ``Scope`` held in a variable (read from configuration, or a test's parameter) converts with
/// ``init(_:)``: `scope: MappingScope(scope)`. ``Scope`` stays what an injector reports
/// (``MappingSnapshot/scope``, ``ResolutionEvent``), with ``MappingSnapshot/resettableScope``
/// for a resettable one.
public struct MappingScope<Value>: Sendable, Hashable, CustomStringConvertible {
  /// The ``Scope`` of the mapping: ``Scope/singleton`` for a resettable scope, whose values are
  /// shared as a singleton's until the scope is reset.
  public let scope: Scope

  /// The ``ResettableScope`` the values are cached in, or `nil`.
  public let resettableScope: (any ResettableScope.Type)?

  @inlinable
  init(scope: Scope, resettableScope: (any ResettableScope.Type)?) {
    self.scope = scope
    self.resettableScope = resettableScope
  }

  /// A new value for every resolution: ``Scope/transient``.
  ///
  /// Built by the injector that was asked; the default of every `scope:` parameter.
  @inlinable
  public static var transient: Self { Self(scope: .transient, resettableScope: nil) }

  /// One value per top-level resolution, kept on the resolving thread: ``Scope/graph``.
  @inlinable
  public static var graph: Self { Self(scope: .graph, resettableScope: nil) }

  /// Whether two scopes are the same: the same ``Scope``, and the same resettable scope type.
  ///
  /// - Parameters:
  ///   - lhs: A scope.
  ///   - rhs: Another scope.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.scope == rhs.scope
      && lhs.resettableScope.map(ObjectIdentifier.init)
        == rhs.resettableScope.map(ObjectIdentifier.init)
  }

  /// Hashes the scope and its resettable scope type.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scope)
    hasher.combine(resettableScope.map(ObjectIdentifier.init))
  }

  /// The scope as in source code: `transient`, `singleton`, …, or `resettable(SessionScope)`.
  public var description: String {
    guard let resettableScope else { return scope.description }
    return "resettable(\(nameOfResettableScope(resettableScope)))"
  }
}

extension MappingScope where Value: Sendable {
  /// One value per injector that owns the mapping, built on first use: ``Scope/singleton``.
  @inlinable
  public static var singleton: Self { Self(scope: .singleton, resettableScope: nil) }

  /// A singleton built as soon as it is mapped (or its module added): ``Scope/eagerSingleton``.
  @inlinable
  public static var eagerSingleton: Self { Self(scope: .eagerSingleton, resettableScope: nil) }

  /// Shared while someone else holds it; the value must be an object: ``Scope/weak``.
  @inlinable
  public static var weak: Self { Self(scope: .weak, resettableScope: nil) }

  /// Cached, as a singleton of the injector that owns the mapping, until
  /// ``Injector/reset(_:)`` drops the values of `scope`.
  ///
  /// ```swift
  /// injector.map(Session.self, scope: .resettable(SessionScope.self)) { _ in Session() }
  /// injector.reset(SessionScope.self)   // on logout
  /// ```
  ///
  /// Every form that takes a `scope:` caches its values in a resettable scope: a synchronous,
  /// `async` or `mainActor:` factory, an initializer (`with:`), an ``Injectable`` type, and a
  /// contribution (keyed or not). A factory that takes arguments (`taking:`) uses
  /// ``PerArgumentScope/perArgument(in:)`` instead.
  ///
  /// - Parameter scope: The resettable scope the value is cached in.
  /// - Returns: The scope of a mapping cached in `scope`.
  @inlinable
  public static func resettable<S: ResettableScope>(_ scope: S.Type) -> Self {
    Self(scope: .singleton, resettableScope: scope)
  }

  /// The mapping scope of a ``Scope`` value, for a scope held in a variable.
  ///
  /// ```swift
  /// let scope: Scope = configuration.cachesEngine ? .singleton : .transient
  /// injector.map(Engine.self, scope: MappingScope(scope)) { _ in HybridEngine() }
  /// ```
  ///
  /// Only for a `Sendable` value: the compiler cannot know which scope the variable holds.
  ///
  /// - Parameter scope: The scope.
  @inlinable
  public init(_ scope: Scope) {
    self.init(scope: scope, resettableScope: nil)
  }
}

// The `map` entries forward their `MappingScope` to these initializers, which pick the
// `Mapping` initializer of a resettable scope or of a `Scope` (out of line: one call per
// mapping, as before).
extension Mapping {
  /// A mapping of `T` in `scope`, built by `factory`.
  @usableFromInline
  init<T>(
    _ kind: Registration<T>.Type, named name: String?, scope: MappingScope<T>,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    if let resettable = scope.resettableScope {
      self.init(kind, named: name, in: resettable, factory: factory)
    } else {
      self.init(kind, named: name, scope: scope.scope, factory: factory)
    }
  }

  /// The same, for a type whose hook the compiler sees.
  @usableFromInline
  init<T: InjectionCompletable>(
    hooked kind: Registration<T>.Type, named name: String?, scope: MappingScope<T>,
    factory: @escaping @Sendable (Injector) throws -> T
  ) {
    if let resettable = scope.resettableScope {
      self.init(hooked: kind, named: name, in: resettable, factory: factory)
    } else {
      self.init(hooked: kind, named: name, scope: scope.scope, factory: factory)
    }
  }

  /// A mapping of `T` in `scope` to an initializer or function without parameters.
  @usableFromInline
  init<T>(
    _ kind: Registration<T>.Type, named name: String?, scope: MappingScope<T>,
    initializer: @escaping @Sendable () throws -> T
  ) {
    if let resettable = scope.resettableScope {
      self.init(kind, named: name, in: resettable, initializer: initializer)
    } else {
      self.init(kind, named: name, scope: scope.scope, initializer: initializer)
    }
  }

  /// The same, for a type whose hook the compiler sees.
  @usableFromInline
  init<T: InjectionCompletable>(
    hooked kind: Registration<T>.Type, named name: String?, scope: MappingScope<T>,
    initializer: @escaping @Sendable () throws -> T
  ) {
    if let resettable = scope.resettableScope {
      self.init(hooked: kind, named: name, in: resettable, initializer: initializer)
    } else {
      self.init(hooked: kind, named: name, scope: scope.scope, initializer: initializer)
    }
  }

  /// An ``Injectable`` type mapped to itself in `scope`.
  @usableFromInline
  init<T: Injectable & SendableMetatype>(
    injectable kind: Registration<T>.Type, named name: String?, scope: MappingScope<T>
  ) {
    if let resettable = scope.resettableScope {
      self.init(injectable: kind, named: name, in: resettable)
    } else {
      self.init(injectable: kind, named: name, scope: scope.scope)
    }
  }
}
