/// A dependency resolved after its owner is built: a ``Provider`` or a ``Lazy`` value.
///
/// An add-on that looks at what an object needs (a dependency graph) sees the key such a value
/// resolves later, without resolving it:
///
/// ```swift
/// func laterKey(of value: Any) -> InjectionKey? {
///   (value as? any DeferredDependency)?.key
/// }
/// ```
///
/// Only ``Provider`` and ``Lazy`` conform; the library does not look for other conformances.
public protocol DeferredDependency {
  /// The key the value resolves when it is called or read.
  var key: InjectionKey { get }
}

extension Provider: DeferredDependency {}
extension Lazy: DeferredDependency {}
