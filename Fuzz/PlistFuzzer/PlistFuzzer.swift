import InjectionCore
import InjectionPlist

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A service with one value of each kind, for the fuzzer's registry.
struct Sample: Decodable, Sendable {
  let name: String?
  let count: Int?
  let small: Int8?
  let big: UInt64?
  let ratio: Double?
  let flag: Bool?
  let when: Date?
  let bytes: Data?
  let tags: [String]?
  let nested: [String: Int]?
  let items: [Item]?
  let color: Color?
}

/// An element of an array of dictionaries (unknown keys inside arrays are checked).
struct Item: Decodable, Sendable {
  let name: String
}

/// An enum whose initializer refuses unknown raw values.
enum Color: String, Decodable, Sendable {
  case red, blue
}

/// Refers to another service.
struct Linked: Decodable, Sendable {
  @ServiceReference var sample: Sample
}

let registry: ServiceRegistry = {
  let registry = ServiceRegistry()
  registry.register(Sample.self)
  registry.register(Linked.self)
  registry.register(Sample.self, as: "Named", named: "named")
  registry.allowReferences(to: Sample.self, named: "code", as: "Code")
  return registry
}()

/// libFuzzer's driver, called with our entry point instead of libFuzzer's own `main` (SwiftPM
/// names an executable's entry `PlistFuzzer_main` and points `main` at it).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("PlistFuzzer_main")
func fuzzerMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments) { start, size in
    guard let start else { return fuzz(UnsafeRawPointer(bitPattern: 1)!, 0) }
    return fuzz(UnsafeRawPointer(start), size)
  }
}

/// One input: loads the bytes as a services file, makes its module, and builds every service.
///
/// Any error is fine; a crash, a hang or a sanitizer report is not.
func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = count == 0 ? Data() : Data(bytes: start, count: count)
  guard let file = try? ServicesFile(data: data, source: "fuzz.plist"),
    let module = try? ServicesModule(file: file, registry: registry)
  else { return 0 }
  let injector = Injector(label: "fuzz")
  guard (try? injector.addModule(module)) != nil else { return 0 }
  _ = try? injector.resolve(Sample.self)
  _ = try? injector.resolve(Linked.self)
  return 0
}
