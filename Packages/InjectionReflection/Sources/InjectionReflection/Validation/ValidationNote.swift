public import InjectionCore

/// Something validation found that works, but that you may want to know.
public enum ValidationNote: Sendable, Hashable, CustomStringConvertible {
  /// An optional dependency whose key is not mapped: the property or resolution gets `nil`.
  case optionalNotMapped(key: InjectionKey, path: [InjectionKey])

  /// Values that need each other, legally: singletons that meet through `@Injected` properties
  /// or hooks. `path` goes around the cycle (`Pilot -> Plane -> Pilot`).
  case allowedCycle(path: [InjectionKey])

  /// One line for a person.
  public var description: String {
    switch self {
    case .optionalNotMapped(let key, let path):
      return "optional \(key) is not mapped, so it is nil\(ValidationProblem.neededBy(path))"
    case .allowedCycle(let path):
      return """
        allowed cycle: \(path.map(\.description).joined(separator: " -> ")) \
        (singletons that meet through @Injected or hooks)
        """
    }
  }
}
