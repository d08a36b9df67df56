import Synchronization

extension Injector {
  /// Returns the cached value of a mapping this injector owns, building it exactly once.
  ///
  /// The first thread to find the value missing builds it while holding the ticket's gate;
  /// everyone else waits on the gate and then reads the value. A thread whose wait would close
  /// a cycle of waits (crossing singleton chains) takes the value's partial value instead, as
  /// the builder's own resolution does for circular singletons, so nothing deadlocks.
  func resolveCached<T>(_ registration: Registration<T>) throws(InjectionError) -> T {
    let context = ResolutionContext.current.takeUnretainedValue()
    while true {
      let step: CacheStep<T> = registry.withLock { _ in registration.nextStep() }
      switch step {
      case .ready(let value):
        return value
      case .wait(let ticket):
        if let value = try wait(for: ticket, key: registration.key, context: context) {
          return value
        }
      case .build:
        if let value = try buildOnce(registration, context: context) { return value }
      }
    }
  }

  /// Builds the value if this thread can claim the mapping; `nil` if another thread claimed it
  /// first.
  private func buildOnce<T>(_ registration: Registration<T>, context: ResolutionContext)
    throws(InjectionError) -> T?
  {
    let ticket = BuildTicket<T>(builder: context.id)
    ticket.gate.lock()
    defer { ticket.gate.unlock() }
    switch registry.withLock({ registry in
      registration.claim(ticket, generation: registry.resetGeneration(of: registration))
    }) {
    case .taken:
      return nil
    case .alive(let object):
      return object
    case .claimed(let incomplete, let generation):
      // Before the gate opens: no waiter may take this finished build for a live one.
      defer { WaitGraph.finish(ticket) }
      return try buildClaimed(
        registration, ticket: ticket, incomplete: incomplete, generation: generation,
        context: context)
    }
  }

  /// Builds (or finishes building) the value of a claimed mapping, and publishes it.
  ///
  /// If the build fails after its value was handed to other objects (circular singletons),
  /// the value is kept, with the `@Injected` properties it still lacks: the next build finishes
  /// it instead of making a second instance.
  ///
  /// - Parameter generation: The reset generation of a resettable mapping's scope when the
  ///   build was claimed: a value whose scope was reset since is returned to this resolution
  ///   but not kept (see ``reset(_:)``).
  private func buildClaimed<T>(
    _ registration: Registration<T>, ticket: BuildTicket<T>,
    incomplete: IncompleteValue<T>?, generation: UInt64, context: ResolutionContext
  ) throws(InjectionError) -> T {
    context.clearUnresolvedCells()
    do throws(InjectionError) {
      var hasHook = false
      let value: T
      if let incomplete {
        let finished = try finish(registration, incomplete, ticket: ticket, context: context)
        hasHook = registration.complete(finished)
        value = try decoratedFinished(finished, of: registration, context: context)
      } else {
        value = try build(
          registration.key, identity: ObjectIdentifier(registration), make: registration.factory,
          complete: {
            hasHook = registration.complete($0)
            return hasHook
          },
          created: { ticket.setPartialValue($0) }, isCached: true, decorates: true)
      }
      try registration.checkWeakValue(value)
      let finished = registry.withLock { registry in
        registration.publish(
          value, hasHook: hasHook,
          keep: registry.resetGeneration(of: registration) == generation)
      }
      withExtendedLifetime(finished) {}  // released here, after the mutex
      return value
    } catch {
      // The properties still to resolve: those from the one that failed on, or, if the failure
      // came before any of them, the ones an earlier build left.
      let unresolved = context.takeUnresolvedCells(ofBuildAtDepth: context.frames.count + 1)
      let kept = ticket.handedOutPartialValue.map {
        IncompleteValue(
          value: $0, cells: unresolved.isEmpty ? (incomplete?.cells ?? []) : unresolved)
      }
      context.clearUnresolvedCells()
      let replaced = registry.withLock { registry in
        // A scope reset since the claim drops what the failed build kept, too.
        registration.reset(
          keeping: registry.resetGeneration(of: registration) == generation ? kept : nil)
      }
      withExtendedLifetime(replaced) {}  // released here, after the mutex
      throw error
    }
  }

  /// Resolves the `@Injected` properties that an earlier, failed build of `incomplete.value`
  /// left unresolved.
  private func finish<T>(
    _ registration: Registration<T>, _ incomplete: IncompleteValue<T>,
    ticket: BuildTicket<T>, context: ResolutionContext
  ) throws(InjectionError) -> T {
    ticket.setPartialValue(incomplete.value, wasHandedOut: true)
    try context.enter(
      registration.key, injector: self, identity: ObjectIdentifier(registration), isCached: true)
    defer { context.leave() }
    try context.resolve(incomplete.cells)
    return incomplete.value
  }

