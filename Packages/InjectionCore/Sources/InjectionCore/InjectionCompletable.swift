/// A value that wants to know when its injection is complete.
///
/// The injector calls ``injectionDidComplete()`` once for each value it builds whose hook it knows
/// about (below), after every `@Injected` property of the value was resolved, and after the hooks
/// of those dependencies (dependencies first). For a singleton it runs before any other thread can
/// see the singleton; within the resolution that builds it, the singleton is visible before its
/// hook, so circular singletons work.
///
/// Whether the injector calls the hook is decided by the compiler wherever it can be, because a
/// run-time conformance check is slow the first time it sees a type (it searches the program's
/// conformance records):
///
/// - An ``Injectable`` type that the injector creates, or that is mapped with
///   ``Mapper/map(_:named:scope:)``, always gets it.
/// - A factory or initializer mapping whose key type the compiler knows conforms to
///   `InjectionCompletable` uses the `map` overloads constrained to it, and calls the hook of
///   every value it builds.
/// - A mapping whose key is a protocol, such as `(any Engine).self`, checks the dynamic type of
///   the values it builds at run time, once per dynamic type (it remembers the answer for the
///   type it saw last).
/// - A mapping of a concrete type whose conformance the compiler cannot see, such as `T.self`
///   mapped inside a generic function whose `T` is unconstrained, never calls the hook.
///
/// A factory that returns an object it resolved (a singleton, another mapping's value) returns
/// something that is already complete, and the hook does not run again. Only class instances are
/// recognised that way: a struct returned like that is a new copy and gets its hook again.
///
/// An instance that you map yourself with ``Mapper/map(_:named:to:)`` is never injected into and
/// its hook is not called: you built it, you complete it.
public protocol InjectionCompletable {
  /// Called once, after all dependencies of this value are available.
  func injectionDidComplete()
}
