/// Why an injector could not give you what you asked for.
///
/// ``Injector/resolve(_:named:)-8za4a`` throws these as a typed error. `@Injected` cannot
/// throw, so it stops the program with the same ``description``. Every message names the key,
/// the path that asked for it, and the fix; ``notMapped(key:path:searched:mappedNames:)`` also
/// names every injector that was searched and the names its type is mapped with. Types are
/// written as code writes them (`Engine`), module-qualified only where two types in one message
/// share a name. `Documentation/Errors.md` gives each case's cause, fix and an example message.
public indirect enum InjectionError: Error, CustomStringConvertible {
  /// Nothing is mapped for `key` in any injector that was searched, and the type cannot be
  /// created automatically (it is not ``Injectable``, or it is a protocol).
  ///
  /// - `path`: the keys that were being built when `key` was requested, outermost first.
  /// - `searched`: the labels of the injectors that were searched, the requesting one first.
  /// - `mappedNames`: the names that `key`'s type is mapped with in those injectors, `nil` for
  ///   its unnamed mapping, unnamed first and then in alphabetical order; empty when the type
  ///   is not mapped at all. The message suggests the closest one for a misspelled name. Sorted
  ///   only when read (see ``MappedNames``): a miss costs about what a hit costs.
  case notMapped(
    key: InjectionKey, path: [InjectionKey], searched: [String], mappedNames: MappedNames = [])

  /// Building `path.last` needs `path.last` again without a singleton in between.
  ///
  /// `path` names the whole cycle, for example `Car -> Engine -> Car`.
  case cycle(path: [InjectionKey])

  /// A factory, an `init`, or a module's `configure` threw an error of its own.
  ///
  /// The message's fix points at the code that builds `key`, or is the underlying error's own
  /// when it is ``Diagnosable``.
  ///
  /// - `key`: what was being built; `path`: the keys being built around it, outermost first.
  case factoryFailed(key: InjectionKey, path: [InjectionKey], underlying: any Error)

  /// A mapping cannot work as written, for example a `.weak` scope for a value that is not an
  /// object.
  case invalidMapping(key: InjectionKey, reason: String)

  /// The same module instance was added to an injector that already holds it.
  case moduleAlreadyAdded(module: String, injector: String)

  /// A ``Provider`` or ``Lazy`` value was used after the injector it is bound to was released.
  case injectorReleased(key: InjectionKey)

  /// A mapping that takes arguments was resolved without them or with other types, or a
  /// mapping that takes none was resolved with arguments.
  ///
  /// - `expected`: the argument types the mapping takes, as code writes them (empty for none).
  /// - `given`: the argument types of the resolution (empty for none).
  case argumentMismatch(key: InjectionKey, expected: [String], given: [String])

  /// A mapping with an `async` factory was resolved synchronously, before its value was built.
  ///
  /// Resolve it with ``Injector/resolveAsync(_:named:)->T`` (through a ``Provider``, with
  /// ``Provider/resolveAsync()``; through a ``Lazy``, with ``Lazy/valueAsync``), or build it at start-up with
  /// ``Injector/prepare()`` (as an ``Scope/eagerSingleton``) or ``Injector/prepare(_:)``:
  /// once its value is cached, synchronous resolutions and `@Injected` reads return it.
  ///
  /// - `path`: the keys being built when it was asked for, outermost first, ending with `key`.
  case asyncMapping(key: InjectionKey, path: [InjectionKey])

  /// A mapping whose factory is isolated to a global actor (`@MainActor`) was resolved
  /// synchronously off that actor, so its factory could not run.
  ///
  /// - `actor`: the actor's name, such as `MainActor`.
  /// - `path`: the keys being built when it was asked for, outermost first, ending with `key`.
  case actorIsolated(key: InjectionKey, actor: String, path: [InjectionKey])

  /// The task that was waiting for the value of `key` was cancelled.
  ///
  /// Only the waiting task gives up: the build goes on for every other task that waits for it,
  /// and its value is cached as usual.
  case cancelled(key: InjectionKey)

  /// The injector that was asked for `key` was shut down (``Injector/shutdown(timeout:)``): from the
  /// moment its shutdown begins it builds and resolves nothing, so that no value is made that
  /// would never be disposed.
  ///
  /// - `injector`: the label of the injector that was shut down (the one asked, or the ancestor
  ///   whose mapping the resolution reached).
  /// - `key`: what was asked for (for ``Injector/addModule(_:)``, the module's type).
  case shutDown(injector: String, key: InjectionKey)

  /// A full diagnostic: what failed, where it was asked for, and how to fix it.
  public var description: String {
    switch self {
    case .notMapped(let key, let path, let searched, let mappedNames):
      // Looked for only now, as the message is rendered: a miss takes no list and scans nothing.
      let sameNamed = mappedNames.keysOfOtherTypes(namedLike: key)
      let names = KeyNames(path + [key] + sameNamed)
      var lines = [
        "Nothing is mapped for \(names[key]).",
        "  requested by: \(names.render(path + [key]))",
        "  injectors searched: \(searched.map { "\"\($0)\"" }.joined(separator: " -> "))",
      ]
      if !mappedNames.isEmpty {
        let mapped = mappedNames.map { $0.map { "named \"\($0)\"" } ?? "unnamed" }
        lines.append(
          "  \(names.type(of: key)) is mapped: \(mapped.joined(separator: ", "))")
      }
      if !sameNamed.isEmpty {
        let others = sameNamed.map { names[$0] }.joined(separator: ", ")
        lines.append(
          """
            a different type of that name is mapped: \(others); check which \
          \(key.unqualifiedTypeName) the code that asks means (its imports)
          """)
      }
      lines.append("  fix: \(Self.fix(forUnmapped: key, names: names, mappedNames: mappedNames))")
      return lines.joined(separator: "\n")
    case .cycle(let path):
      let names = KeyNames(path)
      return """
        Dependency cycle: \(names.render(path)).
          fix: make one of these a singleton (singletons may need each other through @Injected), \
        or break the cycle by reading one dependency later instead of during construction.
        """
    case .factoryFailed(let key, let path, let underlying):
      let names = KeyNames(path + [key])
      let fix =
        (underlying as? any Diagnosable)?.fix
        ?? "the error above comes from the factory, init or module that builds \(names.type(of: key))."
      return """
        Building \(names[key]) failed: \(underlying)
          requested by: \(names.render(path + [key]))
          fix: \(fix)
        """
    case .invalidMapping(let key, let reason):
      return """
        Invalid mapping for \(key): \(reason)
        """
    case .argumentMismatch(let key, let expected, let given):
      let takes =
        expected.isEmpty ? "takes no arguments" : "takes (\(expected.joined(separator: ", ")))"
      let got =
        given.isEmpty
        ? "without arguments (resolve(_:named:), or an @Injected property)"
        : "with (\(given.joined(separator: ", ")))"
      let metatype = key.metatypeInCode
      let named = key.nameArgumentInCode
      let fix =
        expected.isEmpty
        ? "resolve it without arguments: try injector.resolve(\(metatype)\(named))"
        : """
        resolve it with them: try injector.resolve(\(metatype)\(named), arguments: …), or \
        inject a Provider<\(key.typeInCode)> and call it with them
        """
      return """
        The mapping of \(key) \(takes), but it was resolved \(got).
          fix: \(fix)
        """
    case .asyncMapping(let key, let path):
      let path = path.last == key ? path : path + [key]
      let names = KeyNames(path)
      let metatype = names.metatypeInCode(of: key)
      let named = key.nameArgumentInCode
      return """
        \(names[key]) is mapped with an async factory, and was resolved synchronously before \
        its value was built.
          requested by: \(names.render(path))
          fix: resolve it with try await injector.resolveAsync(\(metatype)\(named)) (through a \
        Provider<\(key.typeInCode)>: try await provider.resolveAsync(); a Lazy<\(key.typeInCode)>: \
        try await lazy.valueAsync), or build it before synchronous code needs it: try await injector.prepare() builds every async \
        .eagerSingleton, try await injector.prepare(InjectionKey(\(metatype)\(named))) builds \
        this one; synchronous resolutions and @Injected reads find it built from then on.
        """
    case .actorIsolated(let key, let actor, let path):
      let path = path.last == key ? path : path + [key]
      let names = KeyNames(path)
      let metatype = names.metatypeInCode(of: key)
      let named = key.nameArgumentInCode
      return """
        \(names[key]) is built on the \(actor), and was resolved synchronously off the \(actor).
          requested by: \(names.render(path))
          fix: resolve it from @\(actor) code, or with try await \
        injector.resolveAsync(\(metatype)\(named)), which runs its factory on the \(actor).
        """
    case .cancelled(let key):
      return """
        The task waiting for \(key) was cancelled.
          The build goes on for the other tasks that wait for it; resolve it again to wait anew.
        """
    case .shutDown(let injector, let key):
      return """
        Injector "\(injector)" was shut down, and was asked for \(key).
          fix: an injector resolves nothing after shutdown(): resolve before it, or from a new \
        injector (an app that starts again makes a new one).
        """
    case .injectorReleased(let key):
      return """
        The injector that resolves \(key) for a provider or a lazy value was released.
          fix: keep the injector alive while you use the objects it builds.
        """
    case .moduleAlreadyAdded(let module, let injector):
      return """
        The module \(InjectionKey.withoutModuleNames(module)) is already added to injector \
        "\(injector)".
          fix: remove it first with injector.removeModule(_:), or add a new instance.
        """
    }
  }

  /// What to type for an unmapped key: the name it was probably meant to have, the mapping call
  /// spelled as the key's type is written in code (`(any Vehicle).self` for a protocol,
  /// `Car.self` otherwise), and auto-creation only where it can apply.
  private static func fix(
    forUnmapped key: InjectionKey, names: KeyNames, mappedNames: MappedNames
  ) -> String {
    let type = names.type(of: key)
    let named = key.nameArgumentInCode
    let mapping = "injector.map(\(names.metatypeInCode(of: key))\(named)) { _ in … }"
    if let name = key.name, let closest = closestName(to: name, in: mappedNames) {
      return """
        did you mean named: "\(closest)"? Or map it with \(mapping); a named key is never \
        created automatically.
        """
    }
    if key.name == nil, !mappedNames.isEmpty {
      let first = mappedNames.first.flatMap { $0 } ?? ""
      return """
        \(type) is mapped only with names: ask for one of them (named: "\(first)"), or map \
        the unnamed key with \(mapping).
        """
    }
    switch (key.isProtocol, key.name) {
    case (nil, nil):
      return """
        map it with \(mapping) (for a protocol: (any \(type)).self), or conform a concrete \
        type to Injectable so that it is created automatically.
        """
    case (nil, _?):
      return """
        map it with \(mapping) (for a protocol: (any \(type)).self); a named key is never \
        created automatically.
        """
    case (true?, _):
      return "map it to a type that conforms to \(type): \(mapping)."
    case (false?, _?):
      return "map it with \(mapping); a named key is never created automatically."
    case (false?, nil):
      return """
        map it with \(mapping), or conform \(type) to Injectable (with init()) so that it is \
        created automatically.
        """
    }
  }

  /// The mapped name closest to `name`, by ``closestName(to:among:)``.
  static func closestName(to name: String, in mappedNames: MappedNames) -> String? {
    closestName(to: name, among: mappedNames.compactMap { $0 })
  }

  /// The candidate that `name` was most likely meant to be, by the rule every "did you mean" of
  /// the library's diagnostics follows: the same but for case, or at most one edit in three
  /// characters away (a typo); the nearest, alphabetically first among equals.
  ///
  /// For add-ons and tools that suggest names in their own messages the way Core does:
  ///
  /// ```swift
  /// InjectionError.closestName(to: "shiping", among: ["express", "shipping"])  // "shipping"
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name that was not found.
  ///   - candidates: The names that exist.
  /// - Returns: The closest candidate, or `nil` when none is that close.
  public static func closestName(to name: String, among candidates: some Sequence<String>)
    -> String?
  {
    let target = Array(name.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates.sorted() {
      let distance = editDistance(target, Array(candidate.lowercased()))
      guard distance <= max(1, target.count / 3) else { continue }
      if let best, best.distance <= distance { continue }
      best = (candidate, distance)
    }
    return best?.name
  }

  /// The Levenshtein distance of two character sequences.
  private static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    var previous = Array(0...rhs.count)
    for (i, left) in lhs.enumerated() {
      var current = [i + 1]
      for (j, right) in rhs.enumerated() {
        current.append(
          min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
      }
      previous = current
    }
    return previous[rhs.count]
  }
}
