/// The hand-wired floor of W1, W2 and W5: the singleton is a stored `let` built once, a transient
/// is a direct initializer call, and every resolve is a non-inlined call, so the hand-wired run
/// pays one call boundary per resolve as the library run does.
final class HandWiredContainer: Sendable {
  private let engine: any Engine = HybridEngine()

  @inline(never)
  func resolveEngine() -> any Engine {
    engine
  }

  @inline(never)
  func makeWheel() -> Wheel {
    Wheel()
  }

  /// A new car: one non-inlined call for the car, and one for each of its five dependencies,
  /// as the library run resolves each of them.
  @inline(never)
  func makeCar() -> Car {
    Car(
      engine: resolveEngine(), frontLeft: makeWheel(), frontRight: makeWheel(),
      rearLeft: makeWheel(), rearRight: makeWheel())
  }
}
