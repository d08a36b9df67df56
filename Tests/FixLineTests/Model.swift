import InjectionCore

/// The app's database, a protocol: its fix lines must write `(any Database).self`.
protocol Database: Sendable {}

/// A database.
struct PostgresDatabase: Database {}

/// Settings, a struct nothing maps.
struct Settings: Sendable {}

/// A greeter built with arguments.
protocol Greeter: Sendable {}

/// A greeter.
struct LocalGreeter: Greeter {
  let name: String
}

/// A router built on the main actor.
@MainActor protocol Router: AnyObject, Sendable {}

/// A router.
@MainActor final class AppRouter: Router {}

/// A plain struct the app creates, with a dependency: its fix cannot be `resolve`.
struct CheckoutView {
  @Injected var database: any Database
}

/// A class the app creates and maps too.
final class ReceiptView {
  @Injected var database: any Database

  init() {}
}

/// A type whose name InjectionTestHelpers gives a type of its own.
struct Odometer {}

/// A connection that validation finds kept too long.
final class Connection: Sendable {}

/// Keeps what it is built with.
final class QueryCache: Sendable {
  /// A cache that holds nothing of note.
  static let empty = QueryCache(holding: 0)

  let held: any Sendable

  init(holding held: any Sendable) {
    self.held = held
  }
}

/// The scope of a signed-in session.
enum SessionScope: ResettableScope {}

/// The scope of one request.
enum RequestScope: ResettableScope {}
