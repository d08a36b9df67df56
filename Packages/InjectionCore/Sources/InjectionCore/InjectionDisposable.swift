/// A value that an injector tears down when the owner that built it ends.
///
/// An injector owns the values it builds and keeps: singletons, eager singletons, `async`
/// singletons, the values of a ``ResettableScope``, and singleton contributions; a module's
/// share goes with the module. When such an owner ends, the injector calls ``dispose()`` on
/// each of its values that conforms, in reverse order of creation (a value before what it
/// depends on), exactly once:
///
/// - ``Injector/removeModule(_:)->Bool`` and ``Injector/replaceModule(_:with:)``: the
///   module's values, after its ``InjectionModule/unload(from:)``;
/// - ``Injector/unmap(_:named:)``, or a new mapping of the same key by the same owner: the
///   replaced mapping's value;
/// - ``Injector/reset(_:)``: the values the scope drops;
/// - ``Injector/shutdown(timeout:)`` and ``Injector/shutdownSynchronously()``: every value the
///   injector still owns.
///
/// ```swift
/// final class Database: InjectionDisposable, Sendable {
///   func dispose() throws { /* close the connection */ }
/// }
/// ```
///
/// Not owned, so never disposed by an injector: an instance you mapped with
/// ``Mapper/map(_:named:to:)`` (you made it, you end it), the object of a ``Scope/weak``
/// mapping, a ``Scope/transient`` value and a ``Scope/graph`` value (each belongs to the
/// resolution that asked for it; to own such values, resolve them in a child injector made per
/// unit of work, mapped there as singletons, and shut the child down at its end).
///
/// The injector lists each value it caches in order of creation (an append, no other cost), and
/// asks whether it conforms only when its owner ends, from its dynamic type: a value mapped under
/// a protocol key (`(any Store).self`) is disposed too, and neither a build nor a cached read
/// pays for a conformance check (the first check of a type searches the program's conformance
/// records, tens of microseconds that an app's launch would pay for every type).
///
/// `dispose()` runs on whatever thread ends the owner, never while the injector's lock is held,
/// so it may resolve from the injector (except after ``Injector/shutdown(timeout:)`` began). An error
/// it throws does not stop the others: every failure is collected and reported at once in a
/// ``DisposalError``. A type isolated to a global actor (`@MainActor`) conforms to
/// ``AsyncInjectionDisposable`` instead, whose `dispose()` runs on its actor.
///
/// A value that conforms to both protocols is disposed by the asynchronous one when the
/// injector can await it, else by this one; never by both.
public protocol InjectionDisposable: SendableMetatype {
  /// Releases what the value holds (a connection, a file, a task); called once, when the
  /// injector that owns the value ends it.
  ///
  /// - Throws: Any error; the injector reports it with the value's key in a ``DisposalError``.
  func dispose() throws
}

/// A value that an injector tears down, with `await`, when the owner that built it ends.
///
/// Owned values and the events that end them are those of ``InjectionDisposable``. The
/// injector awaits ``dispose()`` in ``Injector/shutdown(timeout:)`` and
/// ``Injector/disposeReleasedValues(timeout:)``, one value after another in reverse order of creation,
/// each within the `timeout` those methods take; when a value's time is up (or the task that
/// shuts down is cancelled), its `dispose()` task is cancelled and the failure reported.
///
/// A `@MainActor` service conforms with an isolated method: the injector awaits it on the main
/// actor.
///
/// ```swift
/// @MainActor final class Window: AsyncInjectionDisposable {
///   func dispose() async throws { /* close the window, on the main actor */ }
/// }
/// ```
///
/// A synchronous event (``Injector/removeModule(_:)->Bool``, ``Injector/unmap(_:named:)``,
/// ``Injector/reset(_:)``, a replaced mapping) cannot await: it disposes the synchronous values
/// at once, and keeps the asynchronous ones for the next ``Injector/disposeReleasedValues(timeout:)`` or
/// ``Injector/shutdown(timeout:)``, still in reverse order of creation.
public protocol AsyncInjectionDisposable: SendableMetatype {
  /// Releases what the value holds; called once, with `await`, when the injector that owns the
  /// value ends it.
  ///
  /// - Throws: Any error; the injector reports it with the value's key in a ``DisposalError``.
  func dispose() async throws
}
