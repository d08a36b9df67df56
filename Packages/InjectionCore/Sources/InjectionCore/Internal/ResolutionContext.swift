/// What the calling thread is building right now: the path of keys (for cycle detection and
/// diagnostics), the injector that builds (for `@Injected`), and the `@Injected` cells created
/// since each build began (to resolve them before the hook runs), and the objects with a hook
/// that were handed to each build while it made its value (so that a factory returning one of
/// them does not complete it twice).
///
/// One context per thread, reached through ``ThreadLocalSlot``; it is never shared between
/// threads, so it needs no lock. Resolution is synchronous, so a build never spans a suspension
/// point.
final class ResolutionContext {
  struct Frame {
    let key: Key
    /// What repeats in a cycle: the registration being built, or the building injector.
    ///
    /// The injector stands for a value created without a mapping. A transient that needs itself
    /// through a new child injector at every level repeats its registration, not its injector.
    let identity: ObjectIdentifier
    /// Unretained: the injector is running this build, so it is alive for the frame's life.
    let builder: Unmanaged<Injector>
    let firstCell: Int
    let firstHandedOut: Int
    /// Whether this builds a cached value (singleton, eager singleton, weak): a repeated key
    /// above such a frame is not a cycle, because the cached mapping ends the recursion.
    let isCached: Bool

    var injector: Injector { builder.takeUnretainedValue() }
  }

  // Only the context's own thread touches these, so the dynamic exclusivity checks (which
  // cost more than the rest of a build's bookkeeping) are left out.
  @exclusivity(unchecked) private(set) var frames = FrameStack()
  @exclusivity(unchecked) private var pendingCells: [InjectedCellBase] = []
  /// Objects with a hook that resolutions returned during the builds on the path, each build's
  /// from its frame's `firstHandedOut` on.
  @exclusivity(unchecked) private var handedOut: [ObjectIdentifier] = []

  /// The cells left unresolved by the last failed ``resolve(_:)``, with the depth of the build
  /// they belong to; a singleton whose value was handed out keeps them for its next build.
  @exclusivity(unchecked) private var unresolved: (depth: Int, cells: [InjectedCellBase])?
  /// Modules this thread is adding, whose mappings only it sees while their eager singletons
  /// are built; the innermost last.
  @exclusivity(unchecked) private var staged:
    [(injector: ObjectIdentifier, mappings: [Key: AnyRegistration])] = []
  /// The arguments of the resolution that is about to build a mapping that takes arguments;
  /// its factory takes them before anything else runs.
  @exclusivity(unchecked) private var pendingArguments: ArgumentList?
  /// The values of ``Scope/graph`` mappings built during the outermost build on the path, by
  /// registration; dropped when that build ends.
  @exclusivity(unchecked) private var graphValues: [ObjectIdentifier: Any] = [:]

  init() {}

  deinit {
    frames.deallocate()
  }

  /// The calling thread's context, unretained: the thread's slot keeps it alive.
  static var current: Unmanaged<ResolutionContext> {
    if let pointer = ThreadLocalSlot.value {
      return Unmanaged<ResolutionContext>.fromOpaque(pointer)
    }
    let context = ResolutionContext()
    ThreadLocalSlot.store(context)
    return Unmanaged.passUnretained(context)
  }

