public import InjectionCore

/// What is wrong with a services property list: every problem found, each with where it is.
///
/// ```text
/// Services.plist: 2 problems
///   Services.plist: EngineService.horsepower: expected an integer of type Int, found the string "fast"
///   Services.plist: RadioService: "Radoi" is not registered; did you mean Radio? registered: Engine, Radio
/// ```
public struct PlistError: Error, Sendable, CustomStringConvertible {
  /// One problem: where it is, and a ``Kind`` that says what is wrong, with its details.
  public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with the details a tool needs; ``message`` says it in words.
    public enum Kind: Sendable, Hashable {
      /// The file could not be read: its path, and why.
      case unreadable(path: String, reason: String)
      /// A bundle has no resource of that name: the resource's file name and the bundle.
      case resourceNotFound(resource: String, bundle: String)
      /// The file is over ``PlistOptions/maximumFileSize``: its size (`nil` when the file system
      /// did not say, and more than the limit was there to read), and the limit.
      case fileTooLarge(size: Int?, limit: Int)
      /// The bytes are not a property list this library reads: what is wrong.
      case malformed(String)
      /// Text that is not valid in its encoding, refused rather than repaired: the encoding
      /// (`UTF-8`, `UTF-16`, `ASCII`, a declared 8-bit encoding, or `Unicode` for a character
      /// reference), and the bytes or units at fault.
      case invalidText(encoding: String, detail: String)
      /// An XML file in an encoding the reader does not read: its name, and whether the XML
      /// declaration gives it (`false` when the bytes show it, as with UTF-32 or UTF-16 without
      /// a byte order mark).
      case unsupportedEncoding(name: String, isDeclared: Bool)
      /// An XML file whose declaration names one encoding while its first bytes show another:
      /// the declared name, and what the bytes start with.
      case conflictingEncoding(declared: String, found: String)
      /// Arrays and dictionaries nested deeper than ``PlistOptions/maximumDepth``.
      case tooDeep(limit: Int)
      /// More values than ``PlistOptions/maximumValueCount``, each shared reference counted.
      case tooManyValues(limit: Int)
      /// More entries than ``PlistOptions/maximumServiceCount``.
      case tooManyServices(count: Int, limit: Int)
      /// A key that appears twice in one dictionary.
      case duplicateKey(String)
      /// A real that is infinite or not a number, as written.
      case nonFiniteNumber(String)
      /// The root is not a dictionary: what it is.
      case rootNotADictionary(found: String)
      /// The root has no `Services` key: the keys it has.
      case noServices(found: [String])
      /// `Services` is not a dictionary: what it is.
      case servicesNotADictionary(found: String)
      /// An entry's key does not end with `Service`: the key.
      case missingServiceSuffix(String)
      /// An entry is not a dictionary: what it is.
      case entryNotADictionary(found: String)
      /// An entry's `@type` is not a non-empty string: what it is.
      case invalidType(found: String)
      /// An entry's `@scope` is not `singleton` or `transient`: what it is.
      case invalidScope(found: String)
      /// A key that starts with `@` and is not reserved: the key.
      case unknownReservedKey(String)
      /// An entry names an implementation that is not registered: the name, the closest
      /// registered name, and every registered name.
      case notRegistered(name: String, suggestion: String?, registered: [String])
      /// A second entry provides a key that an earlier entry provides: the key, and the entry
      /// that provides it.
      case duplicateProvider(key: InjectionKey, providedBy: String)
      /// A value of the wrong kind: what the property's type expects, and what the file has.
      case typeMismatch(expected: String, found: String)
      /// A number that the property's type cannot hold: the type, the range it accepts, and
      /// the value found.
      case outOfRange(type: String, range: String, found: String)
      /// A required property is absent: its name.
      case missingProperty(String)
      /// A property that the service's type does not decode: its name, the type, and the
      /// closest property name the type reads.
      case unknownProperty(name: String, type: String, suggestion: String?)
      /// A `@service` reference names neither a service of the file nor a key the registry made
      /// referable: the name, the closest referable name, and every referable name.
      case unknownReference(name: String, suggestion: String?, referable: [String])
      /// A `@service` reference that is not a dictionary holding one string: what it is.
      case invalidReference(found: String)
      /// References that go round: each reference's key path, back to the first service
      /// (`AlphaService.partner`, `BetaService.partner`, `AlphaService`).
      case referenceCycle([String])
      /// A type's own initializer refused a value: the type, the value, and its reason.
      case invalidValue(type: String, found: String, reason: String)
    }

    /// The file (or the source name given for data).
    public let file: String
    /// The key path inside the file, such as `EngineService.horsepower` or
    /// `GarageService.cars[0].sunroof`; relative to `Services` inside it; empty for the file
    /// itself.
    public let keyPath: String
    /// The line of an XML file where the problem is, when the reader knows it.
    public let line: Int?
    /// What is wrong.
    public let kind: Kind

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - file: The file or source name.
    ///   - keyPath: The key path inside the file.
    ///   - line: The line, when known.
    ///   - kind: What is wrong.
    package init(file: String, keyPath: String, line: Int? = nil, kind: Kind) {
      self.file = file
      self.keyPath = keyPath
      self.line = line
      self.kind = kind
    }

