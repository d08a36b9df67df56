import InjectionCore

/// The car's dashboard: main-actor state, as a SwiftUI view model would be.
///
/// It declares its dependencies with `@Injected`, which a `@MainActor` class may keep.
@MainActor
final class Dashboard {
  @Injected var engine: any Engine
  @Injected var telemetry: TelemetryLink

  /// What the dashboard shows.
  var display: String {
    "\(engine.model), telemetry link #\(telemetry.connection)"
  }
}
