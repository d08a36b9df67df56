/// What is wrong with a services property list: every problem found, each with where it is.
///
/// ```text
/// Services.plist: 2 problems
///   Services.plist: EngineService.horsepower: expected an integer, found the string "fast"
///   Services.plist: RadioService: "Radio" is not registered; registered: Engine, Wheel
/// ```
public struct PlistError: Error, Sendable, CustomStringConvertible {
  /// One problem.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// The file (or the source name given for data).
    public let file: String
    /// The key path inside the file, such as `EngineService.horsepower`; empty for the file
    /// itself.
    public let keyPath: String
    /// What is wrong.
    public let message: String

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - file: The file or source name.
    ///   - keyPath: The key path inside the file.
    ///   - message: What is wrong.
    public init(file: String, keyPath: String, message: String) {
      self.file = file
      self.keyPath = keyPath
      self.message = message
    }

    /// `file: key.path: message`.
    public var description: String {
      keyPath.isEmpty ? "\(file): \(message)" : "\(file): \(keyPath): \(message)"
    }
  }

  /// Every problem, in the order found.
  public let problems: [Problem]

  /// Creates an error.
  ///
  /// - Parameter problems: The problems; at least one.
  public init(problems: [Problem]) {
    self.problems = problems
  }

  /// One problem on its own line, after a count when there are several.
  public var description: String {
    guard problems.count > 1 else { return problems.first?.description ?? "no problem" }
    return (["\(problems[0].file): \(problems.count) problems"] + problems.map { "  \($0)" })
      .joined(separator: "\n")
  }
}
