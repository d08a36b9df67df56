public import InjectionCore

/// Something that makes an injector fail at run time, found by validation.
///
/// Every problem has a ``kind``, a ``key`` and a ``path`` (see ``ValidationFinding``).
public enum ValidationProblem: ValidationFinding {
  /// The kinds of problem, one per case.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// ``ValidationProblem/missingMapping(key:path:)``.
    case missingMapping
    /// ``ValidationProblem/cycle(path:)``.
    case cycle
    /// ``ValidationProblem/factoryFailed(key:path:error:)``.
    case factoryFailed
    /// ``ValidationProblem/invalidMapping(key:reason:)``.
    case invalidMapping
    /// ``ValidationProblem/hookNeverCalled(key:)``.
    case hookNeverCalled
    /// ``ValidationProblem/eagerSingletonFailed(key:error:)``.
    case eagerSingletonFailed
    /// ``ValidationProblem/unverifiedArguments(key:path:)``.
    case unverifiedArguments
    /// ``ValidationProblem/captiveDependency(key:holder:path:reason:)``.
    case captiveDependency
  }

  /// Nothing is mapped for `key`, and it cannot be created automatically; `path` is what
  /// needed it, outermost first.
  case missingMapping(key: InjectionKey, path: [InjectionKey])

  /// Building a value needs that value again without a singleton in between; `path` names the
  /// whole cycle (`Car -> Engine -> Car`).
  case cycle(path: [InjectionKey])

  /// The factory, initializer or module that builds `key` threw `error` (its description).
  case factoryFailed(key: InjectionKey, path: [InjectionKey], error: String)

  /// A mapping that cannot work as written, such as a `.weak` scope for a value type.
  case invalidMapping(key: InjectionKey, reason: String)

  /// The type of `key` conforms to `InjectionCompletable`, but it is mapped where the compiler
  /// could not see that (a generic helper without the constraint), so its hook never runs.
  case hookNeverCalled(key: InjectionKey)

  /// The eager singleton `key` could not be built when the injector was copied; `error` is the
  /// diagnostic.
  case eagerSingletonFailed(key: InjectionKey, error: String)

  /// The mapping of `key` takes arguments, and validation had none to build it with, so what
  /// it needs is not checked; `path` leads to the `Provider` that the app calls with them, or
  /// is empty for a mapping that nothing validation ran reached.
  ///
  /// Give validation sample arguments for the key
  /// (``ValidationArguments/sample(_:_:for:named:)``), or allow it unchecked
  /// (``ValidationArguments/unchecked(_:named:)``), which makes it a note.
  case unverifiedArguments(key: InjectionKey, path: [InjectionKey])
  /// A value that lives longer, `holder`, keeps a value of `key` that should live shorter (a
  /// captive dependency): a singleton or eager singleton that resolves a `.weak` or `.graph`
  /// value or one of a resettable scope while it is built; a value of a resettable scope that
  /// resolves a `.graph` value or one of another resettable scope; or a value an ancestor
  /// injector caches that resolves a key a nearer injector maps, which it never sees.
  ///
  /// `path` is what needed `key`, outermost first, with `holder` in it; `reason` says what
  /// outlives what, and its second line is the fix. A transient that a singleton holds is not
  /// a captive, nor is a `Provider` that the holder calls later. When the reset that the holder
  /// outlives also disposes the held value (it is `InjectionDisposable`, see
  /// `MappingSnapshot.disposal` of InjectionCore), `reason` says that the holder uses it after its
  /// disposal.
  case captiveDependency(
    key: InjectionKey, holder: InjectionKey, path: [InjectionKey], reason: String)

  /// Which case the problem is.
  public var kind: Kind {
    switch self {
    case .missingMapping: .missingMapping
    case .cycle: .cycle
    case .factoryFailed: .factoryFailed
    case .invalidMapping: .invalidMapping
    case .hookNeverCalled: .hookNeverCalled
    case .eagerSingletonFailed: .eagerSingletonFailed
    case .unverifiedArguments: .unverifiedArguments
    case .captiveDependency: .captiveDependency
    }
  }

  /// The key the problem is about; for a cycle, the key where it starts and ends (the first of
  /// its path).
  public var key: InjectionKey {
    switch self {
    case .missingMapping(let key, _), .factoryFailed(let key, _, _), .invalidMapping(let key, _),
      .hookNeverCalled(let key), .eagerSingletonFailed(let key, _),
      .unverifiedArguments(let key, _),
      .captiveDependency(let key, _, _, _):
      key
    case .cycle(let path): path.first ?? InjectionKey(typeName: "(empty cycle)")
    }
  }

  /// What needed ``key``, outermost first; the whole cycle for a cycle; empty for a hook that
  /// never runs, an invalid mapping and an eager singleton (each is about a mapping, which
  /// nothing needed when it failed).
  public var path: [InjectionKey] {
    switch self {
    case .missingMapping(_, let path), .factoryFailed(_, let path, _), .cycle(let path),
      .unverifiedArguments(_, let path),
      .captiveDependency(_, _, let path, _):
      path
    case .invalidMapping, .hookNeverCalled, .eagerSingletonFailed: []
    }
  }

  /// One line for a person.
  public var description: String {
    switch self {
    case .missingMapping(let key, let path):
      return "missing mapping: \(key)\(Self.neededBy(path))"
    case .cycle(let path):
      return "cycle: \(path.map(\.description).joined(separator: " -> "))"
    case .factoryFailed(let key, let path, let error):
      // The path ends the error's first line; the lines after it (a fix) follow.
      let lines = error.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      let rest = lines.dropFirst().map { "\n\($0)" }.joined()
      return "building \(key) threw \(lines.first ?? "")\(Self.neededBy(path))\(rest)"
    case .invalidMapping(let key, let reason):
      return "invalid mapping for \(key): \(reason)"
    case .hookNeverCalled(let key):
      return """
        the injection-complete hook of \(key) never runs: it is mapped where the compiler could \
        not see InjectionCompletable (map it with a helper constrained to InjectionCompletable)
        """
    case .eagerSingletonFailed(let key, let error):
      return "eager singleton \(key) failed: \(error.split(separator: "\n").first ?? "")"
    case .unverifiedArguments(let key, let path):
      let type = key.metatypeInCode + (key.name.map { ", named: \"\($0)\"" } ?? "")
      return """
        \(key) takes arguments, and validation has no sample of them, so it is not \
        checked\(Self.neededBy(path))
          fix: give validation arguments: [.sample(…, for: \(type))] to build it with sample \
        arguments, or arguments: [.unchecked(\(type))] to allow it unchecked
        """
    case .captiveDependency(let key, _, let path, let reason):
      // The path ends the reason's first line; the fix follows.
      let lines = reason.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      let rest = lines.dropFirst().map { "\n\($0)" }.joined()
      return "captive dependency: \(key) \(lines.first ?? "")\(Self.neededBy(path))\(rest)"
    }
  }

  static func neededBy(_ path: some Collection<InjectionKey>) -> String {
    path.isEmpty ? "" : ", needed by \(path.map(\.description).joined(separator: " -> "))"
  }

  /// The problem an error of a resolution stands for.
  init(_ error: InjectionError) {
    switch error {
    case .notMapped(let key, let path, _, _): self = .missingMapping(key: key, path: path)
    case .cycle(let path): self = .cycle(path: path)
    case .factoryFailed(let key, let path, let underlying):
      self = .factoryFailed(key: key, path: path, error: "\(underlying)")
    case .invalidMapping(let key, let reason): self = .invalidMapping(key: key, reason: reason)
    case .moduleAlreadyAdded(let module, _):
      self = .invalidMapping(key: InjectionKey(typeName: module), reason: "\(error)")
    case .argumentMismatch(let key, _, _), .injectorReleased(let key),
      .asyncMapping(let key, _), .actorIsolated(let key, _, _), .cancelled(let key),
      .shutDown(_, let key):
      self = .invalidMapping(key: key, reason: "\(error)")
    }
  }
}
