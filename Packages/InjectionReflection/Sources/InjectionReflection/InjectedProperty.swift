public import InjectionCore

/// One `@Injected` property of an object or value, as `Mirror` finds it.
///
/// ```swift
/// for property in injectedProperties(of: car) {
///   print(property)
///   // engine: Engine, resolved from "app" (bound by your code) (declared in Car)
///   // radio: Radio?, unresolved, would resolve from "shared" (the shared injector: …) (declared in Car)
/// }
/// ```
public struct InjectedProperty: Sendable, Hashable, CustomStringConvertible {
  /// The property's name, as declared (`engine` for `@Injected var engine`).
  public let name: String

  /// The type that declares it: the object's class or one of its superclasses.
  public let declaringType: String

  /// The key it resolves.
  public let key: InjectionKey

  /// Whether it is optional (`nil` when nothing is mapped).
  public let isOptional: Bool

  /// Whether it had its value when it was described.
  public let isResolved: Bool

  /// The label of the injector it resolved from (once resolved, while that injector lives), or
  /// of the one it would resolve from on its first read (see `InjectionPoint.injector`).
  public let injectorLabel: String?

  /// Why it resolves, or resolved, from that injector: its owner's builder, the current
  /// injector when its owner was created, the shared one, or one your code bound it to
  /// (`inject(into:)`).
  public let injectorSource: InjectorSource

  /// Creates a description.
  ///
  /// - Parameters:
  ///   - name: The property's name.
  ///   - declaringType: The type that declares it.
  ///   - key: The key it resolves.
  ///   - isOptional: Whether it is optional.
  ///   - isResolved: Whether it has its value.
  ///   - injectorLabel: The label of the injector it resolved or resolves from, if known.
  ///   - injectorSource: Why that injector.
  package init(
    name: String, declaringType: String, key: InjectionKey, isOptional: Bool, isResolved: Bool,
    injectorLabel: String?, injectorSource: InjectorSource
  ) {
    self.name = name
    self.declaringType = declaringType
    self.key = key
    self.isOptional = isOptional
    self.isResolved = isResolved
    self.injectorLabel = injectorLabel
    self.injectorSource = injectorSource
  }

  /// One line: `engine: Engine, resolved from "app" (its owner's builder) (declared in Car)`.
  public var description: String {
    let injector = injectorLabel.map { "\"\($0)\"" } ?? "a released injector"
    let state =
      isResolved
      ? "resolved from \(injector) (\(injectorSource))"
      : "unresolved, would resolve from \(injector) (\(injectorSource))"
    return "\(name): \(key)\(isOptional ? "?" : ""), \(state) (declared in \(declaringType))"
  }
}

/// The `@Injected` properties of `subject`, in declaration order: its root class's first, then
/// each subclass's down to its own type's.
///
/// Each names the injector it resolved from, or the one it would resolve from and why: an
/// object your code created outside any `withInjector` says it would resolve from `"shared"`,
/// until `inject(into:)` resolves it from the injector you pass, which it then names.
///
/// - Parameter subject: An object or a value; anything else has none.
/// - Returns: A description of each property.
public func injectedProperties(of subject: Any) -> [InjectedProperty] {
  InjectionPoints(of: subject).map { found in
    InjectedProperty(
      name: found.name, declaringType: found.declaringType, key: found.point.key,
      isOptional: found.point.isOptional, isResolved: found.point.isResolved,
      injectorLabel: found.point.injector?.label, injectorSource: found.point.injectorSource)
  }
}
