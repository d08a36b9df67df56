import Synchronization

/// W6's hand-wired floor: a lock-guarded lazy slot, built by the first caller while it holds
/// the lock.
final class LazySlot: Sendable {
  private let counter: InitCounter
  private let slot = Mutex<SlowEngine?>(nil)

  init(counter: InitCounter) {
    self.counter = counter
  }

  @inline(never)
  func resolveEngine() -> any Engine {
    slot.withLock { slot in
      if let engine = slot { return engine }
      let engine = SlowEngine(counter: counter)
      slot = engine
      return engine
    }
  }
}
