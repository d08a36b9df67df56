import InjectionCore

/// Something fitted to a car; many contribute to one collection.
protocol Accessory: Sendable {
  var name: String { get }
}

struct Radio: Accessory {
  let name = "radio"
}

struct Satnav: Accessory {
  let name = "satnav"
}

struct RoofBox: Accessory {
  let name = "roof box"
}

/// Lists every accessory contributed, in order: the injector's own, then its parent's.
final class AccessoryList: Injectable {
  @Injected(all: (any Accessory).self) var accessories: [any Accessory]

  init() {}

  var description: String { accessories.map(\.name).joined(separator: ", ") }

  /// The accessory every car has: contributed directly to the injector.
  static func contributeStandard(on injector: Injector) {
    injector.contribute((any Accessory).self, to: Radio())
  }
}

/// A module that adds two accessories while it is added, and takes them away when removed.
final class TouringModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.contribute((any Accessory).self, scope: .singleton) { _ in Satnav() }
    mappings.contribute((any Accessory).self) { _ in RoofBox() }
  }
}
