import Foundation
import InjectionCore
import InjectionPlist

/// Every kind of `PlistError.Problem`, each with the anchor of its entry and a trigger.
///
/// The `switch` of `init(_:)` is exhaustive: a kind added to the library stops this target from
/// building until it has a case here, and so an entry and a trigger.
enum PlistProblemCase: String, CaseIterable {
  case unreadable, resourceNotFound, fileTooLarge, malformed, invalidText, unsupportedEncoding
  case conflictingEncoding, tooDeep, tooManyValues
  case tooManyServices, duplicateKey, nonFiniteNumber, rootNotADictionary, noServices
  case servicesNotADictionary, missingServiceSuffix, entryNotADictionary, invalidType
  case invalidScope, unknownReservedKey, notRegistered, duplicateProvider, typeMismatch
  case outOfRange, missingProperty, unknownProperty, unknownReference, invalidReference
  case referenceCycle, invalidValue

  init(_ kind: PlistError.Problem.Kind) {
    switch kind {
    case .unreadable: self = .unreadable
    case .resourceNotFound: self = .resourceNotFound
    case .fileTooLarge: self = .fileTooLarge
    case .malformed: self = .malformed
    case .invalidText: self = .invalidText
    case .unsupportedEncoding: self = .unsupportedEncoding
    case .conflictingEncoding: self = .conflictingEncoding
    case .tooDeep: self = .tooDeep
    case .tooManyValues: self = .tooManyValues
    case .tooManyServices: self = .tooManyServices
    case .duplicateKey: self = .duplicateKey
    case .nonFiniteNumber: self = .nonFiniteNumber
    case .rootNotADictionary: self = .rootNotADictionary
    case .noServices: self = .noServices
    case .servicesNotADictionary: self = .servicesNotADictionary
    case .missingServiceSuffix: self = .missingServiceSuffix
    case .entryNotADictionary: self = .entryNotADictionary
    case .invalidType: self = .invalidType
    case .invalidScope: self = .invalidScope
    case .unknownReservedKey: self = .unknownReservedKey
    case .notRegistered: self = .notRegistered
    case .duplicateProvider: self = .duplicateProvider
    case .typeMismatch: self = .typeMismatch
    case .outOfRange: self = .outOfRange
    case .missingProperty: self = .missingProperty
    case .unknownProperty: self = .unknownProperty
    case .unknownReference: self = .unknownReference
    case .invalidReference: self = .invalidReference
    case .referenceCycle: self = .referenceCycle
    case .invalidValue: self = .invalidValue
    }
  }

  var anchor: String { "plisterror-\(rawValue.lowercased())" }

  /// The parts of the message that depend on the machine, replaced by a placeholder in the
  /// document's example and in the message before they are compared.
  func normalized(_ message: String) -> String {
    switch self {
    case .unreadable:
      message.replacing(/: cannot read the file at (.*): (.*)$/) {
        ": cannot read the file at \($0.1): <reason>"
      }
    case .resourceNotFound:
      message.replacing(/the bundle (.*) has no resource/) { _ in
        "the bundle <bundle> has no resource"
      }
    default: message
    }
  }

