import InjectionCore
import Synchronization

/// The car's link to the team's telemetry server: a service that starts asynchronously.
final class TelemetryLink: Sendable {
  /// Which link the server opened: the demo shows that it opened one.
  let connection: Int

  init(connection: Int) {
    self.connection = connection
  }
}

/// The team's telemetry server, which numbers the links it opens.
final class TelemetryServer: Sendable {
  private let opened = Mutex(0)

  /// Opens a link; it takes a moment, as a network handshake would.
  func connect() async throws -> TelemetryLink {
    try await Task.sleep(nanoseconds: 5_000_000)
    return TelemetryLink(
      connection: opened.withLock { count in
        count += 1
        return count
      })
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
