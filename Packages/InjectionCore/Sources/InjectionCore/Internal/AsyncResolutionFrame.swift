import Synchronization

/// One `async` build on a task's path: what ``ResolutionContext``'s frames are for synchronous
/// builds, for builds that suspend and may move between threads.
///
/// Kept in a task-local while the factory runs, so that the resolutions it makes see the path;
/// the task that builds a cached value gets its requester's path as the frame's ``parent``,
/// passed explicitly. A task that a factory starts itself (`Task {}`, `async let`, a task group)
/// inherits the task-local but is not on the path: it resolves as any other task would, and
/// waits for a build in progress like any other waiter (see ``ofCurrentTask``).
final class AsyncResolutionFrame: Sendable {
  let key: Key
  /// The registration being built: what a cycle repeats; `nil` for the awaited first read of a
  /// ``Lazy`` value, which resolves its key rather than building it.
  ///
  /// Held, so that no other registration can have its address while a frame names it.
  let registration: AnyRegistration?
  let parent: AsyncResolutionFrame?
  /// The ``AsyncBuild`` this frame runs, for the build of a cached value, or the
  /// ``LazyAsyncRead`` for the awaited first read of a ``Lazy`` value; `nil` otherwise.
  ///
  /// Held, for the same reason as ``registration`` (``AsyncWaitGraph`` compares builds).
  let build: (any AnyObject & Sendable)?
  /// The values of ``Scope/graph`` mappings built during the outermost `async` resolution on
  /// the path, shared by all its frames.
  let graph: AsyncGraph
  /// The task that runs this frame's build (its address), and whether the build still runs.
  ///
  /// A task started inside a factory inherits the task-local ``current``, but the build is not
  /// its path: only the task that runs a frame, while it runs it, takes the frame for its own
  /// (``ofCurrentTask``). A running build's task is alive, so no other task has its address
  /// while ``isRunning`` is `true`.
  private let runner: UInt
  private let running = Atomic<Bool>(true)

  /// The innermost `async` build of the task that bound it, if any; read it through
  /// ``ofCurrentTask``.
  @TaskLocal static var current: AsyncResolutionFrame?

  /// The innermost `async` build of the current task: ``current`` if this task runs it, else
  /// `nil` (a task started inside a build begins a path of its own).
  static var ofCurrentTask: AsyncResolutionFrame? {
    guard let frame = current, frame.running.load(ordering: .acquiring),
      frame.runner == currentTaskAddress()
    else { return nil }
    return frame
  }

  /// A frame for a build that the current task runs.
  init(
    key: Key, registration: AnyRegistration?, parent: AsyncResolutionFrame?,
    build: (any AnyObject & Sendable)? = nil
  ) {
    self.key = key
    self.registration = registration
    self.parent = parent
    self.build = build
    self.graph = parent?.graph ?? AsyncGraph()
    self.runner = currentTaskAddress()
  }

  /// Ends the frame: its build is over, and no task takes it for its path any more.
  func finish() {
    running.store(false, ordering: .releasing)
  }

  /// The innermost build of a cached value on the path, from this frame out.
  ///
  /// That build is the one that waits when this frame waits; with its key, and the keys from
  /// its frame to this one.
  var owningBuild: (build: any AnyObject & Sendable, key: Key, pathFromHere: [InjectionKey])? {
    var keys: [InjectionKey] = []
    var next: AsyncResolutionFrame? = self
    while let frame = next {
      keys.append(frame.key.publicKey)
      if let build = frame.build { return (build, frame.key, keys.reversed()) }
      next = frame.parent
    }
    return nil
  }

  /// The keys being built, outermost first.
  var path: [InjectionKey] {
    var keys: [InjectionKey] = []
    var next: AsyncResolutionFrame? = self
    while let frame = next {
      keys.append(frame.key.publicKey)
      next = frame.parent
    }
    return keys.reversed()
  }

  /// The cycle that building `key` (from `registration`) again would close: the path from the
  /// outermost frame that builds it, with `key` once more at the end; `nil` if no frame does.
  func cycle(building key: Key, registration: AnyRegistration) -> [InjectionKey]? {
    var keys: [InjectionKey]?
    var next: AsyncResolutionFrame? = self
    var collected: [InjectionKey] = []
    while let frame = next {
      collected.append(frame.key.publicKey)
      if frame.registration === registration { keys = collected }
      next = frame.parent
    }
    guard let keys else { return nil }
    return keys.reversed() + [key.publicKey]
  }
}

/// The values of ``Scope/graph`` mappings in one outermost `async` resolution, by registration.
///
/// Each entry holds its registration, as ``GraphValues`` does for synchronous builds: a mapping
/// made in its place during the resolution is never served the old mapping's value.
final class AsyncGraph: Sendable {
  private let values = Lock<[ObjectIdentifier: Kept]>([:])

  /// A kept value and the registration it belongs to.
  // @unchecked Sendable: guarded by the lock `values` (stored and read only inside its
  // `withLock`); `value` leaves it as the value of a `.graph` mapping, whose `map` methods
  // require it to be `Sendable`, and a registration is `Sendable`; both are immutable.
  private struct Kept: @unchecked Sendable {
    let registration: AnyRegistration
    let value: Any
  }

  /// The value kept for `registration`, if any.
  func value(of registration: AnyRegistration) -> Any? {
    values.withLock { $0[ObjectIdentifier(registration)] }?.value
  }

  /// Keeps `value` for `registration` unless another build of the graph kept one first;
  /// returns the one kept.
  func keep(_ value: Any, of registration: AnyRegistration) -> Any {
    let kept = values.withLock { values in
      if let kept = values[ObjectIdentifier(registration)] { return kept }
      let kept = Kept(registration: registration, value: value)
      values[ObjectIdentifier(registration)] = kept
      return kept
    }
    return kept.value
  }
}

/// The address of the task that runs the caller, or 0 outside a task.
///
/// An identity only while that task is known to be alive (see ``AsyncResolutionFrame``).
private func currentTaskAddress() -> UInt {
  withUnsafeCurrentTask { task in
    guard let task else { return 0 }
    return unsafeBitCast(task, to: UInt.self)
  }
}
