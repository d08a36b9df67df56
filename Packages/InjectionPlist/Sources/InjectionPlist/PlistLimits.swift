/// Bounds on what a services property list may hold, so that a hostile or broken file cannot
/// exhaust memory or the stack.
///
/// A file over a limit is rejected with a ``PlistError`` before anything is built.
public struct PlistLimits: Sendable, Hashable {
  /// The largest file, in bytes: 1 MiB by default.
  public var maximumFileSize: Int
  /// The most service entries: 1,000 by default.
  public var maximumServiceCount: Int
  /// The deepest nesting of arrays and dictionaries, the root counted as 0: 32 by default.
  public var maximumDepth: Int

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumFileSize: The largest file, in bytes.
  ///   - maximumServiceCount: The most service entries.
  ///   - maximumDepth: The deepest nesting of arrays and dictionaries.
  public init(
    maximumFileSize: Int = 1 << 20, maximumServiceCount: Int = 1_000, maximumDepth: Int = 32
  ) {
    self.maximumFileSize = maximumFileSize
    self.maximumServiceCount = maximumServiceCount
    self.maximumDepth = maximumDepth
  }

  /// The default limits.
  public static var `default`: Self { Self() }
}
