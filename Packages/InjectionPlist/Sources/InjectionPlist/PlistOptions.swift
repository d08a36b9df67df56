/// How a services property list is loaded: the bounds a file must stay within, and what a
/// property that no service type decodes means.
///
/// One value for the whole load: give it to ``ServicesFile`` (which applies the limits while it
/// reads) and ``ServicesModule`` reads ``unknownProperties`` from the file it is made from.
///
/// ```swift
/// var options = PlistOptions()
/// options.maximumFileSize = 64 << 10
/// options.unknownProperties = .ignore
/// let file = try ServicesFile(contentsOf: url, options: options)
/// ```
///
/// A file over a limit is rejected with a ``PlistError`` before anything is built. The limits
/// bound the whole cost of a load: the reader never reads more than ``maximumFileSize`` plus
/// one byte, never nests deeper than ``maximumDepth``, and never materializes more than
/// ``maximumValueCount`` values, so a hostile file can neither exhaust memory or the stack nor
/// take long (loading is linear in the file's size).
public struct PlistOptions: Sendable, Hashable {
  /// What to do with a property in the file that the service type does not decode.
  public enum UnknownProperties: Sendable, Hashable {
    /// It is an error (the default): a misspelled key is never silently ignored.
    case reject
    /// It is ignored.
    case ignore
  }

  /// The largest file, in bytes: 1 MiB by default.
  ///
  /// A file's size is checked before it is read, and no more than this plus one byte is ever
  /// read, whatever the file system says.
  public var maximumFileSize: Int
  /// The most service entries: 1,000 by default.
  public var maximumServiceCount: Int
  /// The deepest nesting of arrays and dictionaries, the root counted as 0: 32 by default.
  ///
  /// At most 512 applies, whatever larger value is set: the decoders that build a service's
  /// values recurse once per level, and 512 levels stay well inside a small thread's stack.
  public var maximumDepth: Int
  /// The most values (strings, numbers, dates, data, arrays, dictionaries, keys not counted)
  /// the file may hold: 250,000 by default.
  ///
  /// A binary property list can refer to one object from many places; each reference counts,
  /// so that a small file of shared references cannot expand to billions of values. The count
  /// is checked before the values are built.
  public var maximumValueCount: Int
  /// Whether a property that the service type does not decode is an error: ``UnknownProperties/reject`` by default.
  public var unknownProperties: UnknownProperties

  /// Creates options.
  ///
  /// - Parameters:
  ///   - maximumFileSize: The largest file, in bytes.
  ///   - maximumServiceCount: The most service entries.
  ///   - maximumDepth: The deepest nesting of arrays and dictionaries.
  ///   - maximumValueCount: The most values, each reference to a shared value counted.
  ///   - unknownProperties: Whether a property the service type does not decode is an error.
  public init(
    maximumFileSize: Int = 1 << 20, maximumServiceCount: Int = 1_000, maximumDepth: Int = 32,
    maximumValueCount: Int = 250_000, unknownProperties: UnknownProperties = .reject
  ) {
    self.maximumFileSize = maximumFileSize
    self.maximumServiceCount = maximumServiceCount
    self.maximumDepth = maximumDepth
    self.maximumValueCount = maximumValueCount
    self.unknownProperties = unknownProperties
  }

  /// The default options.
  public static var `default`: Self { Self() }

  /// The depth limit that applies: ``maximumDepth``, at most 512.
  var depthLimit: Int { min(maximumDepth, 512) }
}
