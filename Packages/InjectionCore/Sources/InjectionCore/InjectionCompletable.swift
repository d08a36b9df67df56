/// A value that wants to know when its injection is complete.
///
/// The injector calls ``injectionDidComplete()`` exactly once per object it built, after every
/// `@Injected` property of the object was resolved, and after the hooks of those dependencies
/// (dependencies first). For a singleton it runs before any other thread can see the
/// singleton; within the resolution that builds it, the singleton is visible before its hook, so
/// circular singletons work.
///
/// An instance that you map yourself with `map(_:named:to:)` is never injected into and its hook
/// is not called: you built it, you complete it.
public protocol InjectionCompletable {
  /// Called once, after all dependencies of this value are available.
  func injectionDidComplete()
}
