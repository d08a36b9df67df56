public import Synchronization

/// Where an `@Injected` property is declared, for diagnostics.
struct DeclarationSite: Sendable, CustomStringConvertible {
  /// The name of the type that declares the property, as `#function` gives it in a property
  /// wrapper's default argument (`Car`).
  let owner: StaticString
  let file: StaticString
  let line: UInt

  var description: String { "\(file):\(line)" }
}

/// The non-generic face of an `@Injected` property's storage, so that a build can resolve the
/// cells created while its object was initialized.
///
/// `@unchecked Sendable`: every stored property is immutable (`let`, or `weak let`), except the
/// published value in ``InjectedCell``, which is an atomic pointer written once.
@usableFromInline
class InjectedCellBase: @unchecked Sendable {
  func resolveEagerly() throws(InjectionError) {}
}

/// An `@Injected` property's storage: where to resolve from, and the value once resolved.
///
/// The resolved value is in memory the cell allocates (``storage``), written once and published
/// with a releasing store of `state`, so a read after the first is one acquiring load and two
/// loads: no lock.
///
/// `@unchecked Sendable`: `storage`'s value, `resolvedFrom` and `wasBound` are written once, by the
/// thread that moved `state` from `unresolved` to `publishing` with a compare-and-exchange,
/// before it stores `resolved` into `state` with a releasing store; they never change after, and
/// they are read only after an acquiring load of `state` returned `resolved`. `current` is a
/// mutex; every other stored property is immutable.
@usableFromInline
class InjectedCell<Value>: InjectedCellBase, @unchecked Sendable {
  /// ``PublicationState`` raw values.
  @usableFromInline let state = Atomic<UInt8>(PublicationState.unresolved.rawValue)
  /// Where the value is, once resolved: memory of `Value` itself, not an `Optional`, so that
  /// the code of this class that is not specialized for `Value` (the first read, `deinit`) asks
  /// the runtime for no metadata but `Value`'s (an `Optional<Value>` field cost a lookup of
  /// `Optional<Value>`'s metadata each time it was written, read or destroyed there).
  ///
  /// Initialized once, by the thread that publishes the value, before the releasing store of
  /// ``state``; never changed after; deinitialized with the cell.
  @usableFromInline let storage: UnsafeMutablePointer<Value>

  /// The value; only once an acquiring load of ``state`` saw it published.
  @inlinable final var resolved: Value { storage.pointee }
  /// The injector the value came from, once resolved; weak, so that a resolved property keeps
  /// no injector alive.
  @exclusivity(unchecked) private final weak var resolvedFrom: Injector?
  /// Whether ``bind(to:)`` resolved the value, once resolved.
  @exclusivity(unchecked) private final var wasBound = false
  /// The injector that built the owner; weak, so that a singleton does not keep it alive.
  private weak let builder: Injector?
  /// The current injector when no injector built the owner (else `nil`); released once the
  /// value is published, so that a resolved property does not keep the injector alive.
  private let current: Lock<Injector?>?
  let name: String?
  let site: DeclarationSite
  /// Why the property resolves from the injector it does, for the diagnostic of a failed read.
  private let source: Source

  /// Where an `@Injected` property got its injector.
  private enum Source: UInt8 {
    /// The injector that was building its owner.
    case builder
    /// `Injector.current`, bound with `withInjector` when the owner was created.
    case current
    /// `Injector.current` was the shared injector: nothing built the owner, nothing was bound.
    case shared
  }

  required init(name: String?, site: DeclarationSite) {
    self.name = name
    self.site = site
    storage = .allocate(capacity: 1)
    if let context = ResolutionContext.building {
      builder = context.buildingInjector
      current = nil
      source = .builder
      super.init()
      context.register(self)
    } else {
      builder = nil
      let injector = Injector.current
      current = Lock(injector)
      source = injector === Injector.shared ? .shared : .current
      super.init()
    }
  }

  deinit {
    if isPublished { storage.deinitialize(count: 1) }
    storage.deallocate()
  }

  /// The value; resolved on the first read.
  @inlinable
  final var value: Value {
    if state.load(ordering: .acquiring) == PublicationState.resolved.rawValue {
      return resolved
    }
    return resolveOnFirstRead()
  }

  /// Whether the value is published (an acquiring load); then `resolved` holds it for good.
  @inlinable
  final var isPublished: Bool {
    state.load(ordering: .acquiring) == PublicationState.resolved.rawValue
  }

  /// Whether the value is published; then `resolved` holds it for good.
  var isResolved: Bool { isPublished }

  /// The value once published (one acquiring load, no lock), else `nil`; never resolves it.
  var resolvedValue: Any? { isPublished ? resolved : nil }

  /// Resolves and publishes the value, or stops the program with the diagnostic.
  @usableFromInline
  final func resolveOnFirstRead() -> Value {
    do {
      return try resolveAndPublish()
    } catch {
      fatalError("InjectionCore: \(error)\n\(readFailureContext())")
    }
  }

