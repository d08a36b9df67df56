extension Injector {
  /// Tells the observers of this injector and its ancestors that this injector disposed `value`
  /// (``ResolutionEvent/Phase/disposed(failure:)``); with no lock held, after its `dispose()`.
  func reportDisposal(of value: ReleasedValue, failure: DisposalError.Reason?) {
    guard isObserved else { return }
    let observers = observersOfChain()
    let registration = value.registration
    let event = ResolutionEvent(
      phase: .disposed(failure: failure), key: value.key.publicKey, path: [], injector: self,
      servedBy: self, scope: registration.scope,
      resettableScope: registration.resettableScope.map(nameOfResettableScope))
    for observer in observers { observer(event) }
  }

  /// The observers of this injector, then of each ancestor, each list read with its injector's
  /// lock held.
  func observersOfChain() -> [@Sendable (ResolutionEvent) -> Void] {
    var observers: [@Sendable (ResolutionEvent) -> Void] = []
    var next: Injector? = self
    while let injector = next {
      observers += injector.observers.withLock { $0.entries.map(\.observer) }
      next = injector.parent
    }
    return observers
  }
}
