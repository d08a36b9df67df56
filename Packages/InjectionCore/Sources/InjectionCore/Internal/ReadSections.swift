public import Synchronization

/// Lock-free reads of an injector's mappings, with safe reclamation.
///
/// A cached resolve reads the registration table and a registration's cached value without a
/// lock, so readers write no shared memory but their own thread's slot. A writer that unlinks a
/// registration (unmap, a replacing map, removing a module) must not release it while a reader
/// may still be looking at it; ``synchronize()`` waits until every reader that was inside a read
/// section when it was called has left it. Read sections are a few dozen instructions and never
/// run user code, so the wait is short and cannot deadlock.
///
/// Each thread's ``ReaderSlot`` counts: odd while the thread reads, even outside. The reader
/// makes its count odd with a sequentially consistent store before it loads anything; a writer,
/// after unlinking, reads every count with sequentially consistent loads and waits for each odd
/// one to change. This is the only process-wide state besides ``WaitGraph``.
enum ReadSections {
  private static let slots = Lock<[ReaderSlot]>([])

  static func register(_ slot: ReaderSlot) {
    slots.withLock { $0.append(slot) }
  }

  static func unregister(_ slot: ReaderSlot) {
    slots.withLock { slots in slots.removeAll { $0 === slot } }
  }

  /// Waits until every reader that is inside a read section now has left it.
  ///
  /// Call it after unlinking something and before releasing it.
  static func synchronize() {
    atomicMemoryFence(ordering: .sequentiallyConsistent)
    let readers = slots.withLock { $0 }
    for reader in readers {
      let count = reader.count.load(ordering: .sequentiallyConsistent)
      guard count & 1 == 1 else { continue }
      while reader.count.load(ordering: .sequentiallyConsistent) == count {
        yieldProcessor()
      }
    }
  }
}

/// One thread's read-section count: odd inside a read section, even outside.
@usableFromInline
final class ReaderSlot: Sendable {
  @usableFromInline let count = Atomic<UInt>(0)

  init() {}

  /// Enters a read section.
  ///
  /// Read sections do not nest, and only the owning thread calls this.
  @inlinable
  func enter() {
    count.store(count.load(ordering: .relaxed) &+ 1, ordering: .sequentiallyConsistent)
  }

  /// Leaves the read section.
  @inlinable
  func leave() {
    count.store(count.load(ordering: .relaxed) &+ 1, ordering: .releasing)
  }
}
