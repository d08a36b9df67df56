import Synchronization

/// Holds mappings from keys to providers and builds object graphs from them.
///
/// ```swift
/// let injector = Injector()
/// injector.map(Engine.self, scope: .singleton) { _ in HybridEngine() }
/// let car = try injector.resolve(Car.self)
/// ```
///
/// Every operation is thread-safe: mapping, unmapping, adding and removing modules and resolving
/// can happen at any time, from any thread. No factory, `init`, hook or module code ever runs
/// while the injector's lock is held, and a singleton is built exactly once however many threads
/// ask for it at the same moment.
///
/// An injector owns the values of the cached mappings it holds (singletons, eager singletons,
/// instances); releasing the last reference to it releases them. ``shutdown(timeout:)`` ends it first:
/// it disposes the values it built that are ``InjectionDisposable`` or
/// ``AsyncInjectionDisposable``, latest first, and then resolves nothing. A child injector
/// (``makeChild(label:)``) looks in its own mappings first, then in its parent's.
public final class Injector: Mapper, Sendable, CustomStringConvertible {
  /// The injector's name in diagnostics, such as `"shared"` or `"tests"`.
  ///
  /// A child made without a label is named `"child of <parent's label>"`, made when read: a
  /// request that makes a child per request pays for no string it never shows.
  public var label: String { ownLabel ?? "child of \(parent?.label ?? "")" }

  /// The label given when the injector was made; `nil` for a child made without one.
  private let ownLabel: String?

  /// The injector this one falls back to, or `nil` for a root injector.
  public let parent: Injector?

  /// The mappings and modules; every lookup, too, takes this mutex (see
  /// `Documentation/DesignDecisions.md`, "Why every lookup takes the injector's mutex").
  let registry = Lock(Registry())
  /// The observers of ``observeResolutions(_:)``; its own mutex, never held while one runs.
  let observers = Lock(ResolutionObserverList())
  /// How many observers ``observers`` holds: a resolution reads it (and its ancestors') with
  /// one relaxed load each, and takes the observed path only when one is not zero.
  let observerCount = Atomic<Int>(0)
  /// Whether ``shutdown(timeout:)`` began; set with the registry mutex held, read without it by a build
  /// (a relaxed check on the build path only: a cached read finds no mapping after a shutdown).
  let shutDownFlag = Atomic<Bool>(false)

  /// The process-wide root injector, and the default ``current`` injector.
  public static let shared = Injector(label: "shared")

  /// The injector that `@Injected` uses for objects that no injector is building.
  ///
  /// A task-local value: bind it for a closure with ``withInjector(_:operation:)`` (or
  /// ``withInjector(_:isolation:operation:)`` in asynchronous code); child tasks inherit the
  /// binding, `Task.detached` does not. Default: ``shared``.
  @TaskLocal public static var current: Injector = .shared

  /// Creates a root injector with no mappings.
  ///
  /// - Parameter label: The name used for this injector in diagnostics.
  public init(label: String = "injector") {
    self.ownLabel = label
    self.parent = nil
  }

  private init(label: String?, parent: Injector) {
    self.ownLabel = label
    self.parent = parent
  }

  /// Creates a child injector that looks in its own mappings first, then in this injector's.
  ///
  /// Transient and automatically created values resolved through the child are built by the
  /// child, so its overrides reach their dependencies too. Singletons stay with the injector
  /// that maps them and are shared with all its children. The child keeps its parent alive; the
  /// parent does not keep its children.
  ///
  /// - Parameter label: The child's name in diagnostics; by default `"child of <parent>"`.
  /// - Returns: A new, empty child injector.
  public func makeChild(label: String? = nil) -> Injector {
    Injector(label: label, parent: self)
  }

  deinit {
    let table = registry.withLock { $0.takeTable() }
    table.releaseAll()  // outside the mutex: the values may run any `deinit`
  }

  /// The injector's label.
  public var description: String { "Injector(\"\(label)\")" }

  /// The labels of this injector and its ancestors, this one first.
  var chainLabels: [String] {
    var labels: [String] = []
    var next: Injector? = self
    while let injector = next {
      labels.append(injector.label)
      next = injector.parent
    }
    return labels
  }
}
