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
/// wait for it and get its value. If the resolution fails, they get the error, and a later read
/// tries again. The lazy value holds its injector weakly; a first read after the injector was
/// released throws ``InjectionError/injectorReleased(key:)``.
public final class Lazy<Value>: BoundToInjector {
  private let source: InjectorReference
  private let name: String?
  /// ``Resolution`` raw values.
  private let state = Atomic<UInt8>(Resolution.unresolved.rawValue)
  /// The resolving thread's context, to tell a read from inside the resolution (a cycle).
  private let resolver = Atomic<UInt>(0)
  /// Written once by the resolving thread before `state` becomes `resolved` with a releasing
  /// store; read only after an acquiring load saw `resolved`.
  @exclusivity(unchecked) private var resolved: Value?

  private enum Resolution: UInt8 {
    case unresolved, resolving, resolved
  }

  init(injector: Injector, name: String?) {
    self.source = InjectorReference(injector)
    self.name = name
  }

  /// The key the first read resolves: `Value` and the lazy value's name.
  public var key: InjectionKey { InjectionKey(Value.self, named: name) }

  /// Whether the first read resolved the value.
  public var isResolved: Bool {
    state.load(ordering: .acquiring) == Resolution.resolved.rawValue
  }

  /// The value: resolved on the first read, the same on every later one.
  ///
  /// - Throws: What resolving `Value` throws (a later read tries again);
  ///   ``InjectionError/injectorReleased(key:)``; ``InjectionError/cycle(path:)`` when the
  ///   resolution itself reads this value.
  public var value: Value {
    get throws(InjectionError) {
      let thread = UInt(bitPattern: ResolutionContext.current.toOpaque())
      while true {
        switch Resolution(rawValue: state.load(ordering: .acquiring)) {
        case .resolved?:
          return resolved.unsafelyUnwrapped
        case .resolving?:
          if resolver.load(ordering: .relaxed) == thread {
            throw .cycle(path: (ResolutionContext.building?.path ?? []) + [key])
          }
          yieldThread()
        default:
          let (won, _) = state.compareExchange(
            expected: Resolution.unresolved.rawValue, desired: Resolution.resolving.rawValue,
            ordering: .acquiring)
          guard won else { continue }
          resolver.store(thread, ordering: .relaxed)
          return try resolveFirst()
        }
      }
    }
  }

  /// Resolves the value as the one thread that won the first read, and publishes it; on
  /// failure, lets the next read try again.
  private func resolveFirst() throws(InjectionError) -> Value {
    do throws(InjectionError) {
      guard let injector = source.injector else { throw .injectorReleased(key: key) }
      let value = try injector.resolve(Value.self, named: name)
      resolved = value
      resolver.store(0, ordering: .relaxed)
      state.store(Resolution.resolved.rawValue, ordering: .releasing)
      return value
    } catch {
      resolver.store(0, ordering: .relaxed)
      state.store(Resolution.unresolved.rawValue, ordering: .releasing)
      throw error
    }
  }
}

// @unchecked Sendable: the lock is the atomic `state`, and it guards `resolved`: only the one
// thread whose compare-exchange moved `state` from `unresolved` to `resolving` (taking it) writes
// `resolved`, before its releasing store of `resolved` into `state` (releasing it); a thread reads
// `resolved` only after an acquiring load of `state` saw `resolved`. `resolver` is atomic;
// `source` and `name` are immutable.
extension Lazy: @unchecked Sendable where Value: Sendable {}
