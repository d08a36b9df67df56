import InjectionCore
import InjectionTestHelpers

protocol Engine: AnyObject, Sendable {}
final class V8: Engine {}

protocol Radio: Sendable {}

final class Wheel: Injectable, Sendable {
  init() {}
}

/// Five levels of classes, each declaring one `@Injected` property.
class Level1 {
  @Injected var engine: any Engine
  init() {}
}
class Level2: Level1 { @Injected(named: "spare") var spare: Wheel }
class Level3: Level2 { @Injected var radio: (any Radio)? }
class Level4: Level3 { @Injected var wheel: Wheel }
final class Level5: Level4, InjectionCompletable {
  @Injected var injector: Injector
  let hooks = Counter()

  func injectionDidComplete() { hooks.increment() }
}

/// Holds the same dependency twice.
final class Twin {
  @Injected var left: Wheel
  @Injected var right: Wheel
  init() {}
}

/// Has nothing to inject.
final class Plain: InjectionCompletable {
  let hooks = Counter()
  func injectionDidComplete() { hooks.increment() }
}

/// A value with a hook and nothing to inject.
struct PlainValue: InjectionCompletable {
  let hooks = Counter()
  func injectionDidComplete() { hooks.increment() }
}

/// A value with dependencies.
struct Gauge: InjectionCompletable {
  @Injected var engine: any Engine
  let hooks = Counter()
  func injectionDidComplete() { hooks.increment() }
}

/// Needs an engine that nothing maps, through `@Injected`.
final class Car: Injectable {
  @Injected var engine: any Engine
  @Injected var frontLeft: Wheel
  init() {}
}

/// A factory-built garage of one car.
final class Garage {
  let car: Car
  init(car: Car) { self.car = car }
}

/// Two singletons that need each other through `@Injected`: legal.
final class Pilot: Injectable, @unchecked Sendable {
  @Injected var plane: Plane
  init() {}
}

/// The other half of ``Pilot``.
///
/// `@unchecked Sendable`: the test reads its property once, after building.
final class Plane: Injectable, @unchecked Sendable {
  @Injected var pilot: Pilot
  init() {}
}

/// Has a hook that a generic helper without the constraint loses.
final class Turbo: InjectionCompletable, Sendable {
  func injectionDidComplete() {}
}

/// Maps a type through an unconstrained generic helper, as an app's helper might.
func registerSingleton<T: Sendable>(
  _ type: T.Type, on injector: Injector, make: @escaping @Sendable () -> T
) {
  injector.map(T.self, scope: .singleton) { _ in make() }
}

struct ConfigurationMissing: Error {}
