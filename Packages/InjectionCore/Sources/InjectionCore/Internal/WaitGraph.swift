import Synchronization

/// Who is waiting for whom, across threads, while singletons are built.
///
/// Each edge says: the thread whose resolution context is the key waits for a singleton that the
/// thread of the value is building. A thread checks, before it waits, that the chain of waits
/// from the builder does not lead back to itself; if it would, waiting would deadlock, and the
/// caller takes the singleton's partial value or reports a cycle instead.
///
/// This is the only process-wide state of the library. It is touched only on the slow path (a
/// thread must wait for a singleton that another thread is building), behind its own mutex, and
/// no user code runs while that mutex is held.
enum WaitGraph {
  private static let edges = Lock<[ObjectIdentifier: ObjectIdentifier]>([:])

  /// Registers that `waiter` is about to wait for `builder`, unless that would close a cycle.
  ///
  /// - Returns: `false` if waiting would deadlock; nothing was registered then.
  static func beginWaiting(_ waiter: ObjectIdentifier, for builder: ObjectIdentifier) -> Bool {
    edges.withLock { edges in
      var next: ObjectIdentifier? = builder
      var steps = 0
      while let current = next, steps <= edges.count {
        if current == waiter { return false }
        next = edges[current]
        steps += 1
      }
      edges[waiter] = builder
      return true
    }
  }

  /// Removes the edge that ``beginWaiting(_:for:)`` registered.
  static func endWaiting(_ waiter: ObjectIdentifier) {
    _ = edges.withLock { $0.removeValue(forKey: waiter) }
  }
}
