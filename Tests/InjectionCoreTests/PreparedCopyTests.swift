import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

/// A copy that keeps what `prepare()` built, and resolving a key known as a value with `await`.
@Suite struct PreparedCopyTests {
  /// Built by an async factory; counts the hooks that run on it.
  final class Database: Sendable, InjectionCompletable {
    let hooks = Counter()
    init() {}
    func injectionDidComplete() { hooks.increment() }
  }

  /// Built synchronously.
  final class Settings: Sendable {}

  /// Reads the database synchronously.
  final class Report: Injectable {
    @Injected var database: Database
    init() {}
  }

  @Test func aCopyKeepingPreparedValuesSharesThemAndResolvesSynchronously() async throws {
    let built = Counter()
    let app = Injector(label: "app")
    app.map(Database.self, scope: .eagerSingleton) { _ async in
      built.increment()
      return Database()
    }
    try await app.prepare()
    let database = try app.resolve(Database.self)

    let copy = try app.makeCopy(label: "check", keepingPreparedValues: true)

    #expect(try copy.resolve(Report.self).database === database)
    #expect(built.value == 1, "not built again")
    #expect(database.hooks.value == 1, "its hook ran once, when the app built it")
    let mapping = copy.snapshot().mapping(for: InjectionKey(Database.self))
    #expect(mapping?.recipe == .asyncFactory)
    #expect(mapping?.isBuilt == true)
  }

  @Test func aCopyKeepingPreparedValuesBuildsEverythingElseAnew() async throws {
    let app = Injector(label: "app")
    app.map(Database.self, scope: .singleton) { _ async in Database() }
    app.map(Settings.self, scope: .singleton) { _ in Settings() }
    let settings = try app.resolve(Settings.self)  // a synchronous singleton, built

    let copy = try app.makeCopy(label: "check", keepingPreparedValues: true)

    #expect(copy.snapshot().mappings.allSatisfy { !$0.isBuilt }, "nothing async was built")
    #expect(throws: InjectionError.self) { try copy.resolve(Database.self) }
    #expect(try copy.resolve(Settings.self) !== settings)
  }

  @Test func aPlainCopyStillBuildsAsyncValuesAnew() async throws {
    let app = Injector(label: "app")
    app.map(Database.self, scope: .eagerSingleton) { _ async in Database() }
    try await app.prepare()

    let copy = try app.makeCopy(label: "check")

    #expect(throws: InjectionError.self) { try copy.resolve(Database.self) }
  }

  @Test func resolvingAKeyWithAwaitBuildsItsAsyncMapping() async throws {
    let injector = Injector(label: "app")
    injector.map(Database.self, scope: .singleton) { _ async in Database() }

    let value = try await injector.resolveAsync(InjectionKey(Database.self))

    #expect(value as? Database === (try injector.resolve(Database.self)))
    await #expect(throws: InjectionError.self) {
      try await injector.resolveAsync(InjectionKey(Report.self))
    }
  }
}
