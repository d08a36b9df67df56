import InjectionCore
import Synchronization

/// The laps one driver has driven: one book per driver, shared by everything that asks for that
/// driver's book, until the driver signs out.
final class LapBook: Sendable {
  let driver: String
  private let laps = Mutex<[Int]>([])

  init(driver: String) {
    self.driver = driver
  }

  /// How many laps the book holds.
  var lapCount: Int { laps.withLock { $0.count } }

  /// Records a lap, in seconds.
  func record(lap seconds: Int) {
    laps.withLock { $0.append(seconds) }
  }

  /// Maps the books: one per driver's name, cached per argument in ``DriverScope``.
  static func map(on injector: Injector) {
    injector.map(LapBook.self, taking: String.self, scope: .perArgument(in: DriverScope.self)) {
      _, driver in LapBook(driver: driver)
    }
  }

  /// Step 12: the same driver's name gives the same book, another name another book, and
  /// sign-out (a reset of ``DriverScope``) drops every driver's book.
  static func runStep(injector: Injector, console: any Console) {
    map(on: injector)
    do {
      try injector.resolve(LapBook.self, arguments: "Ada").record(lap: 92)
      let ada = try injector.resolve(LapBook.self, arguments: "Ada")
      let lewis = try injector.resolve(LapBook.self, arguments: "Lewis")
      console.print(
        "   Ada's book: \(ada.lapCount) lap; Lewis's book: \(lewis.lapCount) laps, his own")
      injector.reset(DriverScope.self)  // sign-out
      let fresh = try injector.resolve(LapBook.self, arguments: "Ada")
      console.print("   after sign-out: Ada's book has \(fresh.lapCount) laps")
    } catch {
      console.print("   \(error)")
    }
  }
}
