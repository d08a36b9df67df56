/// What the calling thread is building right now: the path of keys (for cycle detection and
/// diagnostics), the injector that builds (for `@Injected`), and the `@Injected` cells created
/// since each build began (to resolve them before the hook runs).
///
/// One context per thread, reached through ``ThreadLocalSlot``; it is never shared between
/// threads, so it needs no lock. Resolution is synchronous, so a build never spans a suspension
/// point.
final class ResolutionContext {
  struct Frame {
    let key: Key
    let injector: Injector
    let firstCell: Int
    /// Whether this builds a cached value (singleton, eager singleton, weak): a repeated key
    /// above such a frame is not a cycle, the cached mapping ends the recursion.
    let isCached: Bool
    /// Whether the value's factory or `init` is still running.
    var isMaking = true
    /// Objects that resolutions returned to this build while it was making its value: if the
    /// factory returns one of them, that object is already complete.
    var handedOut: [ObjectIdentifier] = []
  }

  private(set) var frames: [Frame] = []
  private var pendingCells: [InjectedCellBase] = []

  /// The calling thread's context.
  static var current: ResolutionContext {
    if let pointer = ThreadLocalSlot.value {
      return Unmanaged<ResolutionContext>.fromOpaque(pointer).takeUnretainedValue()
    }
    let context = ResolutionContext()
    ThreadLocalSlot.store(context)
    return context
  }

  /// The calling thread's context if it is building something, without creating one.
  static var building: ResolutionContext? {
    guard let pointer = ThreadLocalSlot.value else { return nil }
    let context = Unmanaged<ResolutionContext>.fromOpaque(pointer).takeUnretainedValue()
    return context.frames.isEmpty ? nil : context
  }

  var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// The injector building the innermost object, if any.
  var buildingInjector: Injector? { frames.last?.injector }

  /// Starts building `key` with `injector`.
  ///
  /// - Throws: ``InjectionError/cycle(path:)`` if this thread is already building `key` with
  ///   `injector` and no cached value is being built since.
  func enter(_ key: Key, injector: Injector, isCached: Bool = false) throws(InjectionError) {
    if let start = frames.lastIndex(where: { $0.key == key && $0.injector === injector }),
      !frames[(start + 1)...].contains(where: \.isCached)
    {
      throw .cycle(path: frames[start...].map(\.key.publicKey) + [key.publicKey])
    }
    frames.append(
      Frame(key: key, injector: injector, firstCell: pendingCells.count, isCached: isCached))
  }

  /// Records that a resolution returned `value` to the build `depth` frames below the innermost
  /// one, if that build is still making its value.
  func noteHandedOut<T>(_ value: T, depth: Int = 0) {
    let index = frames.count - 1 - depth
    guard index >= 0, frames[index].isMaking, type(of: value as Any) is AnyObject.Type else {
      return
    }
    frames[index].handedOut.append(ObjectIdentifier(value as AnyObject))
  }

  /// Ends the making of the innermost build's value.
  ///
  /// - Returns: Whether `value` is an object that a resolution returned while it was made, that
  ///   is an object that is already complete.
  func finishMaking<T>(_ value: T) -> Bool {
    let index = frames.count - 1
    frames[index].isMaking = false
    guard !frames[index].handedOut.isEmpty, type(of: value as Any) is AnyObject.Type else {
      return false
    }
    return frames[index].handedOut.contains(ObjectIdentifier(value as AnyObject))
  }

  /// Ends the innermost build.
  func leave() {
    let frame = frames.removeLast()
    if pendingCells.count > frame.firstCell {
      pendingCells.removeSubrange(frame.firstCell...)
    }
  }

  /// Records a cell created while the innermost object is built.
  func register(_ cell: InjectedCellBase) {
    pendingCells.append(cell)
  }

  /// Removes and returns the cells created since the innermost build began.
  func takeCells() -> [InjectedCellBase] {
    guard let first = frames.last?.firstCell, pendingCells.count > first else { return [] }
    let cells = Array(pendingCells[first...])
    pendingCells.removeSubrange(first...)
    return cells
  }

  /// The keys being built, outermost first.
  var path: [InjectionKey] { frames.map(\.key.publicKey) }
}
