import InjectionCore

/// A colour chosen when the car is built, not when it is mapped.
enum Paint: String, Sendable {
  case red, blue, green
}

/// A car built with a run-time argument, its paint; a provider makes its wheels.
final class PaintedCar {
  let paint: Paint
  let wheels: [Wheel]

  init(paint: Paint, wheels: [Wheel]) {
    self.paint = paint
    self.wheels = wheels
  }

  /// Maps the painted car: the paint is an argument of each resolution.
  static func map(on injector: Injector) {
    injector.map(PaintedCar.self, taking: Paint.self) { injector, paint in
      let makeWheel = try injector.resolve(Provider<Wheel>.self)
      return PaintedCar(paint: paint, wheels: try (0..<4).map { _ in try makeWheel() })
    }
  }
}
