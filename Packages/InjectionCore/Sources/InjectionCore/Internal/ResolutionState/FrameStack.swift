/// The path of builds on one thread: a stack in manually managed memory.
///
/// `Array` re-checks uniqueness and capacity on every push and pop, which cost more than the
/// rest of a transient build's bookkeeping. The stack belongs to one ``ResolutionContext``,
/// which frees it; copies of this value are never made.
struct FrameStack: RandomAccessCollection {
  private var storage: UnsafeMutablePointer<ResolutionContext.Frame>
  private var capacity: Int
  private(set) var count = 0

  init() {
    capacity = 16
    storage = .allocate(capacity: capacity)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> ResolutionContext.Frame {
    storage[position]
  }

  /// The innermost frame's fields, read in place without copying the frame.
  var lastFirstCell: Int? { count > 0 ? storage[count - 1].firstCell : nil }
  var lastFirstHandedOut: Int? { count > 0 ? storage[count - 1].firstHandedOut : nil }
  var lastBuilder: Unmanaged<Injector>? { count > 0 ? storage[count - 1].builder : nil }

  mutating func append(_ frame: ResolutionContext.Frame) {
    if count == capacity {
      let grown = UnsafeMutablePointer<ResolutionContext.Frame>.allocate(capacity: capacity * 2)
      grown.moveInitialize(from: storage, count: count)
      storage.deallocate()
      storage = grown
      capacity *= 2
    }
    (storage + count).initialize(to: frame)
    count += 1
  }

  /// Removes the innermost frame and returns where its cells and handed-out objects begin.
  mutating func removeLast() -> (firstCell: Int, firstHandedOut: Int) {
    count -= 1
    let frame = (storage + count).move()
    return (frame.firstCell, frame.firstHandedOut)
  }

  /// Frees the memory; the stack must not be used afterwards.
  mutating func deallocate() {
    storage.deinitialize(count: count)
    storage.deallocate()
    count = 0
    capacity = 0
  }
}