    /// What is wrong, in words.
    public var message: String { kind.message }

    /// `file:line: key.path: message`, without the parts that are unknown or empty.
    public var description: String {
      let place = line.map { "\(file):\($0)" } ?? file
      return keyPath.isEmpty ? "\(place): \(message)" : "\(place): \(keyPath): \(message)"
    }
  }

  /// Every problem, in the order found.
  public let problems: [Problem]

  /// Creates an error.
  ///
  /// - Parameter problems: The problems; at least one.
  package init(problems: [Problem]) {
    self.problems = problems
  }

  /// One problem on its own line, after a count when there are several.
  public var description: String {
    guard problems.count > 1 else { return problems.first?.description ?? "no problem" }
    return (["\(problems[0].file): \(problems.count) problems"] + problems.map { "  \($0)" })
      .joined(separator: "\n")
  }
}

extension PlistError.Problem.Kind {
  /// The message of a problem of this kind.
  var message: String {
    switch self {
    case .unreadable(let path, let reason):
      return "cannot read the file at \(path): \(reason)"
    case .resourceNotFound(let resource, let bundle):
      return "the bundle \(bundle) has no resource \(resource)"
    case .fileTooLarge(let size?, let limit):
      return "the file has \(size) bytes, over the limit of \(limit)"
    case .fileTooLarge(nil, let limit):
      return "the file has more than \(limit) bytes, the limit"
    case .malformed(let detail):
      return "not a property list: \(detail)"
    case .invalidText(let encoding, let detail):
      return "the text is not valid \(encoding): \(detail)"
    case .unsupportedEncoding(let name, let isDeclared):
      let shown = isDeclared ? "\"\(name)\"" : name
      return
        "the encoding \(shown) is not read; save the file as UTF-8, or declare one this reader "
        + "reads: UTF-16 with a byte order mark, US-ASCII, ISO-8859-1, Windows-1252"
    case .conflictingEncoding(let declared, let found):
      return
        "the XML declaration says the encoding is \"\(declared)\", but the file starts with "
        + "\(found); declare the encoding the file is saved in"
    case .tooDeep(let limit):
      return "nested deeper than the limit of \(limit) levels"
    case .tooManyValues(let limit):
      return "more than \(limit) values (each shared reference counted), the limit"
    case .tooManyServices(let count, let limit):
      return "\(count) entries, over the limit of \(limit)"
    case .duplicateKey(let key):
      return "the key \"\(key)\" appears twice in this dictionary; one value per key"
    case .nonFiniteNumber(let text):
      return "\(text) is not a finite number; a services file's numbers must be finite"
    case .rootNotADictionary(let found):
      return "the root is \(found), not a dictionary"
    case .noServices(let found):
      return "no Services dictionary at the root; found \(found)"
    case .servicesNotADictionary(let found):
      return "expected a dictionary, found \(found)"
    case .missingServiceSuffix:
      return "a service entry's key is <Name>Service, such as EngineService"
    case .entryNotADictionary(let found):
      return "expected a dictionary of property values, found \(found)"
    case .invalidType(let found):
      return "expected a registered type name, found \(found)"
    case .invalidScope(let found):
      return "expected \"singleton\" or \"transient\", found \(found)"
    case .unknownReservedKey:
      return "unknown reserved key; the reserved keys are @type and @scope"
    case .notRegistered(let name, let suggestion, let registered):
      let names = registered.isEmpty ? "nothing" : registered.joined(separator: ", ")
      let guess = suggestion.map { "did you mean \($0)? " } ?? ""
      return "\"\(name)\" is not registered; \(guess)registered: \(names)"
    case .duplicateProvider(let key, let other):
      return "\(other) already provides \(key); one entry per key"
    case .typeMismatch(let expected, let found):
      return "expected \(expected), found \(found)"
    case .outOfRange(let type, let range, let found):
      return "\(found) is out of range for \(type) (\(range))"
    case .missingProperty:
      return "missing; this property is required"
    case .unknownProperty(_, let type, let suggestion):
      let guess = suggestion.map { "did you mean \($0)? " } ?? ""
      return "unknown property of \(type); \(guess)remove it, or fix its name"
    case .unknownReference(let name, let suggestion, let referable):
      let names = referable.isEmpty ? "none" : referable.joined(separator: ", ")
      let guess = suggestion.map { "did you mean \($0)? " } ?? ""
      return "a reference to the unknown service \"\(name)\"; \(guess)referable: \(names)"
    case .invalidReference(let found):
      return "a reference is a dictionary with one key, @service, and a name; found \(found)"
    case .referenceCycle(let steps):
      return "a reference cycle: \(steps.joined(separator: " -> "))"
    case .invalidValue(let type, let found, let reason):
      return "\(type) refused \(found): \(reason)"
    }
  }
}
