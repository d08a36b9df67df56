import Synchronization

/// A dependency resolved on its first use instead of with its owner.
///
/// Nothing maps it: resolving `Lazy<Engine>` (or declaring `@Injected var engine:
/// Lazy<any Engine>`) gives a lazy value bound to the injector that resolved it, without
/// resolving `Engine`. The owner is built even when `Engine` is not mapped yet; the first read
/// of ``value`` resolves it, and every later read returns that value. A lazy dependency can
/// close a cycle between transients that would otherwise be a cycle error.
///
/// ```swift
/// final class Report: Injectable {
///   @Injected var printer: Lazy<any Printer>   // built only if the report is printed
///   init() {}
///   func print() throws { try printer.value.print(self) }
/// }
/// ```
///
/// A first read from several threads at once resolves once: one thread resolves, the others
/// wait for it and get its value. If the resolution fails, the read that resolved throws the
/// error, and each waiting read tries again. A read that would wait for a thread that waits for
/// it (through singleton builds or other lazy values) throws ``InjectionError/cycle(path:)``
/// instead of waiting forever.
///
/// A `Value` mapped with an `async` factory is read with ``valueAsync``
/// (`try await printer.valueAsync`): the first awaited read resolves it once for every task
/// that reads at once, as an `async` singleton is built once. The lazy value holds its injector weakly; a first read after the injector was
/// released throws ``InjectionError/injectorReleased(key:)``.
public final class Lazy<Value>: BoundToInjector {
  private let source: InjectorReference
  private let name: String?
  /// Whether `resolved` holds the value: set once, with a releasing store, after it was written.
  private let isPublished = Atomic<Bool>(false)
  /// The first read in progress, if any: for a synchronous read, the thread that resolves
  /// holds its gate until it is done, and the others wait on the gate as ``WaitGraph`` allows;
  /// for an awaited read (``valueAsync``), a task of its own resolves, and the readers wait for
  /// it as continuations kept in the read.
  private let reading = Lock<LazyReading<Value>>(.none)
  /// Written once by the thread whose read is in `reading` (or, for an awaited read, by its
  /// task, inside the `reading` lock), before `isPublished` becomes `true` with a releasing
  /// store; read only after an acquiring load saw `true`.
  @exclusivity(unchecked) private var resolved: Value?

  init(injector: Injector, name: String?) {
    self.source = InjectorReference(injector)
    self.name = name
  }

  /// The key the first read resolves: `Value` and the lazy value's name.
  public var key: InjectionKey { InjectionKey(Value.self, named: name) }

  /// Whether the first read resolved the value.
  public var isResolved: Bool { isPublished.load(ordering: .acquiring) }

  /// The value: resolved on the first read, the same on every later one.
  ///
  /// A thread whose first read finds another thread resolving waits for it, as a thread waits
  /// for a singleton another thread builds: if that thread waits (through others) for this
  /// one, the read throws a cycle instead of waiting forever.
  ///
  /// - Throws: What resolving `Value` throws (a later read tries again);
  ///   ``InjectionError/injectorReleased(key:)``; ``InjectionError/cycle(path:)`` when the
  ///   resolution itself reads this value, or waits for this thread;
  ///   ``InjectionError/asyncMapping(key:path:)`` for an `async` mapping whose value is not
  ///   built, also while an awaited read (``valueAsync``) builds it: a thread does not block
  ///   on it.
  public var value: Value {
    get throws(InjectionError) {
      if isPublished.load(ordering: .acquiring) { return resolved.unsafelyUnwrapped }
      return try readFirst()
    }
  }

  /// The first read: resolves as the one thread that claimed it, or waits for the one that did.
  private func readFirst() throws(InjectionError) -> Value {
    let context = ResolutionContext.current.takeUnretainedValue()
    while true {
      let claim = reading.withLock { reading -> LazyClaim in
        if isPublished.load(ordering: .acquiring) { return .published }
        switch reading {
        case .synchronous(let other): return .wait(other)
        case .awaited: return .awaited
        case .none: break
        }
        let mine = LazyRead(builder: context.id)
        mine.gate.lock()  // before anyone can see it; released when the read is over
        reading = .synchronous(mine)
        return .claimed(mine)
      }
      switch claim {
      case .awaited:
        // An awaited read of an `async` mapping is building it: a thread cannot wait for it.
        throw .asyncMapping(key: key, path: context.path + [key])
      case .published:
        return resolved.unsafelyUnwrapped
      case .claimed(let mine):
        return try resolveFirst(as: mine)
      case .wait(let other):
        guard other.builder != context.id else {
          throw .cycle(path: context.path + [key])  // read from inside its own resolution
        }
        switch WaitGraph.beginWaiting(context.id, for: other) {
        case .finished:
          continue
        case .wait:
          other.gate.lock()  // the reader holds it until its read is over
          other.gate.unlock()
          WaitGraph.endWaiting(context.id)
        case .wouldDeadlock:
          throw .cycle(path: context.path + [key])
        }
      }
    }
  }

