import InjectionCore

/// The car's dashboard: main-actor state, as a SwiftUI view model would be.
///
/// It declares its dependencies with `@Injected`, which a `@MainActor` class may keep.
/// When the garage closes, the injector disposes it on the main actor.
@MainActor
final class Dashboard: AsyncInjectionDisposable {
  @Injected var engine: any Engine
  @Injected var telemetry: TelemetryLink
  private let console: any Console

  init(console: any Console) {
    self.console = console
  }

  /// Switches the dashboard off, on the main actor.
  func dispose() async throws {
    console.print("   dashboard switched off")
  }

  /// What the dashboard shows.
  var display: String {
    "\(engine.model), telemetry link #\(telemetry.connection)"
  }
}
