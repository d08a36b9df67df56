import Synchronization

extension Injector {
  /// Calls `observer` when a resolution starts and when it ends, for every resolution asked of
  /// this injector or of its descendants, until the returned observation is cancelled or
  /// released.
  ///
  /// Each resolution sends a ``ResolutionEvent/Phase/started`` event and then one
  /// ``ResolutionEvent/Phase/ended(_:)`` event, with the key, the path that asked for it, the
  /// injector that was asked and the one whose mapping served it, the scope, and whether a value
  /// was built, served from cache, or why it failed. Resolutions nested in a build are sent too,
  /// in order. The observer runs on the resolving thread, with no lock of the injector held; it
  /// must not block for long.
  ///
  /// Observing costs nothing while nobody observes: a resolution checks one counter per
  /// injector of its chain.
  ///
  /// ```swift
  /// let built = Mutex<[String]>([])
  /// let observation = injector.observeResolutions { event in
  ///   if case .ended(.built) = event.phase { built.withLock { $0.append(event.key.typeName) } }
  /// }
  /// _ = try injector.resolve(Car.self)
  /// observation.cancel()
  /// ```
  ///
  /// - Parameter observer: Called with each event.
  /// - Returns: The observation; keep it as long as you observe.
  public func observeResolutions(_ observer: @escaping @Sendable (ResolutionEvent) -> Void)
    -> ResolutionObservation
  {
    let id = observers.withLock { list in
      defer { list.nextID += 1 }
      list.entries.append(ResolutionObserverList.Entry(id: list.nextID, observer: observer))
      return list.nextID
    }
    observerCount.add(1, ordering: .releasing)
    return ResolutionObservation(injector: self, id: id)
  }

  /// Whether this injector or one of its ancestors has an observer.
  ///
  /// On every resolution, so it touches no reference count: a retain of the injector here cost
  /// a third of a cached resolve, and with two threads it made them contend on the injector's
  /// reference count. The chain is walked unretained, which is safe because `self` is alive
  /// for the call and each injector keeps its parent alive (`parent` is a `let`).
  var isObserved: Bool {
    var current = Unmanaged.passUnretained(self)
    while true {
      let (isObserved, parent) = current._withUnsafeGuaranteedRef {
        (
          $0.observerCount.load(ordering: .relaxed) > 0,
          $0.parent.map { Unmanaged.passUnretained($0) }
        )
      }
      if isObserved { return true }
      guard let parent else { return false }
      current = parent
    }
  }

  /// Runs `resolve` for `key`, telling the observers of this injector and its ancestors.
  ///
  /// - Parameter wasCached: For a value whose cache the key alone does not tell (one cached per
  ///   argument), whether this resolution's arguments found a cached value; `nil` otherwise.
  @inline(never)
  func observedResolution<T>(
    _ key: Key, wasCached: Bool? = nil, _ resolve: () throws(InjectionError) -> T
  ) throws(InjectionError) -> T {
    guard let report = ResolutionReport(key, asked: self, wasCached: wasCached) else {
      return try resolve()
    }
    report.send(.started)
    do throws(InjectionError) {
      let value = try resolve()
      report.sendEnd(value)
      return value
    } catch {
      report.send(.ended(.failed(error)))
      throw error
    }
  }

  /// Runs the `async` `resolve` for `key`, telling the observers as ``observedResolution(_:wasCached:_:)``
  /// does.
  @inline(never)
  func observedResolution<T>(
    _ key: Key, _ resolve: () async throws(InjectionError) -> T
  ) async throws(InjectionError) -> T {
    guard let report = ResolutionReport(key, asked: self) else { return try await resolve() }
    report.send(.started)
    do throws(InjectionError) {
      let value = try await resolve()
      report.sendEnd(value)
      return value
    } catch {
      report.send(.ended(.failed(error)))
      throw error
    }
  }

  /// The observers of one resolution, and what its events say.
  private struct ResolutionReport {
    let observers: [@Sendable (ResolutionEvent) -> Void]
    let key: InjectionKey
    let path: [InjectionKey]
    let asked: Injector
    let servedBy: Injector?
    let scope: Scope?
    let resettableScope: String?
    let wasCached: Bool

    /// The report of resolving `key` from `asked`; `nil` if nobody observes it.
    ///
    /// - Parameter wasCached: Whether the value is cached, when the key's mapping does not tell
    ///   (a mapping cached per argument); `nil` to ask the mapping.
    init?(_ key: Key, asked: Injector, wasCached cachedArgumentValue: Bool? = nil) {
      let observers = asked.observersOfChain()
      guard !observers.isEmpty else { return nil }
      self.observers = observers
      self.asked = asked
      let isCached: Bool
      (servedBy, scope, resettableScope, isCached) = asked.servingMapping(of: key)
      wasCached = cachedArgumentValue ?? isCached
      let pathKeys = ResolutionContext.building?.pathKeys
      let asyncPath = pathKeys == nil ? AsyncResolutionFrame.ofCurrentTask?.path : nil
      // A public key writes out no type name (it is written once per type, when first read).
      self.key = key.publicKey
      path = pathKeys?.map(\.publicKey) ?? asyncPath ?? []
    }

    func send(_ phase: ResolutionEvent.Phase) {
      let event = ResolutionEvent(
        phase: phase, key: key, path: path, injector: asked, servedBy: servedBy, scope: scope,
        resettableScope: resettableScope)
      for observer in observers { observer(event) }
    }

    func sendEnd<T>(_ value: T) {
      send(.ended(wasCached ? .cached(value) : .built(value)))
    }
  }

  /// The injector whose mapping serves `key` (this one or the nearest ancestor), the mapping's
  /// scope (and resettable scope's name), and whether it has a cached value now.
  fileprivate func servingMapping(of key: Key) -> (Injector?, Scope?, String?, Bool) {
    var next: Injector? = self
    while let injector = next {
      if let registration = injector.registration(for: key) {
        // Read under the mutex that guards the weak reference; checked after it is unlocked.
        let record = injector.registry.withLock { _ in registration.inspectionRecord() }
        let isCached =
          record.isPublished || record.hasResettableValue
          || (registration.scope == .weak && record.weakObject.object != nil)
        let resettable = registration.resettableScope.map(nameOfResettableScope)
        return (injector, registration.scope, resettable, isCached)
      }
      next = injector.parent
    }
    return (nil, nil, nil, false)
  }
}
