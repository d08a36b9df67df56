/// The public face of an `@Injected` property, for code that finds one inside an object.
///
/// ``Injected`` conforms to it. An object's `@Injected` properties are its stored properties of
/// type `Injected<…>` (named with a leading underscore, `_engine`); `Mirror` lists them, for the
/// object's class and, through `superclassMirror`, every superclass:
///
/// ```swift
/// func resolveInjectedProperties(of object: AnyObject, from injector: Injector)
///   throws(InjectionError)
/// {
///   var mirror: Mirror? = Mirror(reflecting: object)
///   while let current = mirror {
///     for child in current.children {
///       guard let point = child.value as? any InjectionPoint else { continue }
///       try point.bind(to: injector)  // resolves now; a missing mapping is thrown here
///     }
///     mirror = current.superclassMirror
///   }
/// }
/// ```
///
/// That is how a value your own code created (`Car()`) gets its dependencies from a chosen
/// injector before its first read, with a thrown error instead of a stopped program.
public protocol InjectionPoint {
  /// The key the property resolves: its value's type (the wrapped type for an optional, such as
  /// `Engine` for `Engine?`) and its name.
  var key: InjectionKey { get }

  /// Whether the property is optional, and so `nil` when nothing is mapped for its key.
  var isOptional: Bool { get }

  /// Whether the property has its value; it keeps it from then on.
  var isResolved: Bool { get }

  /// The property's value once it is resolved, else `nil`; reading it never resolves it.
  ///
  /// Tools that look inside built objects read what a resolved property holds without the risk
  /// of a first read, which resolves the property and stops the program when that fails:
  ///
  /// ```swift
  /// func resolvedValues(of object: AnyObject) -> [Any] {
  ///   Mirror(reflecting: object).children.compactMap { child in
  ///     (child.value as? any InjectionPoint)?.resolvedValue
  ///   }
  /// }
  /// ```
  ///
  /// The value is the property's own, as its type declares it: an optional property resolved
  /// to `nil` gives a value that holds that `nil` (``isResolved`` tells it from an unresolved
  /// one), which a cast such as `as? Engine` rejects. The default implementation returns `nil`,
  /// for a conforming type that keeps no value; ``Injected`` returns its value.
  var resolvedValue: Any? { get }

  /// The injector the property resolves from, or resolved from once it has its value.
  ///
  /// Before the property is resolved: the one that built its owner (held weakly, so `nil` once
  /// it is released), or the one that was ``Injector/current`` when the owner was created
  /// (held strongly until the property is resolved). After: the injector its value came from,
  /// held weakly (`nil` once it is released), whichever path resolved it: a build, a first
  /// read, or ``bind(to:)``. ``injectorSource`` says why.
  var injector: Injector? { get }

  /// Why the property resolves, or resolved, from ``injector``.
  var injectorSource: InjectorSource { get }

  /// Resolves the property now from `injector`, unless it is resolved already.
  ///
  /// Binding a resolved property does nothing: it is never resolved twice, and the injector
  /// it got its value from stays its source. Use it on an object that no injector built,
  /// before the property's first read.
  ///
  /// - Parameter injector: The injector to resolve from.
  /// - Throws: ``InjectionError`` when the key cannot be resolved; the property then stays
  ///   unresolved, and a later read resolves it as before.
  func bind(to injector: Injector) throws(InjectionError)
}

extension InjectionPoint {
  /// `nil`: a conforming type that keeps a value implements ``resolvedValue`` to return it.
  public var resolvedValue: Any? { nil }
}

extension Injected: InjectionPoint {
  /// The key this property resolves: its value's type (the wrapped type for an optional) and
  /// its name.
  public var key: InjectionKey { cell.key }

  /// Whether this property is optional (`nil` when nothing is mapped).
  public var isOptional: Bool { cell.isOptional }

  /// Whether this property has its value.
  public var isResolved: Bool { cell.isResolved }

  /// This property's value once resolved, else `nil`; reading it never resolves it.
  public var resolvedValue: Any? { cell.resolvedValue }

  /// The injector this property resolves from, or resolved from (held weakly once resolved).
  public var injector: Injector? { cell.resolvingInjector }

  /// Why this property resolves, or resolved, from ``injector``.
  public var injectorSource: InjectorSource { cell.injectorSource }

  /// Resolves this property now from `injector`, unless it is resolved already.
  ///
  /// - Parameter injector: The injector to resolve from.
  /// - Throws: ``InjectionError`` when the key cannot be resolved; the property then stays
  ///   unresolved.
  public func bind(to injector: Injector) throws(InjectionError) {
    try cell.bind(to: injector)
  }
}
