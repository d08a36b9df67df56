import InjectionCore
import Synchronization

/// The car's link to the team's telemetry server: a service that starts asynchronously, and
/// closes asynchronously when the injector that owns it disposes it.
final class TelemetryLink: AsyncInjectionDisposable, Sendable {
  /// Which link the server opened: the demo shows that it opened one.
  let connection: Int
  private let console: any Console

  init(connection: Int, console: any Console) {
    self.connection = connection
    self.console = console
  }

  /// Says goodbye to the server, as a network link would, then closes.
  func dispose() async throws {
    try await Task.sleep(nanoseconds: 1_000_000)
    console.print("   telemetry link #\(connection) closed")
  }
}

/// The team's telemetry server, which numbers the links it opens.
final class TelemetryServer: Sendable {
  private let opened = Mutex(0)
  private let console: any Console

  /// A server whose links say on `console` when they close.
  init(console: any Console) {
    self.console = console
  }

  /// Opens a link; it takes a moment, as a network handshake would.
  func connect() async throws -> TelemetryLink {
    try await Task.sleep(nanoseconds: 5_000_000)
    return TelemetryLink(
      connection: opened.withLock { count in
        count += 1
        return count
      },
      console: console)
  }
}

/// The team's pit wall: it needs the telemetry link only once the race starts, so it holds it
/// as a `Lazy` and awaits it (the link's factory is `async`).
final class PitWall: Injectable {
  @Injected var link: Lazy<TelemetryLink>

  init() {}

  /// Awaits the link: the first read opens it, once, however many tasks read at once.
  func watch() async throws -> String {
    "telemetry link #\(try await link.valueAsync.connection), awaited through a Lazy"
  }
}
