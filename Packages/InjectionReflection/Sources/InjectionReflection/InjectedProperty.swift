public import InjectionCore

/// One `@Injected` property of an object or value, as `Mirror` finds it.
///
/// ```swift
/// for property in injectedProperties(of: car) {
///   print(property)  // "engine: Engine, resolved, from "app" (declared in Car)"
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

  /// The label of the injector it resolves from, while that is known (see
  /// `InjectionPoint.injector`).
  public let injectorLabel: String?

  /// Creates a description.
  ///
  /// - Parameters:
  ///   - name: The property's name.
  ///   - declaringType: The type that declares it.
  ///   - key: The key it resolves.
  ///   - isOptional: Whether it is optional.
  ///   - isResolved: Whether it has its value.
  ///   - injectorLabel: The label of the injector it resolves from, if known.
  public init(
    name: String, declaringType: String, key: InjectionKey, isOptional: Bool, isResolved: Bool,
    injectorLabel: String?
  ) {
    self.name = name
    self.declaringType = declaringType
    self.key = key
    self.isOptional = isOptional
    self.isResolved = isResolved
    self.injectorLabel = injectorLabel
  }

  /// One line: `engine: Engine, resolved, from "app" (declared in Car)`.
  public var description: String {
    var parts = ["\(name): \(key)\(isOptional ? "?" : "")"]
    parts.append(isResolved ? "resolved" : "unresolved")
    if let injectorLabel { parts.append("from \"\(injectorLabel)\"") }
    return parts.joined(separator: ", ") + " (declared in \(declaringType))"
  }
}

/// The `@Injected` properties of `subject`, in declaration order: its root class's first, then
/// each subclass's down to its own type's.
///
/// - Parameter subject: An object or a value; anything else has none.
/// - Returns: A description of each property.
public func injectedProperties(of subject: Any) -> [InjectedProperty] {
  InjectionPoints(of: subject).map { found in
    InjectedProperty(
      name: found.name, declaringType: found.declaringType, key: found.point.key,
      isOptional: found.point.isOptional, isResolved: found.point.isResolved,
      injectorLabel: found.point.injector?.label)
  }
}
