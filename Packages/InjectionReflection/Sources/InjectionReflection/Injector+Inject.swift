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
  /// **The hook.** A call runs the object's `injectionDidComplete()` when all of these hold:
  ///
  /// - the call succeeds (one that throws calls no hook; the next call may complete the
  ///   object);
  /// - the object conforms to `InjectionCompletable` (checked at run time, on the object's
  ///   dynamic type);
  /// - no injector built the object: a build already called its hook. The call tells such an
  ///   object by its `@Injected` properties, which name the injector that built their owner;
  ///   an object without any that an injector built looks like one your code created, so do
  ///   not inject into it;
  /// - no earlier call completed this object, from this injector or another: the hook runs once
  ///   per object, and later calls resolve nothing new and call no hook.
  ///
  /// So the first successful call on an object your code created calls the hook, also when the
  /// object has no `@Injected` property at all (as Gummi's `injectIntoObject:` did).
  ///
  /// - Parameter object: The object to inject into.
  /// - Returns: How many properties this call resolved.
  /// - Throws: The `InjectionError` of the first property that cannot be resolved; the
  ///   properties resolved before it keep their values, and the hook is not called.
  @discardableResult
  public func inject(into object: AnyObject) throws(InjectionError) -> Int {
    let points = Array(InjectionPoints(of: object))
    let resolved = try resolve(points)
    // Built by an injector: its build completed it.
    let wasBuilt = points.contains { $0.point.injectorSource == .builder }
    if !wasBuilt, let completable = object as? any InjectionCompletable,
      CompletedObjects.insert(object)
    {
      completable.injectionDidComplete()
    }
    return resolved
  }

  /// Resolves every `@Injected` property of a value now, from this injector, and then calls
  /// its hook, as ``inject(into:)-(AnyObject)`` does for an object.
  ///
  /// A value has no identity to remember, so its hook runs when this call resolved at least one
  /// of its properties: injecting into it (or into a copy, which shares the properties'
  /// storage) again resolves nothing and calls no hook, and a value without `@Injected`
  /// properties never gets its hook from here.
  ///
  /// - Parameter value: The value to inject into.
  /// - Returns: How many properties this call resolved.
  /// - Throws: The `InjectionError` of the first property that cannot be resolved.
  @discardableResult
  public func inject<Value>(into value: inout Value) throws(InjectionError) -> Int {
    let resolved = try resolve(Array(InjectionPoints(of: value)))
    if resolved > 0, let completable = value as? any InjectionCompletable {
      completable.injectionDidComplete()
    }
    return resolved
  }

  private func resolve(_ points: [InjectionPoints.Found]) throws(InjectionError) -> Int {
    var resolved = 0
    for found in points where !found.point.isResolved {
      try found.point.bind(to: self)
      resolved += 1
    }
    return resolved
  }
}
