/// Which `async` builds of cached values wait for which, across all injectors: what
/// ``WaitGraph`` is for synchronous builds.
///
/// Two singletons whose factories need each other, started by two tasks at once, would wait for
/// each other forever; neither build is on the other's path, so the path check does not see it.
/// A build that is about to wait for a build that waits (directly or through others) for it
/// throws ``InjectionError/cycle(path:)`` instead; the error reaches the waiters of both builds.
enum AsyncWaitGraph {
  /// For each waiting build, the builds it waits for (one entry per wait).
  ///
  /// By address, safely: an edge is recorded only while its waiter waits, and the waiting task
  /// holds both builds (its frame holds its own, and it holds the one it waits for) until it
  /// removes the edge; so no other build can have either address while the edge exists.
  private static let edges = Lock<[ObjectIdentifier: [ObjectIdentifier]]>([:])

  /// Records that `waiter` waits for `awaited`, unless that closes a cycle of waits.
  ///
  /// - Returns: `false` if `awaited` waits (through others) for `waiter`: nothing is recorded.
  static func beginWaiting(_ waiter: AnyObject, for awaited: AnyObject) -> Bool {
    let waiter = ObjectIdentifier(waiter)
    let awaited = ObjectIdentifier(awaited)
    return edges.withLock { edges in
      if waiter == awaited || reaches(from: awaited, to: waiter, in: edges) { return false }
      edges[waiter, default: []].append(awaited)
      return true
    }
  }

  /// Ends one wait that ``beginWaiting(_:for:)`` recorded.
  static func endWaiting(_ waiter: AnyObject, for awaited: AnyObject) {
    let waiter = ObjectIdentifier(waiter)
    let awaited = ObjectIdentifier(awaited)
    edges.withLock { edges in
      guard var awaitedBuilds = edges[waiter],
        let index = awaitedBuilds.firstIndex(of: awaited)
      else { return }
      awaitedBuilds.remove(at: index)
      edges[waiter] = awaitedBuilds.isEmpty ? nil : awaitedBuilds
    }
  }

  /// Whether following waits from `start` reaches `target`.
  private static func reaches(
    from start: ObjectIdentifier, to target: ObjectIdentifier,
    in edges: [ObjectIdentifier: [ObjectIdentifier]]
  ) -> Bool {
    var seen: Set<ObjectIdentifier> = [start]
    var pending = [start]
    while let build = pending.popLast() {
      for next in edges[build] ?? [] {
        if next == target { return true }
        if seen.insert(next).inserted { pending.append(next) }
      }
    }
    return false
  }
}
