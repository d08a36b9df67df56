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
    /// ``ValidationNote/unverifiedArguments(key:path:)``.
    case unverifiedArguments
    /// ``ValidationNote/duplicateMapping(key:owner:shadowed:)``.
    case duplicateMapping
  }

  /// An optional dependency whose key is not mapped: the property or resolution gets `nil`.
  case optionalNotMapped(key: InjectionKey, path: [InjectionKey])

  /// Values that need each other, legally: singletons that meet through `@Injected` properties
  /// or hooks, or a cycle that a `Provider` or `Lazy` closes (it resolves its value later; the
  /// description names it). `path` goes around the cycle (`Pilot -> Plane -> Pilot`).
  case allowedCycle(path: [InjectionKey])

  /// A value that the synchronous validation does not build, because its `@MainActor` factory
  /// cannot run off the main actor, where validation ran, and whose key the caller allowed
  /// unchecked (``ValidationArguments/unchecked(_:named:)``; without that, it is a
  /// ``ValidationProblem/factoryFailed(key:path:error:)`` problem). `path` is what needed it,
  /// ending with `key`. What it needs in turn is not checked; the `async` validation builds it.
  ///
  /// An `async` factory is never noted: the synchronous validation uses the value `prepare()`
  /// built, and reports one it could not use as a problem.
  case notBuiltSynchronously(key: InjectionKey, path: [InjectionKey], reason: String)

  /// A mapping that takes arguments, which validation did not check because the caller allowed
  /// it unchecked (``ValidationArguments/unchecked(_:named:)``). `path` leads to the
  /// `Provider` that the app calls with them, or is empty.
  case unverifiedArguments(key: InjectionKey, path: [InjectionKey])

  /// A key mapped more than once in one injector: by two modules, or directly and by a module.
  /// The mapping made last (by `owner`) is active and shadows the others (`shadowed`, the most
  /// recent first); removing its module brings back the one below. An accidental shadow shows
  /// here: a module that maps a key another module maps too.
  case duplicateMapping(
    key: InjectionKey, owner: MappingSnapshot.Owner, shadowed: [MappingSnapshot.Owner])

  /// Which case the note is.
  public var kind: Kind {
    switch self {
    case .optionalNotMapped: .optionalNotMapped
    case .allowedCycle: .allowedCycle
    case .notBuiltSynchronously: .notBuiltSynchronously
    case .unverifiedArguments: .unverifiedArguments
    case .duplicateMapping: .duplicateMapping
    }
  }

  /// The key the note is about; for a cycle, the key where it starts and ends.
  public var key: InjectionKey {
    switch self {
    case .optionalNotMapped(let key, _), .notBuiltSynchronously(let key, _, _),
      .unverifiedArguments(let key, _), .duplicateMapping(let key, _, _):
      key
    case .allowedCycle(let path): path.first ?? InjectionKey(typeName: "(empty cycle)")
    }
  }

  /// What needed ``key``, outermost first, without `key` itself (the case's `path` of
  /// ``notBuiltSynchronously(key:path:reason:)`` ends with its key; this one does not); the
  /// whole cycle for a cycle.
  public var path: [InjectionKey] {
    switch self {
    case .optionalNotMapped(_, let path), .allowedCycle(let path),
      .unverifiedArguments(_, let path):
      path
    case .duplicateMapping: []
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
      let cycle = path.map(\.description).joined(separator: " -> ")
      guard let closing = path.first(where: Self.resolvesLater) else {
        return "allowed cycle: \(cycle) (singletons that meet through @Injected or hooks)"
      }
      return """
        allowed cycle: \(cycle) (closed by \(closing), which resolves its value later, when \
        called or read)
        """
    case .notBuiltSynchronously(let key, let path, let reason):
      return """
        \(key) is not built by validation: \(reason)\(ValidationProblem.neededBy(path.dropLast()))
        """
    case .unverifiedArguments(let key, let path):
      return """
        \(key) takes arguments and is not checked, as allowed\(ValidationProblem.neededBy(path))
        """
    case .duplicateMapping(let key, let owner, let shadowed):
      return """
        \(key) is mapped more than once in one injector: \(Self.describe(owner)) shadows \
        \(shadowed.map(Self.describe).joined(separator: ", "))
        """
    }
  }
}

extension ValidationNote {
  /// Whether a key is that of a `Provider` or a `Lazy`, which resolves its value later.
  ///
  /// An edge from such a key closes no cycle of builds.
  /// Who made a mapping, for a person: `module GarageModule`, `a direct map`.
  static func describe(_ owner: MappingSnapshot.Owner) -> String {
    switch owner {
    case .direct: "a direct map"
    case .module(let name): "module \(InjectionKey(typeName: name).unqualifiedTypeName)"
    }
  }

  static func resolvesLater(_ key: InjectionKey) -> Bool {
    key.typeName.hasPrefix("InjectionCore.Provider<")
      || key.typeName.hasPrefix("InjectionCore.Lazy<")
  }

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
