import Synchronization

extension Injector {
  /// Ends the injector: from now on it builds and resolves nothing, and every value it owns that
  /// can be disposed is disposed, in reverse order of creation, one after another.
  ///
  /// The inverse of ``prepare()``: an app prepares its injector when it launches and shuts it
  /// down when it exits, as Uber Fx's `OnStart` and `OnStop` hooks do.
  ///
  /// ```swift
  /// let app = Injector(label: "app")
  /// app.map(Database.self, scope: .eagerSingleton) { _ in try await Database.connect() }
  /// try await app.prepare()      // launch: the database connects
  /// // … the app runs …
  /// try await app.shutdown()     // exit: the database disposes itself
  /// ```
  ///
  /// The owned values are the cached ones this injector built: singletons, eager and `async`
  /// singletons, values of a ``ResettableScope``, singleton contributions, its modules' ones;
  /// also those that earlier events released for asynchronous disposal
  /// (``disposeReleasedValues(timeout:)``). Instances you mapped, weak, transient and graph values are
  /// not owned (see ``InjectionDisposable``). Each value is disposed once: by its
  /// ``AsyncInjectionDisposable/dispose()`` (awaited, within `timeout`) if it has one, else by its
  /// ``InjectionDisposable/dispose()``.
  ///
  /// Strictly sequential: a value's disposal starts when the one created after it is over, so a
  /// value is never disposed while something that was built with it is still being disposed.
  ///
  /// From the moment it begins, resolving from this injector throws
  /// ``InjectionError/shutDown(injector:key:)``, and so do resolutions that reach its mappings
  /// through a child; a build that was under way is not kept, and its value is disposed
  /// (by a later call of this method or ``disposeReleasedValues(timeout:)`` if it is only
  /// asynchronous). Its mappings and modules are removed without ``InjectionModule/unload(from:)``;
  /// a mapping added afterwards is ignored. A child injector is not shut down with its parent (the
  /// parent does not know its children): shut each child down first, as you made it. A child's
  /// shutdown never touches its parent's values.
  ///
  /// Calling it again disposes only what was released since (nothing, usually) and returns.
  ///
  /// - Parameter timeout: How long each asynchronous `dispose()` may take; when it is up, its
  ///   task is cancelled, the failure is reported and the next value is disposed.
  /// - Throws: A ``DisposalError`` listing every value whose disposal failed (and the failures
  ///   that earlier synchronous events kept), after all were attempted. If the task that calls
  ///   this is cancelled, the disposal under way is cancelled and the values left are reported
  ///   as ``DisposalError/Reason/cancelled``; their synchronous `dispose()` still runs.
  public func shutdown(timeout: Duration = .seconds(10)) async throws(DisposalError) {
    let (values, kept, leftovers) = beginShutdown()
    leftovers.release()
    try await dispose(values, keeping: kept, timeout: timeout)
  }

  /// Ends the injector without awaiting: it disposes every value it owns that is
  /// ``InjectionDisposable``, in reverse order of creation, and reports those that are only
  /// ``AsyncInjectionDisposable``.
  ///
  /// For code that cannot await (a command-line tool's last line, a `deinit` of your own). What
  /// ``shutdown(timeout:)`` says of resolutions, mappings, modules and children holds here too. A value
  /// that is only asynchronous stays owned: a later `try await injector.shutdown()` disposes it.
  ///
  /// - Throws: A ``DisposalError`` listing every value whose `dispose()` threw, every value it
  ///   could not dispose (``DisposalError/Reason/needsAwait``), and the failures that earlier
  ///   synchronous events kept.
  public func shutdownSynchronously() throws(DisposalError) {
    let (values, kept, leftovers) = beginShutdown()
    leftovers.release()
    var failures = kept
    var awaiting: [ReleasedValue] = []
    for value in values {
      guard let disposer = Disposer(value.value) else { continue }
      guard let disposable = disposer.sync else {
        awaiting.append(value)
        failures.append(DisposalError.Failure(key: value.key.publicKey, reason: .needsAwait))
        continue
      }
      let reason = Self.dispose(disposable)
      reportDisposal(of: value, failure: reason)
      if let reason {
        failures.append(DisposalError.Failure(key: value.key.publicKey, reason: reason))
      }
    }
    if !awaiting.isEmpty {
      registry.withLock { $0.lifetimes.released += awaiting }
    }
    if !failures.isEmpty { throw DisposalError(injector: label, failures: failures) }
  }

