import Synchronization

/// An observation of resolutions, returned by ``Injector/observeResolutions(_:)``; the
/// observer is called until you cancel it or release this object.
///
/// `Sendable`: it only refers to the observed injector, whose observer list is guarded by the
/// injector's own mutex.
public final class ResolutionObservation: Sendable {
  private let injector: Injector
  private let id: Int

  init(injector: Injector, id: Int) {
    self.injector = injector
    self.id = id
  }

  deinit {
    cancel()
  }

  /// Stops the observation.
  ///
  /// The observer is not called for any resolution that starts after this returns. Cancelling
  /// twice does nothing.
  public func cancel() {
    let removed = injector.observers.withLock { list -> ResolutionObserverList.Entry? in
      guard let index = list.entries.firstIndex(where: { $0.id == id }) else { return nil }
      return list.entries.remove(at: index)
    }
    guard removed != nil else { return }
    injector.observerCount.subtract(1, ordering: .releasing)
    withExtendedLifetime(removed) {}  // the observer closure is released outside the mutex
  }
}
