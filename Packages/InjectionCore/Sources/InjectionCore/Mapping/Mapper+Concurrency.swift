// The `map` methods for Swift concurrency: `async` factories, and factories isolated to the
// main actor. The compiler picks them from the closure: one that contains `await` (or is
// marked `async`) is an `async` factory, one marked `@MainActor` (or passed as `mainActor:`) a
// main-actor factory. (Isolation alone does not tell two declarations apart: the main-actor
// factory needs its own label.)

extension Mapper {
  /// Maps a key to an `async` factory, transient unless a scope says otherwise.
  ///
  /// ```swift
  /// injector.map(Report.self) { injector in try await Report.load() }
  /// let report = try await injector.resolveAsync(Report.self)
  /// injector.map(Database.self, scope: .eagerSingleton) { _ in try await Database.connect() }
  /// try await injector.prepare()  // builds it; synchronous resolutions find it from now on
  /// ```
  ///
  /// Resolve it with ``Injector/resolveAsync(_:named:)->T``; a synchronous
  /// ``Injector/resolve(_:named:)-8za4a`` throws ``InjectionError/asyncMapping(key:path:)``
  /// until a value is cached. A factory isolated to a global actor other than the main actor is
  /// an `async` factory too: `{ @DatabaseActor _ async in Store() }`.
  ///
  /// A singleton is built once however many tasks ask for it at once, without blocking a
  /// thread while they wait. An ``MappingScope/eagerSingleton`` is not built when it is mapped
  /// (that would block): ``Injector/prepare()`` builds it. Once built, the value is cached like
  /// any singleton's, and synchronous resolutions and `@Injected` reads return it.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives; transient by default (see ``MappingScope``). In a
  ///     ``MappingScope/resettable(_:)`` scope the value is cached as a singleton's until
  ///     ``Injector/reset(_:)`` drops (and disposes) it; a build that a reset overtakes goes
  ///     only to the resolutions that awaited it, and a resolution that starts after the reset
  ///     builds anew.
  ///   - factory: Builds the value; it receives the injector that owns a cached value, or the
  ///     injector that was asked for a transient one.
  @inlinable
  public func map<T>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient,
    _ factory: @escaping @Sendable (Injector) async throws -> T
  ) {
    add(
      Mapping(
        Registration<T>.self, named: name,
        scope: scope.scope, resettableScope: scope.resettableScope, asyncFactory: factory))
  }

  /// Maps a key to a factory isolated to the main actor, for a `@MainActor` type.
  ///
  /// ```swift
  /// injector.map(Router.self, scope: .singleton) { @MainActor _ in AppRouter() }
  /// injector.map(Router.self, scope: .singleton, mainActor: { _ in AppRouter() })
  /// ```
  ///
  /// A trailing closure marked `@MainActor` picks this method; so does the `mainActor:` label.
  ///
  /// Resolved from `@MainActor` code (or an `@Injected` property of a `@MainActor` object), the
  /// factory runs synchronously. From other `async` code,
  /// ``Injector/resolveAsync(_:named:)->T`` hops to the main actor to build it. A
  /// synchronous ``Injector/resolve(_:named:)-8za4a`` off the main actor that has to build the
  /// value throws ``InjectionError/actorIsolated(key:actor:path:)``: never a crash. A cached
  /// value is returned on any thread (a `@MainActor` object is `Sendable`; the compiler keeps
  /// its isolated members on the main actor).
  ///
  /// - Parameters:
  ///   - type: The key's type; its values must be `Sendable` (a `@MainActor` class is).
  ///   - name: A name, to keep several mappings for one type apart.
  ///   - scope: How long the value lives; transient by default. A main-actor
  ///     ``MappingScope/eagerSingleton`` mapped off the main actor is built by
  ///     ``Injector/prepare()``. In a ``MappingScope/resettable(_:)`` scope the value is cached
  ///     as a singleton's until ``Injector/reset(_:)`` drops (and disposes) it; a build that a
  ///     reset overtakes goes only to the resolution that made it.
  ///   - factory: Builds the value on the main actor.
  @inlinable
  public func map<T: Sendable>(
    _ type: T.Type, named name: String? = nil, scope: MappingScope<T> = .transient,
    mainActor factory: @escaping @MainActor @Sendable (Injector) throws -> T
  ) {
    add(
      Mapping(
        Registration<T>.self, named: name,
        scope: scope.scope, resettableScope: scope.resettableScope,
        mainActorFactory: factory))
  }
}
