public import Synchronization

/// Where an `@Injected` property is declared, for diagnostics.
struct DeclarationSite: Sendable, CustomStringConvertible {
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
/// The resolved value lives in a heap box published once through an atomic pointer, so a read
/// after the first is one acquiring load and a field read: no lock, no reference counting of the
/// cell or the box.
///
/// `@unchecked Sendable`: `published` is an atomic pointer written once by compare-and-exchange;
/// `current` is a mutex; every other stored property is immutable.
@usableFromInline
class InjectedCell<Value>: InjectedCellBase, @unchecked Sendable {
  @usableFromInline
  final class Box {
    @usableFromInline let value: Value
    init(_ value: Value) { self.value = value }
  }

  /// `+1` retained `Box`, written once.
  @usableFromInline let published = Atomic<UnsafeRawPointer?>(nil)
  /// The injector that built the owner; weak, so that a singleton does not keep it alive.
  private weak let builder: Injector?
  /// The current injector when no injector built the owner; released once the value is
  /// published, so that a resolved property does not keep the injector alive.
  private let current: Lock<Injector?>
  let name: String?
  let site: DeclarationSite

  init(name: String?, site: DeclarationSite) {
    self.name = name
    self.site = site
    if let context = ResolutionContext.building {
      builder = context.buildingInjector
      current = Lock(nil)
      super.init()
      context.register(self)
    } else {
      builder = nil
      current = Lock(Injector.current)
      super.init()
    }
  }

  deinit {
    if let pointer = published.load(ordering: .acquiring) {
      Unmanaged<Box>.fromOpaque(pointer).release()
    }
  }

  /// The value; resolved on the first read.
  @inlinable
  final var value: Value {
    if let pointer = published.load(ordering: .acquiring) {
      return Unmanaged<Box>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
    }
    return resolveOnFirstRead()
  }

  @usableFromInline
  final func resolveOnFirstRead() -> Value {
    do {
      return try resolveAndPublish()
    } catch {
      fatalError(
        "InjectionCore: \(error)\n  while reading the @Injected property declared at \(site)")
    }
  }

  override final func resolveEagerly() throws(InjectionError) {
    _ = try resolveAndPublish()
  }

  /// Resolves the value from `injector`; overridden for optional and `Injectable` values.
  func resolve(from injector: Injector) throws(InjectionError) -> Value {
    try injector.resolve(Value.self, named: name)
  }

  private func resolveAndPublish() throws(InjectionError) -> Value {
    if let pointer = published.load(ordering: .acquiring) {
      return Unmanaged<Box>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
    }
    guard let injector = builder ?? current.withLock({ $0 }) else {
      // Another thread may have published the value and released `current` since.
      if let pointer = published.load(ordering: .acquiring) {
        return Unmanaged<Box>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
      }
      fatalError(
        """
        InjectionCore: the injector that built the owner of the @Injected \(Value.self) \
        declared at \(site) was released before the property was resolved.
          fix: keep the injector alive while you use the objects it builds.
        """)
    }
    let value = try resolve(from: injector)
    let box = Unmanaged.passRetained(Box(value)).toOpaque()
    let (exchanged, original) = published.compareExchange(
      expected: nil, desired: UnsafeRawPointer(box), successOrdering: .acquiringAndReleasing,
      failureOrdering: .acquiring)
    guard !exchanged, let original else {
      let released = current.withLock { $0.take() }
      withExtendedLifetime(released) {}  // released here, outside the lock
      return value
    }
    // Another thread published first: everyone sees its value.
    Unmanaged<Box>.fromOpaque(box).release()
    return Unmanaged<Box>.fromOpaque(original)._withUnsafeGuaranteedRef { $0.value }
  }
}

/// Storage of an `@Injected` ``Injectable`` value: created automatically when unmapped.
///
/// `@unchecked Sendable`: adds no stored property to ``InjectedCell``.
final class InjectableCell<Value: Injectable>: InjectedCell<Value>, @unchecked Sendable {
  override func resolve(from injector: Injector) throws(InjectionError) -> Value {
    try injector.resolve(Value.self, named: name)
  }
}

/// Storage of an optional `@Injected` value: `nil` when unmapped.
///
/// `@unchecked Sendable`: adds no stored property to ``InjectedCell``.
final class OptionalCell<Wrapped>: InjectedCell<Wrapped?>, @unchecked Sendable {
  override func resolve(from injector: Injector) throws(InjectionError) -> Wrapped? {
    try injector.resolve(Wrapped?.self, named: name)
  }
}
