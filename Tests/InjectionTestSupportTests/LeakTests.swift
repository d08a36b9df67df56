import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

@Suite struct LeakTests {
  /// Keeps what it is given alive, as a leaking cache would.
  static let keeper = Mutex<[any Engine]>([])

  @Test func theLeakCheckNamesAnObjectTheTestKeptAlive() throws {
    // Known issue: the leak check fails the test for the engine the test keeps alive.
    try withKnownIssue {
      try withTestInjector(from: App.injector, .checkLeaks) {
        $0.map((any Engine).self) { _ in TestEngine(serial: 8) }
      } operation: { scope in
        let engine = try scope.injector.resolve((any Engine).self)
        Self.keeper.withLock { $0.append(engine) }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "Objects built in this test were not released when it ended: TestEngine (resolved as Engine)"
      )
    }
    Self.keeper.withLock { $0.removeAll() }
  }

  @Test func theLeakCheckPassesWhenEverythingIsReleasedSingletonsIncluded() throws {
    try withTestInjector(from: App.injector, .checkLeaks) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 8) }
    } operation: { scope in
      let car = try scope.injector.resolve(Car.self)
      _ = try scope.injector.resolve(Dashboard.self)
      #expect(car.engine.serial == 8)
    }
  }

  /// The test injector is shut down when its test ends: kept by work that outlived the test,
  /// it no longer keeps the singletons it built.
  @Test func aTestInjectorThatOutlivesItsTestNoLongerKeepsItsSingletons() throws {
    let kept = Mutex<TestInjector?>(nil)
    try withTestInjector(from: App.injector, .checkLeaks) {
      $0.map((any Engine).self, scope: .singleton) { _ in TestEngine(serial: 8) }
    } operation: { scope in
      _ = try scope.injector.resolve((any Engine).self)
      kept.withLock { $0 = scope }
    }
    #expect(kept.withLock { $0?.injector.isShutDown } == true)
    kept.withLock { $0 = nil }
  }
}
