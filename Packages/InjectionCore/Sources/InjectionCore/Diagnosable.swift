/// An error that knows how to fix what caused it, for errors that factories throw.
///
/// When a factory, an `init` or a module's `configure` throws one, the message of
/// ``InjectionError/factoryFailed(key:path:underlying:)`` gives this error's ``fix`` instead of
/// pointing at the code that builds the key:
///
/// ```swift
/// struct MissingLicense: Error, Diagnosable {
///   var fix: String { "add a license key to Settings.plist" }
/// }
/// ```
///
/// ```text
/// Building Player failed: MissingLicense()
///   requested by: resolve(Player)
///   fix: add a license key to Settings.plist
/// ```
public protocol Diagnosable: Error {
  /// What to do about the error, as the `fix:` line of a message writes it: one line, code as
  /// code writes it.
  var fix: String { get }
}
