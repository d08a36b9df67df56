import InjectionCore

/// A property of a plist-built service that refers to another service: one of the same file,
/// or a key that the app made referable in code with
/// ``ServiceRegistry/allowReferences(to:named:as:)``.
///
/// In the file, the property's value is a dictionary with the reserved key `@service` naming
/// the other service; the property gets that service's value from the injector, so plist
/// services can depend on each other and on services mapped in code.
///
/// ```swift
/// final class Dashboard: Decodable, Sendable {
///   let title: String
///   @ServiceReference var engine: any Engine
/// }
/// ```
///
/// ```xml
/// <key>DashboardService</key>
/// <dict>
///   <key>title</key><string>Speed</string>
///   <key>engine</key><dict><key>@service</key><string>Engine</string></dict>
/// </dict>
/// ```
///
/// A reference to a name that is neither a service of the file nor referable, or references
/// that go round in a cycle, are errors when the file's module is made, each with its key path.
/// A service of the file shadows a referable key of the same name.
@propertyWrapper
public struct ServiceReference<Value>: Decodable {
  /// The name of the service referred to (`Engine` for `EngineService`).
  public let serviceName: String
  private let resolved: Value?

  /// The referred service's value.
  public var wrappedValue: Value {
    guard let resolved else {
      // fatalError, not preconditionFailure: an optimized build drops a precondition's message.
      fatalError(
        """
        InjectionPlist: the reference to "\(serviceName)" was read from a value built only to \
        check the file; values an injector builds have it.
        """)
    }
    return resolved
  }

  /// The reference itself, as `$engine`: its ``serviceName``.
  public var projectedValue: Self { self }

  /// Reads the reference and, while an injector builds the service, resolves it.
  ///
  /// - Parameter decoder: The decoder of a services file.
  /// - Throws: `DecodingError` for a malformed or unknown reference, or the
  ///   `InjectionError` of resolving it.
  public init(from decoder: any Decoder) throws {
    let context = decoder.userInfo[ReferenceContext.key] as? ReferenceContext
    if let node = decoder as? ValueDecoder.Node, node.decoder.isChecking {
      // Checking the file: every problem is recorded, and nothing is resolved.
      resolved = nil
      guard case .dictionary(let dictionary)? = node.value, dictionary.count == 1,
        case .string(let name)? = dictionary["@service"]
      else {
        serviceName = ""
        if let value = node.value {
          node.decoder.report(node.path, .invalidReference(found: value.described))
        }
        return
      }
      serviceName = name
      if let context, context.keys[name] == nil {
        let referable = context.keys.keys.sorted()
        node.decoder.report(
          node.path,
          .unknownReference(
            name: name, suggestion: InjectionError.closestName(to: name, among: referable),
            referable: referable))
      }
      return
    }
    let container = try decoder.container(keyedBy: AnyKey.self)
    serviceName = try container.decode(String.self, forKey: AnyKey(stringValue: "@service"))
    guard let key = context?.keys[serviceName] else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "a reference to the unknown service \"\(serviceName)\""))
    }
    guard let injector = context?.injector else {
      resolved = nil  // the file is being checked; nothing is built
      return
    }
    let value = try injector.resolve(key)
    guard let typed = value as? Value else {
      throw DecodingError.typeMismatch(
        Value.self,
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "the service \"\(serviceName)\" provides \(key), not \(Value.self)"))
    }
    resolved = typed
  }
}

extension ServiceReference: Sendable where Value: Sendable {}

/// What a decoder of a services file knows about the services a reference may name.
///
/// `@unchecked Sendable` is not needed: every stored property is immutable and `Sendable`.
final class ReferenceContext: Sendable {
  static let key = CodingUserInfoKey(rawValue: "InjectionPlist.references")!

  /// The key each referable service is mapped under, by name: the file's services, and the
  /// keys the registry made referable.
  let keys: [String: InjectionKey]
  /// The injector that builds the service, or `nil` while the file is checked.
  let injector: Injector?

  init(keys: [String: InjectionKey], injector: Injector?) {
    self.keys = keys
    self.injector = injector
  }

  /// The same references, resolved from `injector`.
  func building(with injector: Injector) -> ReferenceContext {
    ReferenceContext(keys: keys, injector: injector)
  }
}