  /// The error of the example: what the trigger of the entry throws.
  func trigger() throws -> PlistError {
    let error: PlistError?
    switch self {
    case .unreadable:
      error = thrown(PlistError.self) {
        _ = try ServicesFile(contentsOf: URL(fileURLWithPath: "/nonexistent/Services.plist"))
      }
    case .resourceNotFound:
      error = thrown(PlistError.self) { _ = try ServicesFile(named: "Missing", in: .main) }
    case .fileTooLarge:
      error = thrown(PlistError.self) {
        _ = try services(
          "<key>RadioService</key><dict><key>station</key><string>FIP</string></dict>",
          options: PlistOptions(maximumFileSize: 100))
      }
    case .malformed:
      error = thrown(PlistError.self) {
        _ = try plist("<plist><dict><key>Services</key></dict></plist>")
      }
    case .invalidText:
      // "Café" saved in ISO-8859-1, in a file that declares no encoding, so UTF-8.
      let xml = """
        <?xml version="1.0"?>
        <plist version="1.0"><dict><key>Services</key><dict>
        <key>RadioService</key><dict><key>station</key><string>Caf
        """
      let rest = "</string></dict>\n</dict></dict></plist>"
      error = thrown(PlistError.self) {
        _ = try ServicesFile(
          data: Data(Array(xml.utf8) + [0xE9] + Array(rest.utf8)), source: "Services.plist")
      }
    case .unsupportedEncoding:
      error = thrown(PlistError.self) {
        _ = try plist(
          """
          <?xml version="1.0" encoding="Shift_JIS"?>
          <plist version="1.0"><dict><key>Services</key><dict/></dict></plist>
          """)
      }
    case .conflictingEncoding:
      let xml = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <plist version="1.0"><dict><key>Services</key><dict/></dict></plist>
        """
      error = thrown(PlistError.self) {
        _ = try ServicesFile(
          data: Data([0xEF, 0xBB, 0xBF] + Array(xml.utf8)), source: "Services.plist")
      }
    case .tooDeep:
      error = thrown(PlistError.self) {
        _ = try services(
          "<key>RadioService</key><dict><key>presets</key><array><array/></array></dict>",
          options: PlistOptions(maximumDepth: 3))
      }
    case .tooManyValues:
      error = thrown(PlistError.self) {
        _ = try services(
          "<key>RadioService</key><dict><key>station</key><string>FIP</string></dict>",
          options: PlistOptions(maximumValueCount: 2))
      }
    case .tooManyServices:
      error = thrown(PlistError.self) {
        _ = try services(
          "<key>RadioService</key><dict/><key>TunerService</key><dict/>",
          options: PlistOptions(maximumServiceCount: 1))
      }
    case .duplicateKey:
      error = try moduleError(
        """
        <key>RadioService</key><dict><key>station</key><string>FIP</string>\
        <key>station</key><string>TSF</string></dict>
        """)
    case .nonFiniteNumber:
      error = try moduleError(
        """
        <key>RadioService</key><dict><key>station</key><string>FIP</string>\
        <key>frequency</key><real>inf</real></dict>
        """)
    case .rootNotADictionary:
      error = thrown(PlistError.self) { _ = try plist("<plist><array/></plist>") }
    case .noServices:
      error = thrown(PlistError.self) {
        _ = try plist("<plist><dict><key>Service</key><dict/></dict></plist>")
      }
    case .servicesNotADictionary:
      error = thrown(PlistError.self) {
        _ = try plist("<plist><dict><key>Services</key><array/></dict></plist>")
      }
    case .missingServiceSuffix:
      error = try moduleError("<key>Radio</key><dict><key>station</key><string>FIP</string></dict>")
    case .entryNotADictionary:
      error = try moduleError("<key>RadioService</key><string>FIP</string>")
    case .invalidType:
      error = try moduleError(
        """
        <key>RadioService</key><dict><key>@type</key><integer>8</integer>\
        <key>station</key><string>FIP</string></dict>
        """)
    case .invalidScope:
      error = try moduleError(
        """
        <key>RadioService</key><dict><key>@scope</key><string>forever</string>\
        <key>station</key><string>FIP</string></dict>
        """)
    case .unknownReservedKey:
      error = try moduleError(
        """
        <key>RadioService</key><dict><key>@name</key><string>kitchen</string>\
        <key>station</key><string>FIP</string></dict>
        """)
    case .notRegistered:
      error = try moduleError("<key>RadoiService</key><dict/>")
    case .duplicateProvider:
      error = try moduleError(
        """
        <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
        <key>horsepower</key><integer>300</integer></dict>\
        <key>HybridEngineService</key><dict><key>horsepower</key><integer>200</integer></dict>
        """)
    case .typeMismatch:
      error = try moduleError(
        """
        <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
        <key>horsepower</key><string>fast</string></dict>
        """)
    case .outOfRange:
      error = try moduleError(
        """
        <key>RadioService</key><dict><key>station</key><string>FIP</string>\
        <key>volume</key><integer>300</integer></dict>
        """)
    case .missingProperty:
      error = try moduleError("<key>RadioService</key><dict/>")
    case .unknownProperty:
      error = try moduleError(
        """
        <key>RadioService</key><dict><key>station</key><string>FIP</string>\
        <key>volumne</key><integer>3</integer></dict>
        """)
    case .unknownReference:
      error = try moduleError(
        """
        <key>GarageService</key><dict><key>name</key><string>Main</string>\
        <key>engine</key><dict><key>@service</key><string>Motor</string></dict></dict>\
        <key>EngineService</key><dict><key>@type</key><string>HybridEngine</string>\
        <key>horsepower</key><integer>300</integer></dict>
        """)
    case .invalidReference:
      error = try moduleError(
        """
        <key>GarageService</key><dict><key>name</key><string>Main</string>\
        <key>engine</key><string>Engine</string></dict>
        """)
    case .referenceCycle:
      error = try moduleError(
        """
        <key>AlphaService</key><dict>\
        <key>partner</key><dict><key>@service</key><string>Beta</string></dict></dict>\
        <key>BetaService</key><dict>\
        <key>partner</key><dict><key>@service</key><string>Alpha</string></dict></dict>
        """)
    case .invalidValue:
      error = try moduleError(
        "<key>TunerService</key><dict><key>band</key><string>XM</string></dict>")
    }
    guard let error else { throw UnexpectedOutcome(description: "\(self): nothing was thrown") }
    return error
  }

  /// A services file of the property list `xml`.
  private func plist(_ xml: String, options: PlistOptions = .default) throws(PlistError)
    -> ServicesFile
  {
    try ServicesFile(data: Data(xml.utf8), source: "Services.plist", options: options)
  }

  /// A services file whose `Services` dictionary holds `entries`.
  private func services(_ entries: String, options: PlistOptions = .default) throws(PlistError)
    -> ServicesFile
  {
    try plist(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>Services</key><dict>\(entries)</dict></dict></plist>
      """, options: options)
  }

