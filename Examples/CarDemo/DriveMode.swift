import InjectionCore

/// How the car drives; the modes are a keyed collection, found by name.
protocol DriveMode: Sendable {
  var description: String { get }
}

struct EcoMode: DriveMode {
  let description = "eco: gentle throttle"
}

struct SportMode: DriveMode {
  let description = "sport: sharp throttle"
}

struct TrackSportMode: DriveMode {
  let description = "sport: launch control"
}

struct TrackMode: DriveMode {
  let description = "track: no limiter"
}

/// The mode selector on the dashboard: lists every mode by name, and builds only the one the
/// driver picks.
final class ModeSelector: Injectable {
  @Injected(all: (any DriveMode).self, keyedBy: String.self) var modes: [String: any DriveMode]
  @Injected var makeMode: Provider<any DriveMode>

  init() {}

  /// The names of the modes, sorted.
  var names: String { modes.keys.sorted().joined(separator: ", ") }

  /// The mode called `name`, built now; `nil` when no mode has that name.
  func select(_ name: String) throws -> (any DriveMode)? {
    try makeMode(forKey: name)
  }

  /// The modes every car has: contributed directly to the injector, one entry per name.
  static func contributeStandard(on injector: Injector) {
    injector.contribute((any DriveMode).self, forKey: "eco", to: EcoMode())
    injector.contribute((any DriveMode).self, forKey: "sport") { _ in SportMode() }
  }
}

/// A module for a day at the track: adds a track mode, and overrides the standard sport mode
/// until it is removed.
final class TrackDayModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.contribute((any DriveMode).self, forKey: "track") { _ in TrackMode() }
    mappings.contribute((any DriveMode).self, forKey: "sport", overriding: true) { _ in
      TrackSportMode()
    }
  }
}
