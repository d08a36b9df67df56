public import Foundation

extension ServicesFile {
  /// Reads the services property list `<name>.plist` from a bundle, such as `Bundle.main` or
  /// a package's `Bundle.module`.
  ///
  /// ```swift
  /// let file = try ServicesFile(named: "Services", in: .module)
  /// ```
  ///
  /// A bundle without the resource is a ``PlistError`` that names the bundle and the resource
  /// (``PlistError/Problem/Kind/resourceNotFound(resource:bundle:)``), not a `nil` URL to check.
  ///
  /// - Parameters:
  ///   - name: The resource's name, without the `.plist` extension; `Services` by default.
  ///   - bundle: The bundle that holds it.
  ///   - options: The limits the file must stay within, and how unknown properties count.
  /// - Throws: ``PlistError`` when the bundle has no such resource, or as
  ///   ``init(contentsOf:options:)`` throws.
  public init(
    named name: String = "Services", in bundle: Bundle, options: PlistOptions = .default
  ) throws(PlistError) {
    guard let url = bundle.url(forResource: name, withExtension: "plist") else {
      throw PlistError(problems: [
        .init(
          file: "\(name).plist", keyPath: "",
          kind: .resourceNotFound(
            resource: "\(name).plist",
            bundle: bundle.bundleIdentifier ?? bundle.bundleURL.lastPathComponent))
      ])
    }
    try self.init(contentsOf: url, options: options)
  }
}
