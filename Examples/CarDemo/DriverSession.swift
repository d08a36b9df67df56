import InjectionCore
import Synchronization

/// The scope of a signed-in driver: its values go together when the driver signs out.
enum DriverScope: ResettableScope {}

/// The drivers who sign in, one after another.
final class DriverRoster: Sendable {
  private let waiting = Mutex(["Ada", "Lewis"])

  /// The next driver to sign in.
  func nextDriver() -> String {
    waiting.withLock { $0.isEmpty ? "nobody" : $0.removeFirst() }
  }
}

/// Who drives now: cached in ``DriverScope`` until the driver signs out, when the injector
/// disposes it and it closes.
final class DriverSession: InjectionDisposable, Sendable {
  let driver: String
  private let console: any Console

  init(driver: String, console: any Console) {
    self.driver = driver
    self.console = console
  }

  /// Closes the session: the injector calls it when the scope is reset or the garage closes.
  func dispose() {
    console.print("   \(driver)'s session closed")
  }

  /// Maps the session in ``DriverScope``, each new one for the next driver of `roster`.
  static func map(on injector: Injector, roster: DriverRoster, console: any Console) {
    injector.map(DriverSession.self, scope: .resettable(DriverScope.self)) { _ in
      DriverSession(driver: roster.nextDriver(), console: console)
    }
  }

  /// Step 11: a driver signs in, the session is shared until sign-out resets its scope (which
  /// disposes it), and the next driver gets a new one, from the same injector.
  static func runStep(injector: Injector, console: any Console) {
    map(on: injector, roster: DriverRoster(), console: console)
    do {
      let session = try injector.resolve(DriverSession.self)
      let again = try injector.resolve(DriverSession.self)
      console.print(
        "   signed in: \(session.driver), \(session === again ? "one session" : "two sessions")")
      injector.reset(DriverScope.self)  // sign-out
      let next = try injector.resolve(DriverSession.self)
      console.print("   after sign-out: \(next.driver), a new session")
    } catch {
      console.print("   \(error)")
    }
  }
}
