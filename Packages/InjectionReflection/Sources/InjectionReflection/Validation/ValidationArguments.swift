public import InjectionCore

/// What validation does with a mapping that takes arguments: build it with sample arguments,
/// or leave it unchecked.
///
/// A mapping made with `map(_:named:taking:_:scope:_:)` is built from arguments the app gives
/// at each resolution, which validation does not have. Give it samples, and it is built with
/// them (at the top level, and through each `Provider` of its key that validation finds, with
/// the path to that provider); or allow it unchecked by key. Otherwise it is a
/// ``ValidationProblem/unverifiedArguments(key:path:)``, unless something validation ran
/// resolved it with arguments of its own (a factory that calls `resolve(_:arguments:)`).
///
/// ```swift
/// try injector.validate(
///   roots: PlaceOrderHandler.self,
///   arguments: [.sample(42, for: LookupHandler.self), .unchecked(ReceiptPrinter.self)])
/// ```
public struct ValidationArguments: Sendable {
  /// The key the arguments are for.
  public let key: InjectionKey
  /// The sample, or `nil` for a key allowed unchecked.
  let sample: (any ArgumentSample)?

  /// Sample arguments to build the mapping of `type` (and `name`) with, in the order the
  /// mapping takes them.
  ///
  /// ```swift
  /// .sample(Color.red, "GT", for: Car.self, named: "painted")
  /// ```
  ///
  /// Give several samples for one key to run several branches of its factory: each is built.
  /// The arguments are `Sendable`, since the `async` validation may use them on another task.
  /// A sample for an excluded key is not used.
  ///
  /// - Parameters:
  ///   - first: The first argument.
  ///   - rest: The other arguments, in order.
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The sample.
  public static func sample<T, First: Sendable, each Rest: Sendable>(
    _ first: First, _ rest: repeat each Rest, for type: T.Type, named name: String? = nil
  ) -> Self {
    let sample = Sample<T, First, repeat each Rest>(name: name, first, repeat each rest)
    return Self(key: sample.key, sample: sample)
  }

  /// Allows the mapping of `type` (and `name`) to stay unchecked: validation reports it as a
  /// ``ValidationNote/unverifiedArguments(key:path:)`` note instead of a problem.
  ///
  /// It also allows a `@MainActor` factory that the synchronous validation, run off the main
  /// actor, cannot build: a ``ValidationNote/notBuiltSynchronously(key:path:reason:)`` note
  /// instead of a problem. The `async` validation builds it, and needs no allowance.
  ///
  /// - Parameters:
  ///   - type: The key's type.
  ///   - name: The key's name, or `nil` for the unnamed key.
  /// - Returns: The allowance.
  public static func unchecked<T>(_ type: T.Type, named name: String? = nil) -> Self {
    unchecked(InjectionKey(type, named: name))
  }

  /// Allows the mapping of `key` to stay unchecked, as ``unchecked(_:named:)-(T.Type,_)`` does.
  ///
  /// - Parameter key: The key, for example `InjectionKey(ReceiptPrinter.self)`.
  /// - Returns: The allowance.
  public static func unchecked(_ key: InjectionKey) -> Self {
    Self(key: key, sample: nil)
  }
}

/// Sample arguments of known types, for validation to resolve a key with.
protocol ArgumentSample: Sendable {
  /// Resolves the key with the sample, as `resolve(_:named:arguments:)` would.
  func resolve(in injector: Injector) throws(InjectionError)
  /// Calls `provider` with the sample, if it is a ``Provider`` of the key; returns whether it
  /// was one.
  func call(_ provider: any DeferredResolution) throws(InjectionError) -> Bool
}

/// The arguments of one sample.
final class Sample<T, First: Sendable, each Rest: Sendable>: ArgumentSample {
  let name: String?
  let first: First
  let rest: (repeat each Rest)

  init(name: String?, _ first: First, _ rest: repeat each Rest) {
    self.name = name
    self.first = first
    self.rest = (repeat each rest)
  }

  var key: InjectionKey { InjectionKey(T.self, named: name) }

  func resolve(in injector: Injector) throws(InjectionError) {
    _ = try injector.resolve(T.self, named: name, arguments: first, repeat each rest)
  }

  func call(_ provider: any DeferredResolution) throws(InjectionError) -> Bool {
    guard let provider = provider as? Provider<T> else { return false }
    _ = try provider(first, repeat each rest)
    return true
  }
}
