import InjectionCore
import Testing

protocol Engine: AnyObject, Sendable { var horsepower: Int { get } }
final class HybridEngine: Engine, Injectable { let horsepower = 120; init() {} }
final class Wheel: Injectable { init() {} }
final class Car: Injectable, InjectionCompletable {
  @Injected var engine: any Engine
  @Injected var wheel: Wheel
  @Injected var radio: Wheel?
  var completed = 0
  init() {}
  func injectionDidComplete() { completed += 1 }
}

@Suite struct SmokeTests {
  @Test func carIsBuilt() throws {
    let injector = Injector(label: "test")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    let car = try injector.resolve(Car.self)
    #expect(car.engine.horsepower == 120)
    #expect(car.completed == 1)
    let car2 = try injector.resolve(Car.self)
    #expect(car.engine === car2.engine)
    #expect(car.wheel !== car2.wheel)
  }
  @Test func unmapped() throws {
    let injector = Injector(label: "test")
    #expect(throws: InjectionError.self) { try injector.resolve(Car.self) }
    do { _ = try injector.resolve(Car.self) } catch { print(error) }
  }
}