  /// Disposes, with `await`, the values that synchronous events released but could not dispose
  /// (those that are only ``AsyncInjectionDisposable``), and reports the failures those events
  /// kept.
  ///
  /// ``removeModule(_:)->Bool``, ``replaceModule(_:with:)``, ``unmap(_:named:)``, a mapping that
  /// replaces another and ``reset(_:)`` cannot await or throw: they dispose the synchronous values
  /// they release at once and keep the rest for this method (or ``shutdown(timeout:)``).
  ///
  /// ```swift
  /// injector.reset(RequestScope.self)
  /// try await injector.disposeReleasedValues()  // the request's async values, and any failure
  /// ```
  ///
  /// - Parameter timeout: How long each asynchronous `dispose()` may take.
  /// - Throws: A ``DisposalError`` listing every failure, after all were attempted.
  public func disposeReleasedValues(timeout: Duration = .seconds(10))
    async throws(DisposalError)
  {
    let (values, kept) = registry.withLock { $0.lifetimes.takeReleased() }
    try await dispose(values, keeping: kept, timeout: timeout)
  }

  /// Disposes `values` one at a time, in their order, awaiting each asynchronous one (within
  /// `timeout`), and throws every failure at once: those of `kept` (kept by earlier events)
  /// first.
  private func dispose(
    _ values: [ReleasedValue], keeping kept: [DisposalError.Failure], timeout: Duration
  ) async throws(DisposalError) {
    var failures = kept
    for value in values {
      guard let disposer = Disposer(value.value) else { continue }
      let reason = await Self.dispose(disposer, timeout: timeout)
      reportDisposal(of: value, failure: reason)
      if let reason {
        failures.append(DisposalError.Failure(key: value.key.publicKey, reason: reason))
      }
    }
    if !failures.isEmpty { throw DisposalError(injector: label, failures: failures) }
  }

  /// Whether ``shutdown(timeout:)`` or ``shutdownSynchronously()`` was called on this injector.
  ///
  /// A child of an injector that was shut down is not shut down itself, though its resolutions
  /// that reach the parent's mappings fail.
  public var isShutDown: Bool { shutDownFlag.load(ordering: .acquiring) }

  /// Marks the injector shut down and takes out, in one locked step, every owned value (latest
  /// first), the failures kept so far, and every mapping and module.
  private func beginShutdown() -> (
    values: [ReleasedValue], failures: [DisposalError.Failure], leftovers: ShutdownLeftovers
  ) {
    registry.withLock { registry in
      registry.lifetimes.isShutDown = true
      shutDownFlag.store(true, ordering: .releasing)
      let values = registry.lifetimes.takeAll()
      let failures = registry.lifetimes.failures
      registry.lifetimes.failures = []
      return (values, failures, registry.takeEverything())
    }
  }

  /// Disposes what a synchronous event released (latest first): the synchronous values now, on
  /// this thread, after the registry mutex was unlocked; the others are kept for
  /// ``disposeReleasedValues(timeout:)``, with the failures.
  func disposeReleased(_ values: [ReleasedValue]) {
    guard !values.isEmpty else { return }
    var failures: [DisposalError.Failure] = []
    var awaiting: [ReleasedValue] = []
    for value in values {
      guard let disposer = Disposer(value.value) else { continue }
      guard let disposable = disposer.sync else {
        awaiting.append(value)
        continue
      }
      let reason = Self.dispose(disposable)
      reportDisposal(of: value, failure: reason)
      if let reason {
        failures.append(DisposalError.Failure(key: value.key.publicKey, reason: reason))
      }
    }
    guard !failures.isEmpty || !awaiting.isEmpty else { return }
    registry.withLock { registry in
      registry.lifetimes.released += awaiting
      registry.lifetimes.failures += failures
    }
  }

  /// Calls a synchronous `dispose()`; the reason it failed, if it did.
  private static func dispose(_ disposable: any InjectionDisposable) -> DisposalError.Reason? {
    do {
      try disposable.dispose()
      return nil
    } catch {
      return .threw(error)
    }
  }

