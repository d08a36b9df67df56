/// A scope whose values are never shared between threads: ``transient`` or ``graph``.
///
/// The `map` methods that take an `UnsharedScope` accept any type, `Sendable` or not, because
/// no value they build is handed to two threads:
///
/// ```swift
/// final class OrderService: Injectable { … }   // not Sendable
/// injector.map(OrderService.self, scope: .graph) { _ in OrderService() }
/// injector.map((any Engine).self, scope: .transient, with: HybridEngine.init)
/// ```
///
/// A scope that shares one value between threads (``Scope/singleton``,
/// ``Scope/eagerSingleton``, ``Scope/weak``) is a ``Scope``, and its `map` methods take only
/// `Sendable` types. So does a ``Scope`` held in a variable: the compiler cannot know which
/// scope it holds. For a `Sendable` type, `scope: .transient` picks the ``Scope`` form; both
/// make the same mapping.
public enum UnsharedScope: Sendable, Hashable, CustomStringConvertible {
  /// A new value for every resolution: ``Scope/transient``.
  case transient

  /// One value per top-level resolution, kept on the resolving thread: ``Scope/graph``.
  case graph

  /// The ``Scope`` it stands for.
  public var scope: Scope {
    switch self {
    case .transient: .transient
    case .graph: .graph
    }
  }

  /// The scope's name, as in source code: `transient` or `graph`.
  public var description: String { scope.description }
}
