extension Injector {
  /// Removes every decorator of a key from this injector (direct ones and those of modules).
  ///
  /// Values built afterwards are not decorated by them; values already built keep their
  /// decoration. The ancestors' decorators are not touched.
  ///
  /// ```swift
  /// injector.removeDecorators(of: (any Engine).self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: Whether a decorator was removed.
  @discardableResult
  public func removeDecorators<T>(of type: T.Type, named name: String? = nil) -> Bool {
    let removed = registry.withLock { $0.removeDecorators(Key(T.self, named: name)) }
    defer { withExtendedLifetime(removed) {} }  // released here, after the mutex
    return !removed.isEmpty
  }

  /// Removes every decorator of a key described by an ``InjectionKey`` from this injector, as
  /// ``removeDecorators(of:named:)`` does; for code that knows keys only as values, such as
  /// the keys of a ``snapshot()``.
  ///
  /// A key made with ``InjectionKey/init(_:named:)`` or taken from a snapshot finds its
  /// decorators by type; a key made with ``InjectionKey/init(typeName:name:)`` is looked up by
  /// the type name of this injector's mapping of it.
  ///
  /// - Parameter key: The decorated key.
  /// - Returns: Whether a decorator was removed.
  @discardableResult
  public func removeDecorators(of key: InjectionKey) -> Bool {
    guard let own = self.key(describedBy: key) else { return false }
    let removed = registry.withLock { $0.removeDecorators(own) }
    defer { withExtendedLifetime(removed) {} }  // released here, after the mutex
    return !removed.isEmpty
  }

  /// Whether this injector or an ancestor has a decorator of a key: whether the values that
  /// this injector builds for it are decorated.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: `true` if a decorator of the key is in this injector or an ancestor.
  public func isDecorated<T>(_ type: T.Type, named name: String? = nil) -> Bool {
    !decorators(of: Key(T.self, named: name)).isEmpty
  }

  /// The decorators that apply to a value of `key` that this injector builds, in the order they
  /// apply: the root's first, this injector's last, each injector's in the order added.
  func decorators(of key: Key) -> [AnyRegistration] {
    var layers: [[AnyRegistration]] = []
    var next: Injector? = self
    while let injector = next {
      if let own = injector.registry.withLock({ $0.decorators[key] }) { layers.append(own) }
      next = injector.parent
    }
    return layers.reversed().flatMap { $0 }
  }

  /// `value`, a new value of `key` that this injector built, passed through the decorators that
  /// apply to it; `value` itself when there are none.
  ///
  /// Runs no decorator with a lock held. Skips the lookup while no decorator exists.
  func decorated<T>(_ value: T, key: Key) throws -> T {
    guard decoratorsExist(), key.id == ObjectIdentifier(T.self) else { return value }
    var value = value
    for decorator in decorators(of: key) {
      // Sound: a decorator is stored under `Key(T.self, …)` only, and `key` is `T`'s.
      let typed = Unmanaged<Decorator<T>>.fromOpaque(
        Unmanaged.passUnretained(decorator).toOpaque()
      ).takeUnretainedValue()
      value = try typed.decorate(value, self)
    }
    return value
  }
}
