/// What the calling thread is building right now, in named parts with one owner each.
///
/// - ``frames``: the path of builds, outermost first, for cycle detection, diagnostics and the
///   injector that `@Injected` resolves from (`build` enters and leaves);
/// - ``cells``: the `@Injected` properties created during each build (``PendingCells``);
/// - ``handedOut``: the objects with a hook handed to each build (``HandedOutObjects``);
/// - ``staged``: modules being added (``StagedModules``);
/// - ``graph``: the values of `.graph` mappings in the outermost build (``GraphValues``).
///
/// A resolution's own inputs (its arguments) are parameters of its build, never stored here:
/// a nested resolution, an observer or a hook runs on the same thread and would see them.
///
/// One context per thread, reached through ``ThreadLocalSlot``; it is never shared between
/// threads, so it needs no lock. Resolution is synchronous, so a build never spans a suspension
/// point. Every part holds what it names (see `Documentation/DesignDecisions.md`, "No identity
/// without ownership").
final class ResolutionContext {
  struct Frame {
    let key: Key
    /// What repeats in a cycle: the registration being built, or the building injector.
    ///
    /// The injector stands for a value created without a mapping. A transient that needs itself
    /// through a new child injector at every level repeats its registration, not its injector.
    /// Either object is held by the build that pushed this frame until it pops it, so no other
    /// object has its address while the frame is on the path.
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
  @exclusivity(unchecked) private var cells = PendingCells()
  @exclusivity(unchecked) private var handedOut = HandedOutObjects()
  @exclusivity(unchecked) private var staged = StagedModules()
  @exclusivity(unchecked) private var graph = GraphValues()

  init() {}

  deinit {
    releaseHandedOut(from: 0)  // none: a thread ends only once its builds ended
    frames.deallocate()
  }

  /// The calling thread's context, unretained: the thread's slot keeps it alive.
  static var current: Unmanaged<ResolutionContext> {
    @inline(__always) get {
      if let pointer = ThreadLocalSlot.value {
        return Unmanaged<ResolutionContext>.fromOpaque(pointer)
      }
      return makeCurrent()
    }
  }

  /// Creates the calling thread's context, once per thread.
  @inline(never)
  private static func makeCurrent() -> Unmanaged<ResolutionContext> {
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
        firstCell: cells.count, firstHandedOut: handedOut.count, isCached: isCached))
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
  ///
  /// What the build held (handed-out objects, graph values) is released after the context is
  /// consistent again: a last release runs a `deinit`, which may resolve on this thread.
  func leave() {
    let frame = frames.removeLast()
    cells.removeAll(from: frame.firstCell)
    releaseHandedOut(from: frame.firstHandedOut)
    if frames.isEmpty, !graph.isEmpty {
      let dropped = graph.takeAll()
      withExtendedLifetime(dropped) {}  // released after the context is consistent again
    }
  }

  /// The value a ``Scope/graph`` registration has in the graph being built, if any.
  func graphValue(of registration: AnyRegistration) -> Any? {
    graph.value(of: registration)
  }

  /// Keeps the value of a ``Scope/graph`` registration for the rest of the graph being built;
  /// only while a build is on the path.
  func keepGraphValue(_ value: Any, of registration: AnyRegistration) {
    guard !frames.isEmpty else { return }
    graph.keep(value, of: registration)
  }

  /// Releases the objects handed to the build that just ended, from `first` to the current
  /// end, then forgets them.
  ///
  /// Each release may run a `deinit`, which may resolve on this thread: its builds start after
  /// the current end and leave the list as they found it, and nothing reads the entries being
  /// released (each build reads only its own). So the list is read afresh for each entry, and
  /// the released entries are removed only after the last release.
  private func releaseHandedOut(from first: Int) {
    let end = handedOut.count
    guard end > first else { return }
    for index in first..<end {
      handedOut.entry(at: index).release()
    }
    handedOut.forget(first..<end)
  }

  /// Records that a resolution returned an object with a hook to the innermost build.
  ///
  /// - Parameter object: The identity of an object the caller holds; this keeps it alive until
  ///   the innermost build ends.
  func noteHandedOut(_ object: ObjectIdentifier?) {
    guard !frames.isEmpty, let object else { return }
    handedOut.appendRetaining(object)
  }

  /// Whether a resolution returned anything with a hook to the innermost build so far.
  var innermostBuildWasHandedObjects: Bool {
    guard let first = frames.lastFirstHandedOut else { return false }
    return handedOut.count > first
  }

  /// Whether `object` was returned to the innermost build while it made its value: such an
  /// object is already complete, and its hook must not run again.
  ///
  /// - Parameter object: The identity of a value the caller holds.
  func wasHandedOut(_ object: ObjectIdentifier?) -> Bool {
    guard let object, let first = frames.lastFirstHandedOut else { return false }
    return handedOut.contains(object, from: first)
  }

  /// Records a cell created while the innermost object is built.
  func register(_ cell: InjectedCellBase) {
    cells.append(cell)
  }

  /// Resolves the `@Injected` cells created since the innermost build began.
  func resolvePendingCells() throws(InjectionError) {
    guard let first = frames.lastFirstCell, cells.count > first else { return }
    let taken = cells.take(from: first)
    guard !taken.isEmpty else { return }
    try resolve(taken)
  }

  /// Resolves `cells` for the innermost build, in order.
  ///
  /// - Throws: The first cell's error; the cells from that one on are kept, for
  ///   ``takeUnresolvedCells(ofBuildAtDepth:)``.
  func resolve(_ pending: [InjectedCellBase]) throws(InjectionError) {
    for index in pending.indices {
      do {
        try pending[index].resolveEagerly()
      } catch {
        cells.keepUnresolved(Array(pending[index...]), depth: frames.count)
        throw error
      }
    }
  }

  /// The cells that the build at `depth` (its frame's position on the path, from 1) left
  /// unresolved when it failed, if its failure came from one of them.
  func takeUnresolvedCells(ofBuildAtDepth depth: Int) -> [InjectedCellBase] {
    cells.takeUnresolved(ofBuildAtDepth: depth)
  }

  /// Forgets cells that an earlier failed build left unresolved.
  func clearUnresolvedCells() {
    cells.clearUnresolved()
  }

  /// Makes a module's mappings visible to this thread only, for `injector`.
  func stage(_ mappings: [Key: AnyRegistration], for injector: Injector) {
    staged.stage(mappings, for: injector)
  }

  /// Ends the innermost ``stage(_:for:)``.
  func unstage() {
    staged.unstage()
  }

  /// The registration of `key` in a module this thread is adding to `injector`.
  func stagedRegistration(for key: Key, in injector: Injector) -> AnyRegistration? {
    staged.registration(for: key, in: injector)
  }

  /// The error for a factory of the innermost build that threw `error`.
  func failure(of key: Key, _ error: any Error) -> InjectionError {
    if let error = error as? InjectionError { return error }
    return .factoryFailed(key: key.publicKey, path: Array(path.dropLast()), underlying: error)
  }

  /// The keys being built, outermost first.
  var path: [InjectionKey] { frames.map(\.key.publicKey) }

  /// The keys of the path, outermost first, before they are made public.
  var pathKeys: [Key] { frames.map(\.key) }
}
