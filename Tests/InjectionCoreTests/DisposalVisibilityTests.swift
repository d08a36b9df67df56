import InjectionCore
import Synchronization
import Testing

// What a snapshot and an observer say of disposals (issue 34, "visible").

private struct Refused: Error {}

/// A socket that closes when disposed; fails to when told to.
private final class Socket: InjectionDisposable, Sendable {
  let fails: Bool

  init(fails: Bool = false) { self.fails = fails }

  func dispose() throws {
    if fails { throw Refused() }
  }
}

/// A socket that only an `await` closes.
private final class AsyncSocket: AsyncInjectionDisposable, Sendable {
  func dispose() async throws {}
}

/// A value type that can never be disposed.
private struct Preferences: Sendable {}

/// A class that does not conform, though a subclass could.
private class Cache: @unchecked Sendable {}

/// A protocol key.
private protocol Transport: Sendable {}
extension Socket: Transport {}
private final class Pigeon: Transport {}

private enum VisitScope: ResettableScope {}

@Suite struct DisposalVisibilityTests {
  private static func disposal(_ key: InjectionKey, in injector: Injector) throws
    -> MappingSnapshot.Disposal
  {
    try #require(injector.snapshot().mapping(for: key)).disposal
  }

  @Test func aSnapshotSaysWhichMappingsValuesAreDisposed() throws {
    let injector = Injector(label: "app")
    injector.map(Socket.self, scope: .singleton) { _ in Socket() }
    injector.map(Socket.self, named: "each", scope: .transient) { _ in Socket() }
    injector.map(Socket.self, named: "mine", to: Socket())
    injector.map(AsyncSocket.self, scope: .eagerSingleton) { _ in AsyncSocket() }
    injector.map(Preferences.self, scope: .singleton) { _ in Preferences() }
    injector.map(Cache.self, scope: .singleton) { _ in Cache() }
    injector.map((any Transport).self, scope: .singleton) { _ in Socket() }
    injector.map((any Transport).self, named: "slow", scope: .singleton) { _ in Pigeon() }
    injector.map(Socket.self, named: "visit", scope: .resettable(VisitScope.self)) { _ in Socket() }

    #expect(try Self.disposal(InjectionKey(Socket.self), in: injector) == .disposed)
    #expect(try Self.disposal(InjectionKey(Socket.self, named: "each"), in: injector) == .notOwned)
    #expect(try Self.disposal(InjectionKey(Socket.self, named: "mine"), in: injector) == .notOwned)
    #expect(try Self.disposal(InjectionKey(AsyncSocket.self), in: injector) == .disposed)
    #expect(try Self.disposal(InjectionKey(Preferences.self), in: injector) == .notDisposed)
    #expect(try Self.disposal(InjectionKey(Cache.self), in: injector) == .disposedIfConforming)
    #expect(
      try Self.disposal(InjectionKey(Socket.self, named: "visit"), in: injector) == .disposed)
    let transport = InjectionKey((any Transport).self)
    let slow = InjectionKey((any Transport).self, named: "slow")
    #expect(try Self.disposal(transport, in: injector) == .disposedIfConforming)
    #expect(try Self.disposal(slow, in: injector) == .disposedIfConforming)

    // Once built, the value's own type decides.
    _ = try injector.resolve((any Transport).self)
    _ = try injector.resolve((any Transport).self, named: "slow")
    #expect(try Self.disposal(transport, in: injector) == .disposed)
    #expect(try Self.disposal(slow, in: injector) == .notDisposed)
  }

  @Test func aSnapshotsDescriptionSaysDisposed() throws {
    let injector = Injector(label: "app")
    injector.map(Socket.self, scope: .singleton) { _ in Socket() }
    injector.map((any Transport).self, scope: .singleton) { _ in Pigeon() }

    let lines = injector.snapshot().mappings.map(\.description)
    #expect(lines.contains("Socket: singleton factory, direct, hook: notCalled, disposed"))
    #expect(
      lines.contains(
        "Transport: singleton factory, direct, hook: checkedForEachType, "
          + "disposed if conforming"))
  }

  @Test func anObserverIsToldOfEachDisposalWithItsKeyAndOutcome() async throws {
    let app = Injector(label: "app")
    let request = app.makeChild(label: "request")
    request.map(Socket.self, scope: .singleton) { _ in Socket() }
    request.map(Socket.self, named: "broken", scope: .singleton) { _ in Socket(fails: true) }
    request.map(AsyncSocket.self, scope: .singleton) { _ in AsyncSocket() }
    request.map(Preferences.self, scope: .singleton) { _ in Preferences() }
    let seen = Mutex<[String]>([])
    // The parent's observer sees its child's disposals, as it sees its resolutions.
    let observation = app.observeResolutions { event in
      guard case .disposed(let failure) = event.phase else { return }
      let outcome = failure.map { "failed: \($0)" } ?? "disposed"
      let line =
        "\(event.key) \(outcome) by \(event.injector.label), \(event.scope.map { "\($0)" } ?? "-")"
      seen.withLock { $0.append(line) }
    }
    _ = try request.resolve(Socket.self)
    _ = try request.resolve(Socket.self, named: "broken")
    _ = try request.resolve(AsyncSocket.self)
    _ = try request.resolve(Preferences.self)

    await #expect(throws: DisposalError.self) { try await request.shutdown() }

    #expect(
      seen.withLock { $0 } == [
        "AsyncSocket disposed by request, singleton",
        "Socket named \"broken\" failed: threw Refused() by request, singleton",
        "Socket disposed by request, singleton",
      ])
    observation.cancel()
  }

  @Test func aSynchronousEventReportsItsDisposalsToo() throws {
    let injector = Injector(label: "app")
    injector.map(Socket.self, scope: .resettable(VisitScope.self)) { _ in Socket() }
    let seen = Mutex<[(InjectionKey, String?)]>([])
    let observation = injector.observeResolutions { event in
      guard case .disposed(let failure) = event.phase else { return }
      seen.withLock { $0.append((event.key, event.resettableScope)) }
      #expect(failure == nil)
    }
    _ = try injector.resolve(Socket.self)

    injector.reset(VisitScope.self)

    let events = seen.withLock { $0 }
    #expect(events.count == 1)
    #expect(events.first?.0 == InjectionKey(Socket.self))
    #expect(events.first?.1 == "VisitScope")
    observation.cancel()
  }
}
