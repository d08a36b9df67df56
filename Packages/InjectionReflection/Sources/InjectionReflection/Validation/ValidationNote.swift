public import InjectionCore

/// Something validation found that works, but that you may want to know.
///
/// Every note has a ``kind``, a ``key`` and a ``path`` (see ``ValidationFinding``).
public enum ValidationNote: ValidationFinding {
  /// The kinds of note, one per case.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// ``ValidationNote/optionalNotMapped(key:path:)``.
    case optionalNotMapped
    /// ``ValidationNote/allowedCycle(path:)``.
    case allowedCycle
    /// ``ValidationNote/notBuiltSynchronously(key:path:reason:)``.
    case notBuiltSynchronously
  }

  /// An optional dependency whose key is not mapped: the property or resolution gets `nil`.
  case optionalNotMapped(key: InjectionKey, path: [InjectionKey])

  /// Values that need each other, legally: singletons that meet through `@Injected` properties
  /// or hooks. `path` goes around the cycle (`Pilot -> Plane -> Pilot`).
  case allowedCycle(path: [InjectionKey])

  /// A value that the synchronous validation does not build, because its `@MainActor` factory
  /// cannot run off the main actor, where validation ran. `path` is what needed it, ending with
  /// `key`. What it needs in turn is not checked; the `async` validation builds it.
  ///
  /// An `async` factory is never noted: the synchronous validation uses the value `prepare()`
  /// built, and reports one it could not use as a problem.
  case notBuiltSynchronously(key: InjectionKey, path: [InjectionKey], reason: String)

  /// Which case the note is.
  public var kind: Kind {
    switch self {
    case .optionalNotMapped: .optionalNotMapped
    case .allowedCycle: .allowedCycle
    case .notBuiltSynchronously: .notBuiltSynchronously
    }
  }

  /// The key the note is about; for a cycle, the key where it starts and ends.
  public var key: InjectionKey {
    switch self {
    case .optionalNotMapped(let key, _), .notBuiltSynchronously(let key, _, _): key
    case .allowedCycle(let path): path.first ?? InjectionKey(typeName: "(empty cycle)")
    }
  }

  /// What needed ``key``, outermost first, without `key` itself (the case's `path` of
  /// ``notBuiltSynchronously(key:path:reason:)`` ends with its key; this one does not); the
  /// whole cycle for a cycle.
  public var path: [InjectionKey] {
    switch self {
    case .optionalNotMapped(_, let path), .allowedCycle(let path): path
    case .notBuiltSynchronously(let key, let path, _):
      path.last == key ? Array(path.dropLast()) : path
    }
  }

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
