import InjectionCore

// W12's model: a request handler that needs three singletons of the parent injector
// (`RequestDatabase`, `RequestCache`, `RequestSettings`), two transients (`RequestValidator`,
// `ResponseWriter`) and the two values each request maps in its child (`RequestID`,
// `RequestUser`). The hand-wired run builds the same objects with the same initializers.

/// A parent singleton.
final class RequestDatabase: Sendable {
  init() {}
}

/// A parent singleton.
final class RequestCache: Sendable {
  init() {}
}

/// A parent singleton.
final class RequestSettings: Sendable {
  init() {}
}

/// A transient, new for every handler.
final class RequestValidator: Sendable {
  init() {}
}

/// A transient, new for every handler.
final class ResponseWriter: Sendable {
  init() {}
}

/// A request value, mapped in the request's child injector.
final class RequestID: Sendable {
  let number: Int

  init(number: Int) {
    self.number = number
  }
}

/// A request value, mapped in the request's child injector.
final class RequestUser: Sendable {
  let name: String

  init(name: String) {
    self.name = name
  }
}

/// What a request resolves: built by the child (a transient mapped in the parent), so that it
/// sees the child's request values.
final class RequestHandler: Sendable {
  let database: RequestDatabase
  let cache: RequestCache
  let settings: RequestSettings
  let validator: RequestValidator
  let writer: ResponseWriter
  let id: RequestID
  let user: RequestUser

  init(
    database: RequestDatabase, cache: RequestCache, settings: RequestSettings,
    validator: RequestValidator, writer: ResponseWriter, id: RequestID, user: RequestUser
  ) {
    self.database = database
    self.cache = cache
    self.settings = settings
    self.validator = validator
    self.writer = writer
    self.id = id
    self.user = user
  }
}

/// The hand-wired server: the singletons are stored `let`s; each dependency is one non-inlined
/// call, as the library resolves each one.
final class HandWiredServer: Sendable {
  private let database = RequestDatabase()
  private let cache = RequestCache()
  private let settings = RequestSettings()

  @inline(never)
  func handler(id: RequestID, user: RequestUser) -> RequestHandler {
    RequestHandler(
      database: resolveDatabase(), cache: resolveCache(), settings: resolveSettings(),
      validator: makeValidator(), writer: makeWriter(), id: id, user: user)
  }

  @inline(never) private func resolveDatabase() -> RequestDatabase { database }
  @inline(never) private func resolveCache() -> RequestCache { cache }
  @inline(never) private func resolveSettings() -> RequestSettings { settings }
  @inline(never) private func makeValidator() -> RequestValidator { RequestValidator() }
  @inline(never) private func makeWriter() -> ResponseWriter { ResponseWriter() }
}

/// The parent injector's mappings for W12.
enum W12Mappings {
  static func makeParent() throws -> Injector {
    let parent = Injector(label: "W12 server")
    parent.map(RequestDatabase.self, scope: .singleton) { _ in RequestDatabase() }
    parent.map(RequestCache.self, scope: .singleton) { _ in RequestCache() }
    parent.map(RequestSettings.self, scope: .singleton) { _ in RequestSettings() }
    parent.map(RequestValidator.self) { _ in RequestValidator() }
    parent.map(ResponseWriter.self) { _ in ResponseWriter() }
    parent.map(RequestHandler.self) {
      try RequestHandler(
        database: $0.resolve(), cache: $0.resolve(), settings: $0.resolve(),
        validator: $0.resolve(), writer: $0.resolve(), id: $0.resolve(), user: $0.resolve())
    }
    // The singletons are built before anything is timed, as a running server's are.
    _ = try parent.resolve(RequestDatabase.self)
    _ = try parent.resolve(RequestCache.self)
    _ = try parent.resolve(RequestSettings.self)
    return parent
  }
}
