/// One decorator of an injector, as ``Injector/snapshot()`` saw it.
///
/// An injector's decorators of one key apply in the order they were added, which is the order
/// ``InjectorSnapshot/decorators`` lists them in.
///
/// ```swift
/// let logging = injector.snapshot().decorators
///   .filter { $0.key == InjectionKey((any Engine).self) }
/// #expect(logging.map(\.owner) == [.direct])
/// ```
public struct DecoratorSnapshot: Hashable, Sendable, CustomStringConvertible {
  /// The key whose new values the decorator wraps.
  public let key: InjectionKey
  /// Who added it: the injector directly, or a module's `configure`.
  public let owner: MappingSnapshot.Owner

  /// Creates a decorator snapshot; ``Injector/snapshot()`` makes these.
  ///
  /// - Parameters:
  ///   - key: The decorated key.
  ///   - owner: Who added the decorator.
  package init(key: InjectionKey, owner: MappingSnapshot.Owner) {
    self.key = key
    self.owner = owner
  }

  /// One line: the key and who added the decorator, such as `any Engine: decorated, direct`.
  public var description: String { description(names: KeyNames([key])) }

  /// One line, with the key written as `names` writes it.
  func description(names: KeyNames) -> String {
    "\(names[key]): decorated, \(owner)"
  }
}
