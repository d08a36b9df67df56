public import InjectionCore

/// The error a placeholder mapped with ``TestOverrides/mapPlaceholder(_:named:)`` throws when it
/// is resolved, after it recorded a test failure.
public struct PlaceholderResolution: Error, CustomStringConvertible {
  /// The placeholder's key.
  public let key: InjectionKey

  /// Says which placeholder was resolved.
  public var description: String {
    "\(key) is a placeholder in this test; override it if the test needs it"
  }
}
