import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

/// A connection that counts its disposals, and fails them when told to.
final class Connection: InjectionDisposable, Sendable {
  struct StillBusy: Error {}

  let failsToDispose: Bool
  private let disposals = Atomic(0)

  init(failsToDispose: Bool = false) { self.failsToDispose = failsToDispose }

  /// How often it was disposed.
  var disposalCount: Int { disposals.load(ordering: .relaxed) }

  func dispose() throws {
    disposals.add(1, ordering: .relaxed)
    if failsToDispose { throw StillBusy() }
  }
}

/// A connection that only an `await` can dispose.
final class AsyncConnection: AsyncInjectionDisposable, Sendable {
  private let disposals = Atomic(0)

  /// How often it was disposed.
  var disposalCount: Int { disposals.load(ordering: .relaxed) }

  func dispose() async throws {
    await Task.yield()
    disposals.add(1, ordering: .relaxed)
  }
}

/// How far parallel scopes are: how many resolved their connection, how many ended.
final class Progress: Sendable {
  let resolved = Atomic(0)
  let ended = Atomic(0)
}

/// The app of these tests: its connection singleton is built before any test starts.
enum DisposalApp {
  static let injector: Injector = {
    let app = Injector(label: "disposal app")
    app.map(Connection.self, scope: .singleton) { _ in Connection() }
    app.map(AsyncConnection.self, scope: .singleton) { _ in AsyncConnection() }
    _ = try! app.resolve(Connection.self)
    return app
  }()

  /// The app's own connection, which no test may dispose.
  static var connection: Connection { try! injector.resolve(Connection.self) }
}

@Suite struct DisposalAtEndOfTestTests {
  @Test func withTestInjectorDisposesTheValuesItsInjectorBuiltWhenTheScopeEnds() throws {
    let connection = try withTestInjector(from: DisposalApp.injector) { scope in
      let connection = try scope.injector.resolve(Connection.self)
      #expect(connection.disposalCount == 0)
      return connection
    }

    #expect(connection.disposalCount == 1)
    #expect(connection !== DisposalApp.connection)
    #expect(DisposalApp.connection.disposalCount == 0)
  }

  @Test func theAsyncWithTestInjectorAwaitsAsyncDisposals() async throws {
    let connection = try await withTestInjector(from: DisposalApp.injector) { scope in
      await Task.yield()
      return try scope.injector.resolve(AsyncConnection.self)
    }

    #expect(connection.disposalCount == 1)
  }

  @Test func theTraitDisposesTheTestInjectorsValuesAtTheEndOfTheTest() async throws {
    let kept = Mutex<Connection?>(nil)
    let trait: InjectionTrait = .injecting(from: DisposalApp.injector)

    try await trait.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
      let connection = try Injector.current.resolve(Connection.self)
      #expect(connection.disposalCount == 0)
      kept.withLock { $0 = connection }
    }

    #expect(try #require(kept.withLock { $0 }).disposalCount == 1)
    #expect(DisposalApp.connection.disposalCount == 0)
  }

  @Test func aFailedDisposalIsATestIssueNamingTheKey() throws {
    // Known issue: the end of the test records the disposal that threw, naming its key.
    try withKnownIssue {
      try withTestInjector(from: DisposalApp.injector) {
        $0.map(Connection.self, named: "primary", scope: .singleton) { _ in
          Connection(failsToDispose: true)
        }
      } operation: { scope in
        _ = try scope.injector.resolve(Connection.self, named: "primary")
      }
    } matching: { issue in
      let comment = issue.comments.map(\.rawValue).joined()
      return comment.contains("At the end of the test")
        && comment.contains("Connection named \"primary\": threw StillBusy")
    }
  }

  @Test func aSynchronousScopeReportsTheValuesOnlyAnAwaitCanDispose() throws {
    // Known issue: the end of a synchronous scope records a value only an await can dispose.
    try withKnownIssue {
      try withTestInjector(from: DisposalApp.injector) { scope in
        _ = try scope.injector.resolve(AsyncConnection.self)
      }
    } matching: { issue in
      let comment = issue.comments.map(\.rawValue).joined()
      return comment.contains("AsyncConnection: is AsyncInjectionDisposable only")
        && comment.contains("fix: end the test with await")
    }
  }

  /// Eight scopes open at once, each ending after the ones before it: none disposes another's
  /// connection, each disposes its own once, and the app's is never disposed.
  @Test func parallelScopesDisposeOnlyTheirOwnValues() async throws {
    let count = 8
    let progress = Progress()
    let connections = try await withThrowingTaskGroup(of: (Int, Connection).self) { group in
      for index in 0..<count {
        group.addTask {
          let connection = try await withTestInjector(from: DisposalApp.injector) { scope in
            let connection = try scope.injector.resolve(Connection.self)
            progress.resolved.add(1, ordering: .relaxed)
            while progress.resolved.load(ordering: .relaxed) < count { await Task.yield() }
            // The scopes before this one have ended (and disposed what they own).
            while progress.ended.load(ordering: .relaxed) < index {
              try await Task.sleep(for: .milliseconds(1))
            }
            #expect(connection.disposalCount == 0)
            return connection
          }
          progress.ended.add(1, ordering: .relaxed)
          return (index, connection)
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }

    #expect(Set(connections.values.map(ObjectIdentifier.init)).count == count)
    #expect(connections.values.map(\.disposalCount) == Array(repeating: 1, count: count))
    #expect(DisposalApp.connection.disposalCount == 0)
  }

  @Test func aTestInjectorThatOutlivesItsTestIsShutDown() throws {
    let kept = Mutex<TestInjector?>(nil)
    withTestInjector(from: DisposalApp.injector) { scope in
      kept.withLock { $0 = scope }
    }

    let scope = try #require(kept.withLock { $0 })
    #expect(scope.injector.isShutDown)
    #expect(throws: InjectionError.self) { try scope.injector.resolve(Connection.self) }
    #expect(!scope.base.isShutDown)
  }
}