  /// Resolves the value as the thread that claimed the first read, and publishes it.
  ///
  /// On failure, the next read tries again. Either way the waiters are released.
  private func resolveFirst(as mine: LazyRead) throws(InjectionError) -> Value {
    defer {
      reading.withLock { $0 = .none }
      WaitGraph.finish(mine)  // before the gate opens: no waiter takes it for a live read
      mine.gate.unlock()
    }
    guard let injector = source.injector else { throw .injectorReleased(key: key) }
    let value = try injector.resolve(Value.self, named: name)
    resolved = value
    isPublished.store(true, ordering: .releasing)
    return value
  }
}

/// The first read of a ``Lazy`` value in progress: what ``WaitGraph`` follows, like a
/// singleton's build.
// @unchecked Sendable: `gate` is a mutex that guards no state (the reading thread holds it for
// the whole read, which orders waiters after it); `isFinished` is guarded by the lock
// `WaitGraph.edges`, as in `AnyBuildTicket`; `builder` is immutable.
final class LazyRead: AnyBuildTicket, @unchecked Sendable {
  /// Held by the reading thread for the whole read.
  let gate = PlatformMutex()
}

/// What a first read of a ``Lazy`` value does next.
private enum LazyClaim {
  case awaited
  case published
  case claimed(LazyRead)
  case wait(LazyRead)
}

// @unchecked Sendable: `resolved` is written only by the one thread whose `LazyRead` it put into
// `reading` (under the `reading` lock), before its releasing store of `true` into `isPublished`;
// a thread reads `resolved` only after an acquiring load of `isPublished` saw `true`. `reading`
// is a lock; `source` and `name` are immutable.
extension Lazy: @unchecked Sendable where Value: Sendable {}

extension Lazy where Value: Sendable {
  /// The value, with `await`: resolved on the first read, awaiting an `async` mapping (or
  /// hopping to the main actor for a `@MainActor` one); the same on every later read.
  ///
  /// ``value`` throws ``InjectionError/asyncMapping(key:path:)`` for an `async` mapping whose
  /// value is not built yet; this read builds it, with the rules of an `async` singleton:
  ///
  /// - A first read from several tasks at once resolves once: the resolution runs in a task of
  ///   its own, and every reader waits for it without blocking a thread. The value is kept, so a
  ///   transient `Value` is built once for the lazy value too.
  /// - A reader that is cancelled while it waits stops waiting with
  ///   ``InjectionError/cancelled(key:)``; the resolution goes on for the other readers and is
  ///   kept for later reads.
  /// - If the resolution fails, every waiting reader gets the error, and a later read tries
  ///   again.
  /// - A read from inside its own resolution, or one that would wait for a build that waits
  ///   (through others) for this read, throws ``InjectionError/cycle(path:)`` instead of waiting
  ///   forever.
  ///
  /// For a mapping that needs no `await`, it reads ``value``.
  ///
  /// ```swift
  /// final class Report: Injectable {
  ///   @Injected var database: Lazy<Database>  // mapped with an async factory
  ///   init() {}
  ///   func rows() async throws -> [String] { try await database.valueAsync.rows() }
  /// }
  /// ```
  ///
  /// - Throws: What ``Injector/resolveAsync(_:named:)->T`` throws for `Value` (a later read
  ///   tries again); ``InjectionError/injectorReleased(key:)``;
  ///   ``InjectionError/cancelled(key:)``; ``InjectionError/cycle(path:)``.
  public var valueAsync: Value {
    get async throws(InjectionError) {
      if isPublished.load(ordering: .acquiring) { return resolved.unsafelyUnwrapped }
      return try await readFirstAsync()
    }
  }

  /// The first awaited read: starts the resolution as the task that claimed it, or joins the
  /// one in progress, and waits for it.
  private func readFirstAsync() async throws(InjectionError) -> Value {
    guard let injector = source.injector else { throw .injectorReleased(key: key) }
    guard injector.needsAwait(Key(Value.self, named: name)) else { return try value }
    let parent = AsyncResolutionFrame.ofCurrentTask
    while true {
      let claim = reading.withLock { reading -> LazyAsyncClaim<Value> in
        if isPublished.load(ordering: .acquiring) { return .published }
        switch reading {
        case .awaited(let other): return .join(other)
        case .synchronous: return .busy
        case .none:
          let mine = LazyAsyncRead<Value>()
          reading = .awaited(mine)
          return .start(mine)
        }
      }
      let read: LazyAsyncRead<Value>
      switch claim {
      case .published:
        return resolved.unsafelyUnwrapped
      case .busy:
        // A synchronous read of an `async` mapping: it throws without waiting for anything.
        if Task.isCancelled { throw .cancelled(key: key) }
        await Task.yield()
        continue
      case .join(let other):
        read = other
      case .start(let mine):
        read = mine
        Task { await self.runAsyncRead(mine, injector: injector, parent: parent) }
      }
      if let result = try await wait(for: read, parent: parent) { return try result.get() }
    }
  }

