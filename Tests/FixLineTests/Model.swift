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