  /// Disposes one value with `await` if it is asynchronous (within `timeout`), else
  /// synchronously; the reason it failed, if it did.
  private static func dispose(_ disposer: Disposer, timeout: Duration) async
    -> DisposalError.Reason?
  {
    guard let disposable = disposer.async else {
      guard let disposable = disposer.sync else { return nil }
      return dispose(disposable)
    }
    if Task.isCancelled { return .cancelled }
    let outcome = FirstOutcome()
    let held = DisposableBox(disposable)
    // Unstructured tasks, so that a `dispose()` that ignores cancellation cannot hold the
    // shutdown past its timeout.
    let work = Task {
      do {
        try await held.value.dispose()
        outcome.settle(nil)
      } catch {
        outcome.settle(.threw(error))
      }
    }
    let timer = Task {
      do {
        try await Task.sleep(for: timeout)
        outcome.settle(.timedOut(after: timeout))
      } catch {}  // cancelled: the disposal finished first
    }
    let reason = await withTaskCancellationHandler {
      await outcome.value()
    } onCancel: {
      outcome.settle(.cancelled)
    }
    timer.cancel()
    if reason != nil { work.cancel() }
    return reason
  }
}

/// The value of an asynchronous disposal, moved into the task that disposes it.
// @unchecked Sendable: it holds a cached value that the injector hands to any thread that
// resolves it (see `Disposer`); only the one disposal task uses it.
private struct DisposableBox: @unchecked Sendable {
  let value: any AsyncInjectionDisposable

  init(_ value: any AsyncInjectionDisposable) {
    self.value = value
  }
}

/// The first outcome of a disposal to arrive (done, failed, timed out, cancelled), handed to the
/// one task that waits for it; later ones are ignored.
private final class FirstOutcome: Sendable {
  private enum State {
    case waiting(CheckedContinuation<DisposalError.Reason?, Never>?)
    case settled(DisposalError.Reason?)
  }
  private let state = Mutex(State.waiting(nil))

  /// Settles the outcome, unless it is settled.
  func settle(_ reason: DisposalError.Reason?) {
    let continuation = state.withLock {
      state -> CheckedContinuation<DisposalError.Reason?, Never>? in
      guard case .waiting(let continuation) = state else { return nil }
      state = .settled(reason)
      return continuation
    }
    continuation?.resume(returning: reason)
  }

  /// The outcome, once it is settled.
  func value() async -> DisposalError.Reason? {
    await withCheckedContinuation { continuation in
      let settled = state.withLock { state -> DisposalError.Reason?? in
        switch state {
        case .settled(let reason): return .some(reason)
        case .waiting:
          state = .waiting(continuation)
          return .none
        }
      }
      if let settled { continuation.resume(returning: settled) }
    }
  }
}

/// What a shutdown takes out of the registry: the mappings, contributions, decorators and
/// modules, to be released after the mutex is unlocked (their values may run any `deinit`).
// @unchecked Sendable: moved out of the lock `Injector.registry` by the one thread that shuts
// the injector down, and only released by it.
struct ShutdownLeftovers: @unchecked Sendable {
  let table: RegistrationTable
  let others: [Any]

  /// Releases everything, outside the mutex.
  func release() {
    table.releaseAll()
  }
}

extension Registry {
  /// Takes every mapping, contribution, decorator and module out, for a shutdown.
  mutating func takeEverything() -> ShutdownLeftovers {
    let others: [Any] = [shadowed, contributions, decorators, modules]
    shadowed = [:]
    contributions = [:]
    decorators = [:]
    modules = []
    return ShutdownLeftovers(table: takeTable(), others: others)
  }
}

extension Injector {
  /// The error of a build (of `registration`) that finished after this injector's shutdown began: its value is not
  /// kept, and is disposed (now if it is synchronous, else by the next ``shutdown(timeout:)`` or
  /// ``disposeReleasedValues(timeout:)``).
  ///
  /// - Parameter value: The value built, or `nil` for the object of a `.weak` mapping, which is
  ///   not owned.
  func refuseLateBuild(of registration: AnyRegistration, value: Any?) -> InjectionError {
    if let value {
      disposeReleased([
        ReleasedValue(sequence: 0, key: registration.key, value: value, registration: registration)
      ])
    }
    return .shutDown(injector: label, key: registration.key.publicKey)
  }

  /// The error for a resolution of `key` from this injector when it or an ancestor whose
  /// mappings it would reach was shut down; `nil` otherwise.
  func shutDownError(for key: Key) -> InjectionError? {
    shutDownError(for: key.publicKey)
  }

  /// ``shutDownError(for:)-(Key)`` for a key known as a value.
  func shutDownError(for key: InjectionKey) -> InjectionError? {
    var next: Injector? = self
    while let injector = next {
      if injector.shutDownFlag.load(ordering: .relaxed) {
        return .shutDown(injector: injector.label, key: key)
      }
      next = injector.parent
    }
    return nil
  }
}
