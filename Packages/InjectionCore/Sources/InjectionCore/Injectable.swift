/// A type that an injector can build without any mapping, with its `init()`.
///
/// Resolve an unmapped `Injectable` type and the injector creates it, resolves its `@Injected`
/// properties and calls ``InjectionCompletable/injectionDidComplete()``. Whether a type is
/// `Injectable` is decided by the compiler through generic constraints, so auto-creation costs no
/// run-time conformance lookup; only a resolution from generic code that does not know the type
/// is `Injectable` checks the conformance at run time.
///
/// ```swift
/// final class Wheel: Injectable {
///   init() {}
/// }
/// let wheel = try injector.resolve(Wheel.self)  // no mapping needed
/// ```
///
/// Only unnamed keys are created automatically: a name always refers to a mapping. Protocols
/// cannot be `Injectable` in a useful way (there is nothing to call `init()` on), so an unmapped
/// protocol is an ``InjectionError/notMapped(key:path:searched:mappedNames:)``.
public protocol Injectable: InjectionCompletable {
  /// Creates the value. `@Injected` properties are available once the injector has finished,
  /// that is from ``InjectionCompletable/injectionDidComplete()`` on.
  init()
}

extension Injectable {
  /// Does nothing; implement it to act once your dependencies are available.
  public func injectionDidComplete() {}
}
