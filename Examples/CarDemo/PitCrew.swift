import InjectionCore

/// Fills a car's tank during a pit stop.
protocol Refueling: AnyObject, Sendable {
  func refuel() -> String
}

/// Changes a car's tyres during a pit stop.
protocol TyreChanging: AnyObject, Sendable {
  func changeTyres() -> String
}

/// One crew does both jobs: one singleton, served under both protocols by aliases.
final class PitCrew: Refueling, TyreChanging {
  func refuel() -> String { "tank full" }
  func changeTyres() -> String { "4 new tyres" }

  /// Maps the crew once, as a singleton, and each protocol as an alias of it: the compiler
  /// checks that `PitCrew` converts to each.
  static func map(on injector: Injector) {
    injector.map(PitCrew.self, scope: .singleton, with: PitCrew.init)
    injector.alias((any Refueling).self, to: PitCrew.self) { $0 }
    injector.alias((any TyreChanging).self, to: PitCrew.self) { $0 }
  }
}
