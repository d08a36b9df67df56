import InjectionCore

/// A ``Provider`` or ``Lazy`` value that validation resolves now, as the app resolves it later.
protocol DeferredResolution: Sendable {
  /// The key it resolves.
  var key: InjectionKey { get }
  /// Whether it is a ``Provider``, which the app may call with arguments.
  var isProvider: Bool { get }
  /// Resolves its key as a synchronous call or read would.
  func resolveNow() throws(InjectionError)
  /// Resolves its key, mapped with an `async` or main-actor factory, as an awaited call or read
  /// would, from `injector`, the one it is bound to.
  func resolveNowAsync(from injector: Injector) async throws(InjectionError)
}

extension Provider: DeferredResolution {
  var isProvider: Bool { true }
  func resolveNow() throws(InjectionError) { _ = try self() }
  func resolveNowAsync(from injector: Injector) async throws(InjectionError) {
    _ = try await resolveAsync()
  }
}

extension Lazy: DeferredResolution {
  var isProvider: Bool { false }
  func resolveNow() throws(InjectionError) { _ = try value }
  // `valueAsync` needs a `Sendable` value; the key is mapped, so the injector resolves it as
  // that read would.
  func resolveNowAsync(from injector: Injector) async throws(InjectionError) {
    _ = try await injector.resolveAsync(key)
  }
}

/// A ``Provider`` or ``Lazy`` value that a validation copy built.
struct DeferredValue {
  let value: any DeferredResolution
  /// The path to it, its own key last.
  let path: [InjectionKey]
  /// The injector of the copy's chain that resolved it, to which it is bound: the identity of
  /// an injector that the exploration holds until it ends.
  let injector: ObjectIdentifier
}

/// A deferred value's key and the injector it is bound to.
struct DeferredIdentity: Hashable {
  let key: InjectionKey
  let injector: ObjectIdentifier
}
