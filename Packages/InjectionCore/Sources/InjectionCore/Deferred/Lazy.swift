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
/// instead of waiting forever. The lazy value holds its injector weakly; a first read after the injector was
/// released throws ``InjectionError/injectorReleased(key:)``.
public final class Lazy<Value>: BoundToInjector {
  private let source: InjectorReference
  private let name: String?
  /// Whether `resolved` holds the value: set once, with a releasing store, after it was written.
  private let isPublished = Atomic<Bool>(false)
  /// The first read in progress, if any: the thread that resolves holds its gate until it is
  /// done, and the others wait on the gate as ``WaitGraph`` allows.
  private let reading = Lock<LazyRead?>(nil)
  /// Written once by the thread whose read is in `reading`, before `isPublished` becomes `true`
  /// with a releasing store; read only after an acquiring load saw `true`.
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
  ///   resolution itself reads this value, or waits for this thread.
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
        if let other = reading { return .wait(other) }
        let mine = LazyRead(builder: context.id)
        mine.gate.lock()  // before anyone can see it; released when the read is over
        reading = mine
        return .claimed(mine)
      }
      switch claim {
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
      reading.withLock { $0 = nil }
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
  case published
  case claimed(LazyRead)
  case wait(LazyRead)
}

// @unchecked Sendable: `resolved` is written only by the one thread whose `LazyRead` it put into
// `reading` (under the `reading` lock), before its releasing store of `true` into `isPublished`;
// a thread reads `resolved` only after an acquiring load of `isPublished` saw `true`. `reading`
// is a lock; `source` and `name` are immutable.
extension Lazy: @unchecked Sendable where Value: Sendable {}
