/// Why an `@Injected` property resolves, or resolved, from the injector it names
/// (``InjectionPoint/injector``).
public enum InjectorSource: Sendable, Hashable, CustomStringConvertible {
  /// An injector built its owner: the property resolves from that injector.
  case builder

  /// No injector built its owner; the injector that was ``Injector/current`` when the owner
  /// was created (bound with ``withInjector(_:operation:)``) is the one it resolves from.
  case current

  /// No injector built its owner and none was bound with ``withInjector(_:operation:)`` when
  /// it was created: it resolves from ``Injector/shared``, unless your code binds it first.
  case shared

  /// Your code resolved it from an injector it chose, with ``InjectionPoint/bind(to:)`` (as
  /// `inject(into:)` of InjectionReflection does).
  case bound

  /// Why, in words: `its owner's builder`, `the current injector when its owner was created`,
  /// `the shared injector: nothing built its owner, none was current`, `bound by your code`.
  public var description: String {
    switch self {
    case .builder: "its owner's builder"
    case .current: "the current injector when its owner was created"
    case .shared: "the shared injector: nothing built its owner, none was current"
    case .bound: "bound by your code"
    }
  }
}
