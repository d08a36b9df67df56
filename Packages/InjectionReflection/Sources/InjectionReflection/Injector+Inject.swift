public import InjectionCore

extension Injector {
  /// Resolves every `@Injected` property of an object that this injector did not build, now,
  /// from this injector, and then calls its injection-complete hook.
  ///
  /// The properties are those declared in the object's class and in every superclass, the root
  /// class's first. A
  /// missing mapping is thrown here, instead of stopping the program at the property's first
  /// read. Properties that have their value already (read before, or resolved by an injector
  /// that built the object) are left as they are.
  ///
  /// ```swift
  /// let controller = CheckoutViewController()   // created by a storyboard, a framework, …
  /// try injector.inject(into: controller)
  /// ```
  ///
  /// The hook (`InjectionCompletable`) runs once, when this call resolved at
  /// least one property: injecting into the same object again resolves nothing and calls no
  /// hook.
  ///
  /// - Parameter object: The object to inject into.
  /// - Returns: How many properties this call resolved.
  /// - Throws: The `InjectionError` of the first property that cannot be resolved; the
  ///   properties resolved before it keep their values, and the hook is not called.
  @discardableResult
  public func inject(into object: AnyObject) throws(InjectionError) -> Int {
    try injectProperties(of: object)
  }

  /// Resolves every `@Injected` property of a value now, from this injector, and then calls
  /// its hook, as ``inject(into:)-(AnyObject)`` does for an object.
  ///
  /// - Parameter value: The value to inject into.
  /// - Returns: How many properties this call resolved.
  /// - Throws: The `InjectionError` of the first property that cannot be resolved.
  @discardableResult
  public func inject<Value>(into value: inout Value) throws(InjectionError) -> Int {
    try injectProperties(of: value)
  }

  private func injectProperties(of subject: Any) throws(InjectionError) -> Int {
    var resolved = 0
    for found in InjectionPoints(of: subject) where !found.point.isResolved {
      try found.point.bind(to: self)
      resolved += 1
    }
    if resolved > 0, let completable = subject as? any InjectionCompletable {
      completable.injectionDidComplete()
    }
    return resolved
  }
}
