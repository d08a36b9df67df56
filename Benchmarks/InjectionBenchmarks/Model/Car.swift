/// A transient with one ``Engine`` (the singleton) and four new ``Wheel``s, stored as four
/// separate properties: one `Car` is exactly five new heap objects.
final class Car {
  let engine: any Engine
  let frontLeft: Wheel
  let frontRight: Wheel
  let rearLeft: Wheel
  let rearRight: Wheel

  init(engine: any Engine, frontLeft: Wheel, frontRight: Wheel, rearLeft: Wheel, rearRight: Wheel) {
    self.engine = engine
    self.frontLeft = frontLeft
    self.frontRight = frontRight
    self.rearLeft = rearLeft
    self.rearRight = rearRight
  }
}
