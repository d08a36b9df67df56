public import InjectionCore

/// Something validation found that works, but that you may want to know.
public enum ValidationNote: Sendable, Hashable, CustomStringConvertible {
  /// An optional dependency whose key is not mapped: the property or resolution gets `nil`.
  case optionalNotMapped(key: InjectionKey, path: [InjectionKey])

  /// Values that need each other, legally: singletons that meet through `@Injected` properties
  /// or hooks. `path` goes around the cycle (`Pilot -> Plane -> Pilot`).
  case allowedCycle(path: [InjectionKey])

  /// A value that validation does not build, because building it needs Swift concurrency: an
  /// `async` factory (resolved with `resolveAsync`, or built by `prepare()`), or a
  /// `@MainActor` factory when validation runs off the main actor. `path` is what needed it,
  /// ending with `key`. What it needs in turn is not checked.
  case notBuiltSynchronously(key: InjectionKey, path: [InjectionKey], reason: String)

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
    case .notBuiltSynchronously(let key, let path, let reason):
      return """
        \(key) is not built by validation: \(reason)\(ValidationProblem.neededBy(path.dropLast()))
        """
    }
  }
}

extension ValidationNote {
  /// The note for an error that only says a value needs Swift concurrency to be built; `nil`
  /// for any other error.
  init?(notBuiltSynchronously error: InjectionError) {
    switch error {
    case .asyncMapping(let key, let path):
      self = .notBuiltSynchronously(
        key: key, path: path,
        reason: "its factory is async (it is built by resolveAsync or prepare())")
    case .actorIsolated(let key, let actor, let path):
      self = .notBuiltSynchronously(
        key: key, path: path,
        reason: "its factory runs on the \(actor), and validation ran off it")
    default:
      return nil
    }
  }
}
