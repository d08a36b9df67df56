import Synchronization

/// Who is waiting for which build, across threads, while cached values are built.
///
/// Each edge says: the thread whose resolution context is the key is blocked on a build that is
/// not finished, whose builder is the edge's `builder`. A thread checks, before it waits, that
/// the chain of waits from the builder does not lead back to itself; if it would, waiting would
/// deadlock, and the caller takes the value's partial value or reports a cycle instead.
///
/// Edges are exact: a builder marks its ticket finished and removes every edge to it in one
/// critical section, before it releases the ticket's gate; a thread never adds an edge to a
/// finished ticket. So an edge always describes a thread that is, or is about to be, blocked on a
/// build still in progress, and the check sees a cycle only where waiting would deadlock.
///
/// Process-wide, touched only when a cached value is built (once per singleton) or waited for,
/// behind its own mutex; no user code runs while that mutex is held.
enum WaitGraph {
  /// What a thread that wants to wait for a build should do.
  enum Decision {
    /// Take the ticket's gate: the builder will release it.
    case wait
    /// The build is over: look at the mapping again.
    case finished
    /// Waiting would close a cycle of waits: do not wait.
    case wouldDeadlock
  }

  private struct Edge {
    let ticket: ObjectIdentifier
    let builder: ObjectIdentifier
  }

  private static let edges = Lock<[ObjectIdentifier: Edge]>([:])

  /// Registers that `waiter` is about to wait for `ticket`, unless that would close a cycle of
  /// waits or the build is over already.
  static func beginWaiting(_ waiter: ObjectIdentifier, for ticket: AnyBuildTicket) -> Decision {
    edges.withLock { edges in
      if ticket.isFinished { return .finished }
      var builder = ticket.builder
      var steps = 0
      while steps <= edges.count {
        if builder == waiter { return .wouldDeadlock }
        guard let next = edges[builder] else { break }
        builder = next.builder
        steps += 1
      }
      edges[waiter] = Edge(ticket: ObjectIdentifier(ticket), builder: ticket.builder)
      return .wait
    }
  }

  /// Removes the edge that ``beginWaiting(_:for:)`` registered, if the build did not already.
  static func endWaiting(_ waiter: ObjectIdentifier) {
    _ = edges.withLock { $0.removeValue(forKey: waiter) }
  }

  /// Marks `ticket` finished and removes every edge to it; the builder calls it before it
  /// releases the ticket's gate.
  static func finish(_ ticket: AnyBuildTicket) {
    let id = ObjectIdentifier(ticket)
    edges.withLock { edges in
      ticket.isFinished = true
      // Nobody waits for most builds: then there is no new dictionary to make.
      guard edges.values.contains(where: { $0.ticket == id }) else { return }
      edges = edges.filter { $0.value.ticket != id }
    }
  }
}
