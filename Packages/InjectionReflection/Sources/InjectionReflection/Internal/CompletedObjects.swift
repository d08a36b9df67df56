import Synchronization

/// The objects whose injection `inject(into:)` completed, so that it never calls an object's
/// hook twice (issue 21, point 6).
///
/// An object without `@Injected` properties carries no state of its own that could say whether
/// its hook ran, so the record lives here, for the whole process: the rule is one hook per
/// object, whichever injector injects it. This is the one piece of process-wide mutable state
/// of InjectionReflection, guarded by a mutex; no user code runs while it is held.
///
/// Each entry holds its object weakly, keyed by its `ObjectIdentifier`: an entry whose object
/// is gone is dead, and a new object at the same address replaces it (its weak reference is
/// then `nil`). Dead entries are swept when the table has doubled since the last sweep, so it
/// stays proportional to the live objects.
enum CompletedObjects {
  /// A weak reference whose object is only compared by identity, never used.
  // @unchecked Sendable: the mutex `table` guards every stored `WeakObject`; the object is
  // never dereferenced, only compared by identity. Under the mutex only `insert(_:)` loads a
  // reference, to compare it with an object its caller holds (so the load never releases the
  // last reference and no `deinit` runs under the mutex); `sweep()` loads them outside it.
  private struct WeakObject: @unchecked Sendable {
    weak var object: AnyObject?
    let stamp: Int
  }

  private struct Table {
    var entries: [ObjectIdentifier: WeakObject] = [:]
    var nextStamp = 0
    var sweepAt = 64
  }

  private static let table = Mutex(Table())

  /// Records `object` as completed; `true` if it was not recorded yet (call its hook), `false`
  /// if an earlier call completed it.
  static func insert(_ object: AnyObject) -> Bool {
    let id = ObjectIdentifier(object)
    let box = WeakObject(object: object, stamp: 0)
    let (inserted, sweeps) = table.withLock { table -> (Bool, Bool) in
      // The caller holds `object`: a live entry at its address is this object.
      if let entry = table.entries[id], entry.object === box.object { return (false, false) }
      table.entries[id] = WeakObject(object: box.object, stamp: table.nextStamp)
      table.nextStamp += 1
      return (true, table.entries.count >= table.sweepAt)
    }
    if sweeps { sweep() }
    return inserted
  }

  /// Drops the entries whose object is gone, loading the references outside the mutex.
  private static func sweep() {
    let entries = table.withLock { $0.entries }
    let dead = entries.filter { $0.value.object == nil }.mapValues(\.stamp)
    table.withLock { table in
      for (id, stamp) in dead where table.entries[id]?.stamp == stamp {
        table.entries[id] = nil
      }
      table.sweepAt = max(64, table.entries.count * 2)
    }
  }
}
