import Synchronization

extension Injector {
  /// Returns the cached value of a mapping this injector owns, building it exactly once.
  ///
  /// The first thread to find the value missing builds it while holding the ticket's gate;
  /// everyone else waits on the gate and then reads the value. A thread whose wait would close
  /// a cycle of waits (crossing singleton chains) takes the singleton's partial value instead,
  /// as the builder's own resolution does for circular singletons, so nothing deadlocks.
  @usableFromInline
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
    var outcome: Result<T, InjectionError>?
    ticket.gate.withLock { _ in
      guard registry.withLock({ _ in registration.claim(ticket) }) else { return }
      do throws(InjectionError) {
        var hasHook = false
        let value = try build(
          registration.key, make: registration.factory,
          complete: {
            hasHook = registration.complete($0)
            return hasHook
          },
          created: ticket.setPartialValue, isCached: true)
        try registration.checkWeakValue(value)
        registry.withLock { _ in registration.publish(value, hasHook: hasHook) }
        outcome = .success(value)
      } catch {
        registry.withLock { _ in registration.reset() }
        outcome = .failure(error)
      }
    }
    return try outcome?.get()
  }

  /// Waits until another build of the same singleton is done; `nil` means: look again.
  private func wait<T>(for ticket: BuildTicket<T>, key: Key, context: ResolutionContext)
    throws(InjectionError) -> T?
  {
    let waitingIsSafe =
      ticket.builder != context.id && WaitGraph.beginWaiting(context.id, for: ticket.builder)
    guard waitingIsSafe else {
      if let partial = ticket.partialValue { return partial }
      throw .cycle(path: context.path + [key.publicKey])
    }
    ticket.gate.withLock { _ in }
    WaitGraph.endWaiting(context.id)
    return nil
  }
}

/// What a resolution must do next for a cached mapping.
///
/// `@unchecked Sendable`, to leave the registry lock (`Injector.registry`), under which it is
/// read from the registration: a ticket is `Sendable`, and `.ready` only carries the cached
/// value of a singleton, eager singleton, weak or instance mapping, which the mapping API
/// requires to be `Sendable`.
@usableFromInline
enum CacheStep<T>: @unchecked Sendable {
  case ready(T)
  case wait(BuildTicket<T>)
  case build
}

// These run only while the owning injector's registry mutex is held.
extension Registration {
  func nextStep() -> CacheStep<T> {
    if let cached { return .ready(cached) }
    if let ticket { return .wait(ticket) }
    if let object = weakObject?.object { return .ready(object as! T) }
    return .build
  }

  /// Marks the value as being built by `ticket`'s thread, if nobody else is building it.
  func claim(_ ticket: BuildTicket<T>) -> Bool {
    guard cached == nil, self.ticket == nil, weakObject?.object == nil else { return false }
    self.ticket = ticket
    return true
  }

  func publish(_ value: T, hasHook: Bool) {
    ticket = nil
    // Without a hook known to the compiler, a concrete key's value was not checked; it is
    // checked if a build is ever handed it, so that a factory returning it never completes it.
    let hook: HookState = hasHook ? .present : (checksHookDynamically ? .none : .unknown)
    if scope == .weak {
      weakObject = WeakObject(object: value as AnyObject)
    } else {
      publishCached(value, hook: hook)
    }
  }

  func reset() {
    ticket = nil
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