  /// Which property failed, which injector it resolves from and why, and what to do about it.
  ///
  /// The owner was created by the app's own code unless an injector built it. Only when its
  /// type is mapped (found by the name the declaration gives, on this failure path only) can
  /// `resolve` build it; any owner, a plain struct included, gets its injector by being created
  /// where that injector is current.
  private func readFailureContext() -> String {
    let injector = resolvingInjector
    let label = injector?.label ?? "(released)"
    let owner = "\(site.owner)"
    let create = "withInjector(injector) { \(owner)(…) }"
    let build =
      injector?.mappedKey(ofTypeNamed: owner).map { "try injector.resolve(\($0.metatypeInCode))" }
    var lines = [
      "  while reading the @Injected \(key) property of \(owner), declared at \(site)"
    ]
    switch source {
    case .builder:
      lines.append("  it resolves from injector \"\(label)\", the one that built its owner")
    case .current:
      lines.append(
        """
          it resolves from injector "\(label)": no injector built its owner, and that one was \
        Injector.current (bound with withInjector) when the owner was created
          fix: map the key on "\(label)", or create the owner where an injector that maps it is \
        current: \(create)\(build.map { ", or build it with that injector: \($0)" } ?? "")
        """)
    case .shared:
      lines.append(
        """
          it resolves from the shared injector: no injector built its owner, and none was made \
        current with withInjector when the owner was created
          fix: create the owner where your injector is current, so that its properties resolve \
        from it: \(create)\(build.map { ", or build it with your injector: \($0)" } ?? "")
        """)
    }
    return lines.joined(separator: "\n")
  }

  override final func resolveEagerly() throws(InjectionError) {
    _ = try resolveAndPublish()
  }

  /// The key the property resolves: its value's type (the wrapped type for an optional) and
  /// its name.
  var key: InjectionKey { InjectionKey(Value.self, named: name) }

  /// The injector the property resolves from: its owner's builder, or the current injector
  /// recorded when the owner was created; once the value is published, the injector it came
  /// from (weakly held).
  var resolvingInjector: Injector? {
    if isResolved { return resolvedFrom }
    return builder ?? current?.withLock { $0 }
  }

  /// Why the property resolves, or resolved, from ``resolvingInjector``.
  var injectorSource: InjectorSource {
    if isResolved, wasBound { return .bound }
    switch source {
    case .builder: return .builder
    case .current: return .current
    case .shared: return .shared
    }
  }

  /// Whether the property is optional (`nil` when nothing is mapped).
  var isOptional: Bool { false }

  /// Resolves the value from `injector` now, unless it is resolved already.
  ///
  /// - Throws: What resolving the key throws; the property then stays unresolved.
  final func bind(to injector: Injector) throws(InjectionError) {
    guard !isResolved else { return }
    publish(try resolve(from: injector), from: injector, isBound: true)
  }

  /// Resolves the value from `injector`; overridden for optional and `Injectable` values.
  func resolve(from injector: Injector) throws(InjectionError) -> Value {
    try injector.resolve(Value.self, named: name)
  }

  private func resolveAndPublish() throws(InjectionError) -> Value {
    if isResolved { return resolved }
    guard let injector = resolvingInjector else {
      // Another thread may have published the value and released `current` since.
      if isResolved { return resolved }
      fatalError(
        """
        InjectionCore: the injector that built the owner of the @Injected \(key) \
        declared at \(site) was released before the property was resolved.
          fix: keep the injector alive while you use the objects it builds.
        """)
    }
    let value = try resolve(from: injector)
    publish(value, from: injector, isBound: false)
    return resolved
  }

  /// Publishes `value` unless another thread published first; either way, `resolved` holds the
  /// published value when it returns.
  private func publish(_ value: Value, from injector: Injector, isBound: Bool) {
    let (won, _) = state.compareExchange(
      expected: PublicationState.unresolved.rawValue,
      desired: PublicationState.publishing.rawValue, ordering: .acquiring)
    guard won else {
      // The winner is between two stores, running no user code: a short wait. Our own value is
      // released by the caller; everyone sees the winner's.
      while !isResolved { yieldThread() }
      return
    }
    storage.initialize(to: value)
    resolvedFrom = injector
    wasBound = isBound
    state.store(PublicationState.resolved.rawValue, ordering: .releasing)
    let released = current?.withLock { $0.take() }
    withExtendedLifetime(released) {}  // released here, outside the mutex
  }
}

/// Where an `@Injected` property's value is.
@usableFromInline
enum PublicationState: UInt8 {
  case unresolved
  /// One thread is storing the value.
  case publishing
  case resolved
}

/// Storage of an `@Injected` ``Injectable`` value: created automatically when unmapped.
///
/// `@unchecked Sendable`: adds no stored property to ``InjectedCell``.
@usableFromInline
final class InjectableCell<Value: Injectable>: InjectedCell<Value>, @unchecked Sendable {
  override func resolve(from injector: Injector) throws(InjectionError) -> Value {
    try injector.resolve(Value.self, named: name)
  }
}

/// Storage of an optional `@Injected` value: `nil` when unmapped.
///
/// `@unchecked Sendable`: adds no stored property to ``InjectedCell``.
@usableFromInline
final class OptionalCell<Wrapped>: InjectedCell<Wrapped?>, @unchecked Sendable {
  override var key: InjectionKey { InjectionKey(Wrapped.self, named: name) }

  override var isOptional: Bool { true }

  override func resolve(from injector: Injector) throws(InjectionError) -> Wrapped? {
    try injector.resolve(Wrapped?.self, named: name)
  }
}

/// Storage of an `@Injected(all:)` collection: every contribution, in order.
///
/// `@unchecked Sendable`: adds no stored property to ``InjectedCell``.
@usableFromInline
final class CollectionCell<Element>: InjectedCell<[Element]>, @unchecked Sendable {
  override func resolve(from injector: Injector) throws(InjectionError) -> [Element] {
    try injector.resolveAll(Element.self, named: name)
  }
}

/// Storage of an `@Injected(all:keyedBy:)` keyed collection: every entry in force.
///
/// `@unchecked Sendable`: adds no stored property to ``InjectedCell``.
@usableFromInline
final class KeyedCollectionCell<EntryKey: Hashable & Sendable, Element>:
  InjectedCell<[EntryKey: Element]>, @unchecked Sendable
{
  override func resolve(from injector: Injector) throws(InjectionError) -> [EntryKey: Element] {
    try injector.resolveAll(Element.self, keyedBy: EntryKey.self, named: name)
  }
}
