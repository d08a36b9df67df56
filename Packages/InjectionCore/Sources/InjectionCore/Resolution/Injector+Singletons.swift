import Synchronization

extension Injector {
  /// Returns the cached value of a mapping this injector owns, building it exactly once.
  ///
  /// The first thread to find the value missing builds it while holding the ticket's gate;
  /// everyone else waits on the gate and then reads the value. A thread whose wait would close
  /// a cycle of waits (crossing singleton chains) takes the value's partial value instead, as
  /// the builder's own resolution does for circular singletons, so nothing deadlocks.
  ///
  /// The generic edge of the build path: what it decides is not generic (``CacheStep``,
  /// ``Claim``, ``BuildTicket``, ``IncompleteValue``), so that this code, which is not
  /// specialized for `T`, asks the runtime for no generic metadata; a value of type `T` is only
  /// copied out of the registration, or cast back from the `Any` or `AnyObject` that the state
  /// holds (a `.weak` object, a partial value).
  func resolveCached<T>(_ registration: Registration<T>) throws(InjectionError) -> T {
    let context = ResolutionContext.current.takeUnretainedValue()
    while true {
      // The lock is taken directly: a `withLock` closure would return the value through an
      // `Optional<T>` or an enum of `T`, whose metadata the runtime looks up on each call.
      let lock = registry
      lock.mutex.lock()
      switch registration.nextStep() {
      case .ready:
        // Copied (retained) while the mutex is held: rule 1 of "Why every lookup takes the
        // injector's mutex".
        let value = registration.publishedValue
        lock.mutex.unlock()
        return value
      case .alive(let object):
        lock.mutex.unlock()
        return object as! T  // a `.weak` mapping's object, which it built as a `T`
      case .wait(let ticket):
        lock.mutex.unlock()
        if let partial = try wait(for: ticket, key: registration.key, context: context) {
          return partial as! T  // the partial value of a `T`, which it set
        }
      case .build:
        lock.mutex.unlock()
        let ticket = BuildTicket(builder: context.id)
        ticket.gate.lock()
        defer { ticket.gate.unlock() }
        switch registry.withLock({ registry in
          registration.claim(ticket, generation: registry.resetGeneration(of: registration))
        }) {
        case .taken:
          continue
        case .alive(let object):
          return object as! T
        case .claimed(let incomplete, let generation):
          // Before the gate opens: no waiter may take this finished build for a live one.
          defer { WaitGraph.finish(ticket) }
          return try buildClaimed(
            registration, ticket: ticket, incomplete: incomplete, generation: generation,
            context: context)
        }
      }
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
    _ registration: Registration<T>, ticket: BuildTicket,
    incomplete: IncompleteValue?, generation: UInt64, context: ResolutionContext
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
          created: .partialValue(of: ticket), isCached: true, decorates: true)
      }
      try registration.checkWeakValue(value)
      let (finished, refused) = registry.withLock { registry in
        let refused = registry.lifetimes.isShutDown
        let keep =
          registry.resetGeneration(of: registration) == generation && !refused
          && !registration.isRetired
        let finished = registration.publish(value, hasHook: hasHook, keep: keep)
        // Listed in order of creation; whether it can be disposed is asked when it ends.
        if keep, registration.scope != .weak { registry.lifetimes.own(registration) }
        return (finished, refused)
      }
      withExtendedLifetime(finished) {}  // released here, after the mutex
      if refused {
        let owned: Any? = registration.scope == .weak ? nil : value
        throw refuseLateBuild(of: registration, value: owned)
      }
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
    _ registration: Registration<T>, _ incomplete: IncompleteValue,
    ticket: BuildTicket, context: ResolutionContext
  ) throws(InjectionError) -> T {
    ticket.setPartialValue(incomplete.value, wasHandedOut: true)
    try context.enter(
      registration.key, injector: self, identity: ObjectIdentifier(registration), isCached: true)
    defer { context.leave() }
    try context.resolve(incomplete.cells)
    return incomplete.value as! T  // the value of an earlier build of this `Registration<T>`
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

  /// Waits until another build of the same value is done; `nil` means: look again, else the
  /// partial value to take (the caller casts it back).
  private func wait(for ticket: BuildTicket, key: Key, context: ResolutionContext)
    throws(InjectionError) -> Any?
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

/// What a resolution must do next for a cached mapping; read with the registry mutex held.
///
/// Not generic (see ``BuildTicket``): a cached value is copied out of its registration by the
/// caller, still under the mutex.
///
/// `@unchecked Sendable`, to leave the registry mutex (`Injector.registry`), under which it is
/// read from the registration: a ticket is `Sendable`, and `.alive` only carries the object of
/// a `.weak` mapping, which the mapping API requires to be `Sendable`.
enum CacheStep: @unchecked Sendable {
  /// The value is cached (published, or a resettable mapping's): copy it out under the mutex.
  case ready
  /// The object of a `.weak` mapping is alive; moved out to be released after the mutex.
  case alive(AnyObject)
  case wait(BuildTicket)
  case build
}

/// The answer to a thread that wants to build a cached value.
///
/// `@unchecked Sendable`, for the same reason as ``CacheStep``.
enum Claim: @unchecked Sendable {
  /// Build it, finishing `incomplete` if there is one; `generation` is the reset generation
  /// of a resettable mapping's scope (0 for every other mapping).
  case claimed(incomplete: IncompleteValue?, generation: UInt64)
  /// Another thread built it or is building it: look again.
  case taken
  /// The object of a `.weak` mapping is alive.
  case alive(AnyObject)
}

// These run only while the owning injector's registry mutex is held. None of them releases the
// last reference to a user object there: a `.weak` object that they load is moved out to the
// caller, which releases it after the mutex is unlocked (its `deinit` may run then).
extension Registration {
  /// What a resolution must do next for this mapping.
  ///
  /// Not the value itself: an enum or a `T?` carrying it, in this unspecialized code, would ask
  /// the runtime for its metadata on every call. On `.ready`, the caller copies
  /// ``publishedValue`` before it unlocks the mutex.
  func nextStep() -> CacheStep {
    if isPublished.load(ordering: .acquiring) || hasResettableValue { return .ready }
    if let ticket { return .wait(ticket) }
    if let object = weakObject.object { return .alive(object) }
    return .build
  }

  /// Marks the value as being built by `ticket`'s thread, if nobody else is building it.
  func claim(_ ticket: BuildTicket, generation: UInt64) -> Claim {
    guard !isPublished.load(ordering: .relaxed), !hasResettableValue, self.ticket == nil else {
      return .taken
    }
    if let object = weakObject.object { return .alive(object) }
    self.ticket = ticket
    return .claimed(incomplete: incomplete, generation: generation)
  }

  /// Publishes a built value.
  ///
  /// - Parameter keep: Whether to keep the value; `false` for a resettable mapping whose
  ///   scope was reset while it was built: the value goes only to the resolution that built it.
  /// - Returns: The incomplete value this build finished, to be released outside the mutex.
  func publish(_ value: T, hasHook: Bool, keep: Bool = true) -> IncompleteValue? {
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
  func reset(keeping incomplete: IncompleteValue?) -> IncompleteValue? {
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