  /// A finished incomplete value passed through its decorators, in a frame of its key as a
  /// build's decorators are.
  private func decoratedFinished<T>(
    _ value: T, of registration: Registration<T>, context: ResolutionContext
  ) throws(InjectionError) -> T {
    guard decoratorsExist() else { return value }
    try context.enter(
      registration.key, injector: self, identity: ObjectIdentifier(registration), isCached: true)
    defer { context.leave() }
    do {
      return try decorated(value, key: registration.key)
    } catch {
      throw context.failure(of: registration.key, error)
    }
  }

  /// Waits until another build of the same value is done; `nil` means: look again.
  private func wait<T>(for ticket: BuildTicket<T>, key: Key, context: ResolutionContext)
    throws(InjectionError) -> T?
  {
    if ticket.builder != context.id {
      switch WaitGraph.beginWaiting(context.id, for: ticket) {
      case .finished:
        return nil
      case .wait:
        ticket.gate.lock()  // the builder holds it until the build is over
        ticket.gate.unlock()
        WaitGraph.endWaiting(context.id)
        return nil
      case .wouldDeadlock:
        break
      }
    }
    if let partial = ticket.takePartialValue() { return partial }
    throw .cycle(path: context.path + [key.publicKey])
  }
}

/// What a resolution must do next for a cached mapping.
///
/// `@unchecked Sendable`, to leave the registry mutex (`Injector.registry`), under which it is
/// read from the registration: a ticket is `Sendable`, and `.ready` only carries the cached
/// value of a singleton, eager singleton, weak or instance mapping, which the mapping API
/// requires to be `Sendable`.
enum CacheStep<T>: @unchecked Sendable {
  case ready(T)
  case wait(BuildTicket<T>)
  case build
}

/// The answer to a thread that wants to build a cached value.
///
/// `@unchecked Sendable`, for the same reason as ``CacheStep``.
enum Claim<T>: @unchecked Sendable {
  /// Build it, finishing `incomplete` if there is one; `generation` is the reset generation
  /// of a resettable mapping's scope (0 for every other mapping).
  case claimed(incomplete: IncompleteValue<T>?, generation: UInt64)
  /// Another thread built it or is building it: look again.
  case taken
  /// The object of a `.weak` mapping is alive.
  case alive(T)
}

// These run only while the owning injector's registry mutex is held. None of them releases the
// last reference to a user object there: a `.weak` object that they load is moved out to the
// caller, which releases it after the mutex is unlocked (its `deinit` may run then).
extension Registration {
  /// The flag and the value rather than ``published``: a `T?` in this unspecialized code would
  /// ask the runtime for the metadata of `Optional<T>` on every call.
  func nextStep() -> CacheStep<T> {
    if isPublished.load(ordering: .acquiring) || hasResettableValue {
      return .ready(publishedValue)
    }
    if let ticket { return .wait(ticket) }
    if let object = weakObject.object { return .ready(object as! T) }
    return .build
  }

  /// Marks the value as being built by `ticket`'s thread, if nobody else is building it.
  func claim(_ ticket: BuildTicket<T>, generation: UInt64) -> Claim<T> {
    guard !isPublished.load(ordering: .relaxed), !hasResettableValue, self.ticket == nil else {
      return .taken
    }
    if let object = weakObject.object { return .alive(object as! T) }
    self.ticket = ticket
    return .claimed(incomplete: incomplete, generation: generation)
  }

  /// Publishes a built value.
  ///
  /// - Parameter keep: Whether to keep the value; `false` for a resettable mapping whose
  ///   scope was reset while it was built: the value goes only to the resolution that built it.
  /// - Returns: The incomplete value this build finished, to be released outside the mutex.
  func publish(_ value: T, hasHook: Bool, keep: Bool = true) -> IncompleteValue<T>? {
    ticket = nil
    defer { incomplete = nil }
    guard keep else { return incomplete }
    // Without a hook known to the compiler, a concrete key's value was not checked; it is
    // checked if a build is ever handed it, so that a factory returning it never completes it.
    let hook: HookState = hasHook ? .present : (checksHookDynamically ? .none : .unknown)
    if scope == .weak {
      weakObject = WeakObject(object: value as AnyObject)
    } else {
      publishCached(value, hook: hook)
    }
    return incomplete
  }

  /// Gives up a failed build; keeps `incomplete` for the next one if the value was handed out.
  ///
  /// - Returns: The replaced incomplete value, to be released outside the mutex.
  func reset(keeping incomplete: IncompleteValue<T>?) -> IncompleteValue<T>? {
    ticket = nil
    defer { self.incomplete = incomplete }
    return self.incomplete
  }
}

extension Registration {
  /// A `.weak` mapping must produce objects; checked on every build of such a mapping.
  func checkWeakValue(_ value: T) throws(InjectionError) {
    guard scope == .weak, !(type(of: value as Any) is AnyObject.Type) else { return }
    throw .invalidMapping(
      key: key.publicKey,
      reason: """
        the .weak scope keeps a weak reference, but the factory built a \
        \(type(of: value as Any)), which is not a class instance. Use .singleton or .transient.
        """)
  }
}