  /// What making a module of the file with `entries` throws, with the examples' registry.
  private func moduleError(_ entries: String) throws -> PlistError? {
    let file = try services(entries)
    return thrown(PlistError.self) {
      _ = try ServicesModule(file: file, registry: plistRegistry())
    }
  }
}

// The services the plist examples build, at the top level: a type registers under its name
// without its module, and a nested type under `Outer.Inner`.

/// An engine a file configures.
struct HybridEngine: Engine, Decodable {
  let horsepower: Int
}

/// A radio: a station, and optional settings.
struct Radio: Decodable, Sendable {
  let station: String
  let frequency: Double?
  let volume: Int8?
  let presets: [[String]]?
}

/// A band, from its raw value.
enum Band: String, Decodable, Sendable {
  case am = "AM"
  case fm = "FM"
}

/// A tuner, on a band.
struct Tuner: Decodable, Sendable {
  let band: Band?
}

/// Refers to another service of the file.
struct Garage: Decodable, Sendable {
  let name: String
  @ServiceReference var engine: any Engine
}

/// Refers to a `Beta`.
struct Alpha: Decodable, Sendable {
  @ServiceReference var partner: any Sendable
}

/// Refers to an `Alpha`.
struct Beta: Decodable, Sendable {
  @ServiceReference var partner: any Sendable
}

/// Reads its reference while it is decoded, which a value built to check the file cannot.
struct EagerGarage: Decodable, Sendable {
  let engine: any Engine

  private enum CodingKeys: CodingKey { case engine }

  init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    engine = try values.decode(ServiceReference<any Engine>.self, forKey: .engine).wrappedValue
  }
}

/// The registry of the plist examples.
func plistRegistry() -> ServiceRegistry {
  let registry = ServiceRegistry()
  registry.register(HybridEngine.self, providing: (any Engine).self) { $0 }
  registry.register(Radio.self)
  registry.register(Tuner.self)
  registry.register(Garage.self)
  registry.register(Alpha.self)
  registry.register(Beta.self)
  return registry
}
