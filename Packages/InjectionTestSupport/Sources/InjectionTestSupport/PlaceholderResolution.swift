public import InjectionCore

/// The error a placeholder mapped with ``TestOverrides/mapPlaceholder(_:named:)`` throws when it
/// is resolved.
///
/// It is `Diagnosable`: wrapped in `InjectionError.factoryFailed(key:path:underlying:)`, its
/// message gives the override to write instead of pointing at a factory. The scope records a
/// resolved placeholder as a test failure when it is resolved on the test's task (when the test
/// ends if it was resolved off it); when this error then ends the test's body, the scope does
/// not let it be reported again, except from a `withTestInjector` whose operation returns a
/// value, which throws it on.
public struct PlaceholderResolution: Error, CustomStringConvertible, Diagnosable {
  /// The placeholder's key.
  public let key: InjectionKey

  /// Says which placeholder was resolved.
  public var description: String {
    "\(key) is a placeholder in this test"
  }

  /// The override to write, in the test's overrides, if the test needs the key.
  public var fix: String { Self.fix(for: key) }

  /// The fix line for a resolved placeholder of `key`.
  static func fix(for key: InjectionKey) -> String {
    "override it if the test needs it: $0.map(\(key.metatypeInCode)\(nameArgument(of: key))) { _ in … }"
  }

  /// `, named: "…"` for a named key.
  static func nameArgument(of key: InjectionKey) -> String {
    key.name.map { ", named: \($0.debugDescription)" } ?? ""
  }
}
