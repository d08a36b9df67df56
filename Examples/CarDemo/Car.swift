import InjectionCore

/// Anything with an engine and wheels.
///
/// Nothing maps it: resolving it shows a diagnostic.
protocol Vehicle: AnyObject {
  var engine: any Engine { get }
  var wheels: [Wheel] { get }
}

/// A car: one engine, four wheels, all injected.
///
/// It starts its engine once injection is done.
final class Car: Vehicle, Injectable {
  @Injected var engine: any Engine
  @Injected var frontLeft: Wheel
  @Injected var frontRight: Wheel
  @Injected var rearLeft: Wheel
  @Injected var rearRight: Wheel
  @Injected private var console: any Console

  init() {}

  var wheels: [Wheel] { [frontLeft, frontRight, rearLeft, rearRight] }

  /// Every dependency is resolved by now, so the engine can start.
  func injectionDidComplete() {
    console.print(engine.start())
  }
}