  /// Waits for the awaited read `read` as a continuation; `nil` if it was over before the wait
  /// began (look again).
  private func wait(for read: LazyAsyncRead<Value>, parent: AsyncResolutionFrame?)
    async throws(InjectionError) -> Result<Value, InjectionError>?
  {
    let key = key
    let waiting = parent?.owningBuild
    if let waiting {
      guard AsyncWaitGraph.beginWaiting(waiting.build, for: read) else {
        // The waiting build is this read itself (a read from inside its own resolution), or
        // a build that this read waits for.
        let closing = waiting.build === read ? [] : [waiting.key.publicKey]
        throw .cycle(path: waiting.pathFromHere + [Self.readKey(named: name)] + closing)
      }
    }
    defer {
      if let waiting { AsyncWaitGraph.endWaiting(waiting.build, for: read) }
    }
    let id = AsyncBuild<Value>.nextWaiterID()
    let wake = AsyncWake()
    // Set inside the continuation's body, by this task, before it suspends.
    var handover: AsyncHandover<Value>?
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let waiter = AsyncWaiter(continuation: continuation, wake: wake)
        let early = reading.withLock { reading -> AsyncWake.Reason? in
          // The read may be over: then look again.
          guard case .awaited(let current) = reading, current === read else { return .lookAgain }
          // Checked under the lock that the cancellation handler takes: a task cancelled
          // before its waiter is added is never left waiting.
          if Task.isCancelled { return .cancelled }
          read.add(waiter, id: id)
          handover = read.handover
          return nil
        }
        if let early { waiter.resume(early) }
      }
    } onCancel: {
      let waiter = reading.withLock { _ in read.remove(id: id) }
      waiter?.resume(.cancelled)
    }
    // Through the wake and the handover, not the continuation: an edge ThreadSanitizer sees
    // (`AsyncWaiter`).
    return wake.outcome(from: handover, key: key)
  }

  /// Resolves the value for an awaited first read, in the task of its own that the read
  /// started, publishes it, and resumes the readers.
  ///
  /// The frame makes the read a build that ``AsyncWaitGraph`` follows: what its resolution
  /// waits for, the read waits for.
  private func runAsyncRead(
    _ read: LazyAsyncRead<Value>, injector: Injector, parent: AsyncResolutionFrame?
  ) async {
    let frame = AsyncResolutionFrame(
      key: Key(Lazy<Value>.self, named: name), registration: nil, parent: parent, build: read)
    let name = name
    let result: Result<Value, InjectionError>
    do {
      let value = try await AsyncResolutionFrame.$current.withValue(frame) {
        try await injector.resolveAsync(Value.self, named: name)
      }
      result = .success(value)
    } catch {
      result = .failure(error as! InjectionError)  // the operation throws only `InjectionError`
    }
    frame.finish()
    let (waiters, handover) = reading.withLock { reading in
      if case .success(let value) = result {
        resolved = value
        isPublished.store(true, ordering: .releasing)
      }
      reading = .none
      defer { read.handover = nil }
      return (read.takeWaiters(), read.handover)
    }
    // Before any wake is set: a waiter reads the outcome only after it saw its wake.
    handover?.outcome = result
    for waiter in waiters { waiter.resume(.over) }
  }

  /// The key that names an awaited read in a cycle's path: `Lazy<Value>`.
  private static func readKey(named name: String?) -> InjectionKey {
    InjectionKey(Lazy<Value>.self, named: name)
  }
}

/// The first read of a ``Lazy`` value in progress, if any.
enum LazyReading<Value> {
  case none
  /// A synchronous read (``Lazy/value``), by one thread.
  case synchronous(LazyRead)
  /// An awaited read (``Lazy/valueAsync``), by a task of its own.
  case awaited(LazyAsyncRead<Value>)
}

/// The awaited first read of a ``Lazy`` value in progress, and the tasks that wait for it: what
/// an ``AsyncBuild`` is for an `async` singleton, and what ``AsyncWaitGraph`` follows.
// @unchecked Sendable: the lock is the owning lazy value's `reading` lock, and it guards
// `waiters` and `handover` (read and written only inside its `withLock`).
final class LazyAsyncRead<Value>: @unchecked Sendable {
  typealias Waiter = AsyncWaiter

  /// Where the read leaves its outcome for its waiters, until it is over; guarded by the owning
  /// lazy value's `reading` lock.
  @exclusivity(unchecked) var handover: AsyncHandover<Value>? = AsyncHandover()

  /// Guarded by the owning lazy value's `reading` lock.
  @exclusivity(unchecked) private var waiters: [UInt64: Waiter] = [:]

  /// Adds a waiter; with the `reading` lock held.
  func add(_ waiter: Waiter, id: UInt64) {
    waiters[id] = waiter
  }

  /// Takes out the waiter `id`, if the read has not resumed it yet; with the `reading` lock
  /// held.
  func remove(id: UInt64) -> Waiter? {
    waiters.removeValue(forKey: id)
  }

  /// Takes out every waiter, to be resumed after the lock is unlocked.
  func takeWaiters() -> [Waiter] {
    defer { waiters = [:] }
    return Array(waiters.values)
  }
}

/// What an awaited first read of a ``Lazy`` value does next.
private enum LazyAsyncClaim<Value> {
  case published
  /// A synchronous read is in progress.
  case busy
  case join(LazyAsyncRead<Value>)
  case start(LazyAsyncRead<Value>)
}
