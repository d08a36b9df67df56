/// What the calling thread is building right now: the path of keys (for cycle detection and
/// diagnostics), the injector that builds (for `@Injected`), and the `@Injected` cells created
/// since each build began (to resolve them before the hook runs).
///
/// One context per thread, reached through ``ThreadLocalSlot``; it is never shared between
/// threads, so it needs no lock. Resolution is synchronous, so a build never spans a suspension
/// point.
@usableFromInline
final class ResolutionContext {
  struct Frame {
    let key: Key
    /// Unretained: the injector is running this build, so it is alive for the frame's life.
    let builder: Unmanaged<Injector>
    let firstCell: Int

    var injector: Injector { builder.takeUnretainedValue() }
  }

  // Only the context's own thread touches these, so the dynamic exclusivity checks (which
  // cost more than the rest of a build's bookkeeping) are left out.
  @exclusivity(unchecked) private(set) var frames: [Frame] = []
  @exclusivity(unchecked) private var pendingCells: [InjectedCellBase] = []

  /// The calling thread's context, unretained: the thread's slot keeps it alive.
  @usableFromInline
  static var current: Unmanaged<ResolutionContext> {
    if let pointer = ThreadLocalSlot.value {
      return Unmanaged<ResolutionContext>.fromOpaque(pointer)
    }
    let context = ResolutionContext()
    ThreadLocalSlot.store(context)
    return Unmanaged.passUnretained(context)
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
  ///   `injector`.
  @usableFromInline
  func enter(_ key: Key, injector: Injector) throws(InjectionError) {
    let builder = Unmanaged.passUnretained(injector)
    // A cycle repeats a (key, injector) pair, so it can only exist once the path is longer than
    // a few frames; scanning only then keeps the common shallow builds cheap, and still stops a
    // cycle after a bounded number of frames. The last repetition gives the shortest cycle.
    if frames.count >= Self.cycleScanDepth,
      let start = frames.lastIndex(where: {
        $0.key == key && $0.builder.toOpaque() == builder.toOpaque()
      })
    {
      throw .cycle(path: frames[start...].map(\.key.publicKey) + [key.publicKey])
    }
    frames.append(Frame(key: key, builder: builder, firstCell: pendingCells.count))
  }

  /// How deep a path must be before each new frame is checked for a cycle.
  static let cycleScanDepth = 4

  /// Ends the innermost build.
  @usableFromInline
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

  /// Resolves the `@Injected` cells created since the innermost build began.
  @usableFromInline
  func resolvePendingCells() throws(InjectionError) {
    guard let first = frames.last?.firstCell, pendingCells.count > first else { return }
    let cells = Array(pendingCells[first...])
    pendingCells.removeSubrange(first...)
    for cell in cells {
      try cell.resolveEagerly()
    }
  }

  /// The error for a factory of the innermost build that threw `error`.
  @usableFromInline
  func failure(of key: Key, _ error: any Error) -> InjectionError {
    if let error = error as? InjectionError { return error }
    return .factoryFailed(key: key.publicKey, path: Array(path.dropLast()), underlying: error)
  }

  /// The keys being built, outermost first.
  var path: [InjectionKey] { frames.map(\.key.publicKey) }
}
