import InjectionCore

/// Three cars, built by the injector through a factory.
final class Garage {
  let cars: [Car]

  init(cars: [Car]) {
    self.cars = cars
  }

  /// Maps a garage of `size` cars, each resolved from the injector that builds the garage.
  static func map(on injector: Injector, size: Int) {
    injector.map(Garage.self) { injector in
      Garage(cars: try (0..<size).map { _ in try injector.resolve(Car.self) })
    }
  }
}
