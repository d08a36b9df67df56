/// One `async` build on a task's path: what ``ResolutionContext``'s frames are for synchronous
/// builds, for builds that suspend and may move between threads.
///
/// Kept in a task-local, so that the tasks a build starts (the task that builds a cached value
/// for it) carry its path: a build that waits for a value on its own path would wait for itself,
/// and is a cycle instead.
final class AsyncResolutionFrame: Sendable {
  let key: Key
  /// What a cycle repeats: the registration being built.
  let identity: ObjectIdentifier
  let parent: AsyncResolutionFrame?
  /// The ``AsyncBuild`` this frame runs, for the build of a cached value; `nil` otherwise.
  let build: ObjectIdentifier?
  /// The values of ``Scope/graph`` mappings built during the outermost `async` resolution on
  /// the path, shared by all its frames.
  let graph: AsyncGraph

  /// The innermost `async` build of the current task, if any.
  @TaskLocal static var current: AsyncResolutionFrame?

  init(
    key: Key, identity: ObjectIdentifier, parent: AsyncResolutionFrame?,
    build: ObjectIdentifier? = nil
  ) {
    self.key = key
    self.identity = identity
    self.parent = parent
    self.build = build
    self.graph = parent?.graph ?? AsyncGraph()
  }

  /// The innermost build of a cached value on the path, from this frame out.
  ///
  /// That build is the one that waits when this frame waits; with its key, and the keys from
  /// its frame to this one.
  var owningBuild: (build: ObjectIdentifier, key: Key, pathFromHere: [InjectionKey])? {
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

  /// The cycle that building `key` (from `identity`) again would close: the path from the
  /// outermost frame that builds it, with `key` once more at the end; `nil` if no frame does.
  func cycle(building key: Key, identity: ObjectIdentifier) -> [InjectionKey]? {
    var keys: [InjectionKey]?
    var next: AsyncResolutionFrame? = self
    var collected: [InjectionKey] = []
    while let frame = next {
      collected.append(frame.key.publicKey)
      if frame.identity == identity { keys = collected }
      next = frame.parent
    }
    guard let keys else { return nil }
    return keys.reversed() + [key.publicKey]
  }
}

/// The values of ``Scope/graph`` mappings in one outermost `async` resolution, by registration.
///
final class AsyncGraph: Sendable {
  private let values = Lock<[ObjectIdentifier: Kept]>([:])

  /// A kept value.
  ///
  /// `@unchecked Sendable`: the value of a `.graph` mapping, whose `map` methods require it to
  /// be `Sendable`.
  private struct Kept: @unchecked Sendable {
    let value: Any
  }

  /// The value kept for `registration`, if any.
  func value(of registration: ObjectIdentifier) -> Any? {
    values.withLock { $0[registration] }?.value
  }

  /// Keeps `value` for `registration` unless another build of the graph kept one first;
  /// returns the one kept.
  func keep(_ value: Any, of registration: ObjectIdentifier) -> Any {
    let kept = values.withLock { values in
      if let kept = values[registration] { return kept }
      let kept = Kept(value: value)
      values[registration] = kept
      return kept
    }
    return kept.value
  }
}