  /// The calling thread's context, if it has one, without creating one.
  static var existing: ResolutionContext? {
    guard let pointer = ThreadLocalSlot.value else { return nil }
    return Unmanaged<ResolutionContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The calling thread's context if it is building something, without creating one.
  static var building: ResolutionContext? {
    guard let pointer = ThreadLocalSlot.value else { return nil }
    let context = Unmanaged<ResolutionContext>.fromOpaque(pointer).takeUnretainedValue()
    return context.frames.isEmpty ? nil : context
  }

  var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// Whether this thread is building something.
  var isBuilding: Bool { !frames.isEmpty }

  /// The injector building the innermost object, if any.
  var buildingInjector: Injector? { frames.lastBuilder?.takeUnretainedValue() }

  /// Starts building `key` with `injector`.
  ///
  /// - Parameter identity: What a cycle repeats: the registration being built, or `injector`
  ///   for a value created without a mapping.
  /// - Throws: ``InjectionError/cycle(path:)`` if this thread is already building `key` from
  ///   the same `identity` and no cached value is being built since.
  func enter(_ key: Key, injector: Injector, identity: ObjectIdentifier, isCached: Bool)
    throws(InjectionError)
  {
    // A cycle repeats a (key, identity) pair, so it can only exist once the path is longer than
    // a few frames; scanning only then keeps the common shallow builds cheap, and still stops a
    // cycle after a bounded number of frames.
    if frames.count >= cycleScanDepth,
      frames.contains(where: { $0.key == key && $0.identity == identity })
    {
      let path =
        frames.map { ($0.key, $0.identity, $0.isCached) } + [(key, identity, isCached)]
      if let cycle = Self.firstCycle(in: path) {
        throw .cycle(path: cycle.map(\.publicKey))
      }
    }
    frames.append(
      Frame(
        key: key, identity: identity, builder: Unmanaged.passUnretained(injector),
        firstCell: pendingCells.count, firstHandedOut: handedOut.count, isCached: isCached))
  }

  /// The first cycle along `path`, as a path check at every step would have found it: the
  /// shortest prefix that repeats a (key, identity) pair without a cached value being built in
  /// between.
  private static func firstCycle(
    in path: [(key: Key, identity: ObjectIdentifier, isCached: Bool)]
  ) -> [Key]? {
    for end in path.indices {
      let last = path[end]
      guard
        let start = path[..<end].lastIndex(where: {
          $0.key == last.key && $0.identity == last.identity
        }),
        !path[(start + 1)..<end].contains(where: \.isCached)
      else { continue }
      return path[start...end].map(\.key)
    }
    return nil
  }

  /// How deep a path must be before each new frame is checked for a cycle.
  var cycleScanDepth: Int { 4 }

  /// Ends the innermost build; the outermost one drops the graph-scoped values of its graph.
  func leave() {
    let frame = frames.removeLast()
    if frames.isEmpty, !graphValues.isEmpty {
      let dropped = graphValues
      graphValues = [:]
      withExtendedLifetime(dropped) {}  // released after the context is consistent again
    }
    if pendingCells.count > frame.firstCell {
      pendingCells.removeSubrange(frame.firstCell...)
    }
    if handedOut.count > frame.firstHandedOut {
      handedOut.removeSubrange(frame.firstHandedOut...)
    }
  }

  /// Hands `arguments` to the next factory that takes arguments on this thread, or clears them.
  func setArguments(_ arguments: ArgumentList?) {
    pendingArguments = arguments
  }

  /// Takes the pending arguments, leaving none.
  func takeArguments() -> ArgumentList? {
    defer { pendingArguments = nil }
    return pendingArguments
  }

  /// The value a ``Scope/graph`` registration has in the graph being built, if any.
  func graphValue(of registration: ObjectIdentifier) -> Any? {
    graphValues[registration]
  }

  /// Keeps the value of a ``Scope/graph`` registration for the rest of the graph being built;
  /// only while a build is on the path.
  func keepGraphValue(_ value: Any, of registration: ObjectIdentifier) {
    guard !frames.isEmpty else { return }
    graphValues[registration] = value
  }

  /// Records that a resolution returned an object with a hook to the innermost build.
  func noteHandedOut(_ object: ObjectIdentifier?) {
    guard !frames.isEmpty, let object else { return }
    handedOut.append(object)
  }

  /// Whether a resolution returned anything with a hook to the innermost build so far.
  var innermostBuildWasHandedObjects: Bool {
    guard let first = frames.lastFirstHandedOut else { return false }
    return handedOut.count > first
  }

  /// Whether `object` was returned to the innermost build while it made its value: such an
  /// object is already complete, and its hook must not run again.
  func wasHandedOut(_ object: ObjectIdentifier?) -> Bool {
    guard let object, let first = frames.lastFirstHandedOut, handedOut.count > first else {
      return false
    }
    return handedOut[first...].contains(object)
  }

  /// Records a cell created while the innermost object is built.
  func register(_ cell: InjectedCellBase) {
    pendingCells.append(cell)
  }

  /// Resolves the `@Injected` cells created since the innermost build began.
  func resolvePendingCells() throws(InjectionError) {
    guard let first = frames.lastFirstCell, pendingCells.count > first else { return }
    let cells = Array(pendingCells[first...])
    pendingCells.removeSubrange(first...)
    try resolve(cells)
  }

  /// Resolves `cells` for the innermost build, in order.
  ///
  /// - Throws: The first cell's error; the cells from that one on are kept, for
  ///   ``takeUnresolvedCells(ofBuildAtDepth:)``.
  func resolve(_ cells: [InjectedCellBase]) throws(InjectionError) {
    for index in cells.indices {
      do {
        try cells[index].resolveEagerly()
      } catch {
        unresolved = (frames.count, Array(cells[index...]))
        throw error
      }
    }
  }

  /// The cells that the build at `depth` (its frame's position on the path, from 1) left
  /// unresolved when it failed, if its failure came from one of them.
  func takeUnresolvedCells(ofBuildAtDepth depth: Int) -> [InjectedCellBase] {
    defer { unresolved = nil }
    guard let unresolved, unresolved.depth == depth else { return [] }
    return unresolved.cells
  }

  /// Forgets cells that an earlier failed build left unresolved.
  func clearUnresolvedCells() {
    unresolved = nil
  }

  /// Makes a module's mappings visible to this thread only, for `injector`.
  func stage(_ mappings: [Key: AnyRegistration], for injector: Injector) {
    staged.append((ObjectIdentifier(injector), mappings))
  }

  /// Ends the innermost ``stage(_:for:)``.
  func unstage() {
    staged.removeLast()
  }

  /// The registration of `key` in a module this thread is adding to `injector`.
  func stagedRegistration(for key: Key, in injector: Injector) -> AnyRegistration? {
    let id = ObjectIdentifier(injector)
    for module in staged.reversed() where module.injector == id {
      if let registration = module.mappings[key] { return registration }
    }
    return nil
  }

  /// The error for a factory of the innermost build that threw `error`.
  func failure(of key: Key, _ error: any Error) -> InjectionError {
    if let error = error as? InjectionError { return error }
    return .factoryFailed(key: key.publicKey, path: Array(path.dropLast()), underlying: error)
  }

  /// The keys being built, outermost first.
  var path: [InjectionKey] { frames.map(\.key.publicKey) }
}
