/// The arguments of one resolution of a mapping that takes arguments, on their way from
/// `resolve(_:named:arguments:)` to the mapping's factory.
///
/// The factory downcasts it to ``Arguments`` of the types it takes: a class cast, which
/// compares metadata, where a cast of `Any` to each argument's type would ask the runtime's
/// dynamic cast machinery.
class ArgumentList {
  /// The arguments' types, as code writes them, for diagnostics.
  var typeNames: [String] { [] }

  /// The names of `types`, as code writes them.
  static func typeNames<First, each Rest>(
    of first: First.Type, _ rest: repeat (each Rest).Type
  ) -> [String] {
    var names = [name(of: first)]
    for type in repeat each rest {
      names.append(name(of: type))
    }
    return names
  }

  private static func name(of type: any Any.Type) -> String {
    InjectionKey(typeName: String(reflecting: type)).unqualifiedTypeName
  }
}

/// Arguments of known types.
final class Arguments<First, each Rest>: ArgumentList {
  let first: First
  let rest: (repeat each Rest)

  init(_ first: First, _ rest: repeat each Rest) {
    self.first = first
    self.rest = (repeat each rest)
  }

  override var typeNames: [String] {
    Self.typeNames(of: First.self, repeat (each Rest).self)
  }
}

/// How a mapping that takes arguments builds a value from one resolution's arguments: what its
/// ``Registration`` adds for it.
///
/// The arguments are a parameter of the call, from `resolve(_:named:arguments:)` to the
/// factory: nothing else on the thread (a nested resolution, an observer, a hook) can see or
/// change them.
final class ArgumentRecipe<T>: Sendable {
  /// Builds a value from the injector and the arguments, or throws
  /// ``InjectionError/argumentMismatch(key:expected:given:)`` for arguments of other types.
  let make: @Sendable (Injector, ArgumentList) throws -> T
  /// The values of a mapping cached per argument (``PerArgumentScope``), one registration per
  /// distinct argument value; `nil` for a transient mapping.
  let cache: ArgumentCache<T>?

  init(
    make: @escaping @Sendable (Injector, ArgumentList) throws -> T,
    cache: ArgumentCache<T>? = nil
  ) {
    self.make = make
    self.cache = cache
  }

  /// This recipe for a copy of its registration: itself if it caches nothing, else a recipe
  /// with the same factory and an empty cache, so that two registrations never share a value.
  func makeCopy() -> ArgumentRecipe<T> {
    guard let cache else { return self }
    return ArgumentRecipe(make: make, cache: cache.makeEmptyCopy())
  }
}
