import Foundation
import InjectionCore
import InjectionPlist

/// The demo: configure a car's engine from `Services.plist`, then reload a changed file.
enum PlistDemo {
  /// Runs the demo, printing each step with `print`.
  static func run(print: (String) -> Void) throws {
    let registry = makeRegistry()
    let injector = Injector(label: "plist")
    injector.map((any WorkshopClock).self, to: SystemClock())  // referable as "Clock"

    print("1. Load Services.plist: EngineService picks HybridEngine, GarageService refers to it")
    // One options value for the whole load: limits, and unknown properties are errors.
    let options = PlistOptions(maximumFileSize: 64 << 10, unknownProperties: .reject)
    let file = try ServicesFile(named: "Services", in: .module, options: options)
    let original = try ServicesModule(file: file, registry: registry)
    try injector.addModule(original)
    print("   car: \(try injector.resolve(Car.self).engine.description)")
    let garage = try injector.resolve(Garage.self)
    print(
      "   garage \(garage.name): \(garage.engine.description), opens at \(garage.clock.opening)")
    let spare = try injector.resolve((any Engine).self, named: "spare")
    print("   spare engine (named \"spare\"): \(spare.description)")
    guard let url = Bundle.module.url(forResource: "Services", withExtension: "plist") else {
      throw DemoError(message: "Services.plist is missing from the bundle")
    }

    print("2. Change the file to pick V8Engine, and reload it while the app runs")
    let changed = try String(contentsOf: url, encoding: .utf8)
      .replacingOccurrences(of: "HybridEngine", with: "V8Engine")
      .replacingOccurrences(of: "<integer>136</integer>", with: "<integer>450</integer>")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("PlistServices-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let changedURL = folder.appendingPathComponent("Services.plist")
    try changed.write(to: changedURL, atomically: true, encoding: .utf8)
    let reloaded = try ServicesModule(
      file: ServicesFile(contentsOf: changedURL, options: options), registry: registry)
    try injector.replaceModule(original, with: reloaded)
    print("   car: \(try injector.resolve(Car.self).engine.description)")

    print("3. A file that names a type the app did not register is refused, with every problem")
    let hostile = changed.replacingOccurrences(of: "V8Engine", with: "FileManager")
      .replacingOccurrences(of: "<key>name</key>", with: "<key>nmae</key>")
    do {
      _ = try ServicesModule(
        file: ServicesFile(data: Data(hostile.utf8), source: "Hostile.plist"), registry: registry)
    } catch {
      print("   \(error)")
    }
  }
}

/// A problem of the demo itself.
struct DemoError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
