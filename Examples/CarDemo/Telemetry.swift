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
