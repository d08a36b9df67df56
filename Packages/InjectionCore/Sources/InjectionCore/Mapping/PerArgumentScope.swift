/// How long the values of a mapping that takes arguments live when they are cached: one value
/// per distinct argument value, the `scope:` of `map(_:named:taking:_:scope:_:)` for arguments
/// that are `Hashable`.
///
/// ```swift
/// injector.map(UserProfile.self, taking: UserID.self, scope: .perArgument) { injector, id in
///   UserProfile(id: id, store: try injector.resolve())
/// }
/// let profile = try injector.resolve(UserProfile.self, arguments: userID)  // same for same id
/// ```
///
/// Each distinct argument value (compared with `==`, all arguments together) gets one value,
/// built once by the injector that owns the mapping, as a ``Scope/singleton`` is; children share
/// it. The cache grows with each new argument value: ``perArgument`` keeps the values as long as
/// the mapping, ``perArgument(in:)`` until ``Injector/reset(_:)`` resets a ``ResettableScope``.
/// A snapshot reports such a mapping as ``Scope/singleton``, with
/// ``MappingSnapshot/cachesPerArgument``; see "Values cached per argument" in
/// `Documentation/Concepts.md`.
public struct PerArgumentScope: Sendable, Hashable, CustomStringConvertible {
  /// The ``ResettableScope`` the values are cached in, or `nil` for values kept as long as the
  /// mapping.
  public let resettableScope: (any ResettableScope.Type)?

  private init(resettableScope: (any ResettableScope.Type)?) {
    self.resettableScope = resettableScope
  }

  /// One value per distinct argument value, kept as long as the mapping is: dropped when it is
  /// unmapped, replaced or removed with its module, or with the injector.
  public static var perArgument: Self { Self(resettableScope: nil) }

  /// One value per distinct argument value, kept until ``Injector/reset(_:)`` resets `scope`,
  /// which drops the values of every argument at once.
  ///
  /// ```swift
  /// injector.map(Cart.self, taking: UserID.self, scope: .perArgument(in: SessionScope.self)) {
  ///   _, id in Cart(owner: id)
  /// }
  /// injector.reset(SessionScope.self)  // every user's cart is gone
  /// ```
  ///
  /// - Parameter scope: The resettable scope the values are cached in.
  /// - Returns: The scope of a mapping cached per argument in `scope`.
  public static func perArgument<S: ResettableScope>(in scope: S.Type) -> Self {
    Self(resettableScope: scope)
  }

  /// Whether two scopes are the same: both kept with the mapping, or both in the same
  /// resettable scope.
  ///
  /// - Parameters:
  ///   - lhs: A scope.
  ///   - rhs: Another scope.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.resettableScope.map(ObjectIdentifier.init)
      == rhs.resettableScope.map(ObjectIdentifier.init)
  }

  /// Hashes the resettable scope type.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(resettableScope.map(ObjectIdentifier.init))
  }

  /// The scope as in source code: `perArgument`, or `perArgument(in: SessionScope)`.
  public var description: String {
    guard let resettableScope else { return "perArgument" }
    return "perArgument(in: \(nameOfResettableScope(resettableScope)))"
  }
}
