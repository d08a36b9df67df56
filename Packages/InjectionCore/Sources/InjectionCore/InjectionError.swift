/// Why an injector could not give you what you asked for.
///
/// ``Injector/resolve(_:named:)-8za4a`` throws these as a typed error. `@Injected` cannot
/// throw, so it stops the program with the same ``description``. Every message names the key,
/// the path that asked for it, and the fix; ``notMapped(key:path:searched:)`` also names every
/// injector that was searched.
public indirect enum InjectionError: Error, CustomStringConvertible {
  /// Nothing is mapped for `key` in any injector that was searched, and the type cannot be
  /// created automatically (it is not ``Injectable``, or it is a protocol).
  ///
  /// - `path`: the keys that were being built when `key` was requested, outermost first.
  /// - `searched`: the labels of the injectors that were searched, the requesting one first.
  case notMapped(key: InjectionKey, path: [InjectionKey], searched: [String])

  /// Building `path.last` needs `path.last` again without a singleton in between.
  ///
  /// `path` names the whole cycle, for example `Car -> Engine -> Car`.
  case cycle(path: [InjectionKey])

  /// A factory, an `init`, or a module's `configure` threw an error of its own.
  ///
  /// - `key`: what was being built; `path`: the keys being built around it, outermost first.
  case factoryFailed(key: InjectionKey, path: [InjectionKey], underlying: any Error)

  /// A mapping cannot work as written, for example a `.weak` scope for a value that is not an
  /// object.
  case invalidMapping(key: InjectionKey, reason: String)

  /// The same module instance was added to an injector that already holds it.
  case moduleAlreadyAdded(module: String, injector: String)

  /// A full diagnostic: what failed, where it was asked for, and how to fix it.
  public var description: String {
    switch self {
    case .notMapped(let key, let path, let searched):
      return """
        Nothing is mapped for \(key).
          requested by: \(Self.render(path + [key]))
          injectors searched: \(searched.map { "\"\($0)\"" }.joined(separator: " -> "))
          fix: \(Self.fix(forUnmapped: key))
        """
    case .cycle(let path):
      return """
        Dependency cycle: \(Self.render(path)).
          fix: make one of these a singleton (singletons may need each other through @Injected), \
        or break the cycle by reading one dependency later instead of during construction.
        """
    case .factoryFailed(let key, let path, let underlying):
      return """
        Building \(key) failed: \(underlying)
          requested by: \(Self.render(path + [key]))
          fix: the error above comes from the factory, init or module that builds \(key.typeName).
        """
    case .invalidMapping(let key, let reason):
      return """
        Invalid mapping for \(key): \(reason)
        """
    case .moduleAlreadyAdded(let module, let injector):
      return """
        The module \(module) is already added to injector "\(injector)".
          fix: remove it first with injector.removeModule(_:), or add a new instance.
        """
    }
  }

  /// What to type for an unmapped key: the mapping call spelled as the key's type is written
  /// in code (`(any Vehicle).self` for a protocol, `Car.self` otherwise), and auto-creation
  /// only where it can apply.
  private static func fix(forUnmapped key: InjectionKey) -> String {
    let named = key.name.map { ", named: \"\($0)\"" } ?? ""
    guard let spelling = key.spelling else {
      return """
        map it with injector.map(\(key.typeName).self\(named)) { _ in … } \
        (for a protocol: (any \(key.typeName)).self), or conform a concrete type to Injectable \
        so that it is created automatically.
        """
    }
    if spelling.isProtocol {
      return """
        map it to a type that conforms to \(spelling.type): \
        injector.map((any \(spelling.type)).self\(named)) { _ in … }.
        """
    }
    let mapping = "injector.map(\(spelling.type).self\(named)) { _ in … }"
    guard key.name == nil else {
      return "map it with \(mapping); a named key is never created automatically."
    }
    return """
      map it with \(mapping), or conform \(spelling.type) to Injectable (with init()) so that \
      it is created automatically.
      """
  }

  private static func render(_ path: [InjectionKey]) -> String {
    guard path.count > 1 else { return path.first.map { "resolve(\($0))" } ?? "resolve" }
    return path.map(\.description).joined(separator: " -> ")
  }
}
