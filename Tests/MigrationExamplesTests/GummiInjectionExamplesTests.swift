import InjectionCore
import InjectionReflection
import Synchronization
import Testing

// The examples of Gummi Injection's README, ported as Documentation/MigratingFromGummiInjection.md
// shows them.
extension GummiInjectionExamplesTests {
  protocol MyProtocol {}
  final class MyImplementation: MyProtocol, Injectable { init() {} }

  protocol Motor: Sendable { func start() -> String }
  final class HybridMotor: Motor {
    func start() -> String { "Brrrmmmmm...." }
  }

  final class Wheel: Injectable { init() {} }

  protocol Vehicle: AnyObject {}

  /// The README's `Car`: `inject(@"leftFrontWheel", …, @"motor")` becomes `@Injected`.
  final class Car: Vehicle, Injectable {
    @Injected var leftFrontWheel: Wheel
    @Injected var rightFrontWheel: Wheel
    @Injected var leftRearWheel: Wheel
    @Injected var rightRearWheel: Wheel
    @Injected var motor: any Motor
    private(set) var completions = 0

    init() {}

    func injectionDidComplete() {  // Gummi's injection_complete(@selector(…))
      completions += 1
    }
  }

  /// A car that several threads may share, so that an injector can keep it (`to:`, singletons):
  /// its dependencies are `let` properties of type `Injected`.
  final class SharedCar: Vehicle, Sendable {
    let motor = Injected<any Motor>()
    init() {}
  }

  /// The README's `Model`, a lazy singleton of the game module.
  final class Model: Injectable, Sendable { init() {} }

  /// The README's `Service`, which "starts automatically on init" and closes itself when its
  /// injector disposes it.
  final class Service: Injectable, InjectionDisposable, Sendable {
    private let running = Atomic<Bool>(true)
    private let closings = Atomic<Int>(0)
    var isRunning: Bool { running.load(ordering: .acquiring) }
    /// How many times it was closed.
    var closed: Int { closings.load(ordering: .acquiring) }
    init() {}
    func close() {
      running.store(false, ordering: .releasing)
      closings.add(1, ordering: .acquiringAndReleasing)
    }
    func dispose() { close() }
  }

  /// A service protocol for the README's `mapSingleton:[Service class] to:@protocol(RemoteService)`.
  protocol RemoteService: AnyObject, Sendable { var isRunning: Bool { get } }

  /// The README's `GameModule`: a lazy `Model`, an eager `Service`; no `unload`, the `Service`
  /// closes itself when the module is removed.
  final class GameModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Model.self, scope: .singleton)  // lazy:YES
      mappings.map(Service.self, scope: .eagerSingleton)  // lazy:NO: starts when added
    }
  }

  /// The `to:` key of the README's "But you could do this" rule.
  class MyImplementation2 {
    init() {}
    func describe() -> String { "MyImplementation2" }
  }

  /// The class that rule maps under `MyImplementation2`'s key: in Swift, a subclass of it.
  final class MyImplementation1: MyImplementation2 {
    override func describe() -> String { "MyImplementation1" }
  }

  /// Two singletons that need each other ("Handles circular dependencies for singletons").
  final class Pilot: Injectable, Sendable {
    let plane = Injected<Plane>()
    init() {}
  }

  /// The other half of the circle.
  final class Plane: Injectable, Sendable {
    let pilot = Injected<Pilot>()
    init() {}
  }

  /// A weak reference, to see when the injector lets go of a value.
  final class Weak<Object: AnyObject & Sendable>: Sendable {
    weak let object: Object?
    init(_ object: Object) { self.object = object }
  }
}

extension GummiInjectionExamplesTests.Service: GummiInjectionExamplesTests.RemoteService {}

@Suite struct GummiInjectionExamplesTests {
  @Test func mappingRulesPortOneByOne() throws {
    let injector = Injector(label: "rules")

    // [injector map:[MyImplementation class] to:@protocol(MyProtocol)];
    injector.map((any MyProtocol).self, with: MyImplementation.init)
    // [injector map:[MyImplementation class] to:[MyImplementation class]];
    injector.map(MyImplementation.self)
    // [injector mapSingleton:[Service class] to:@protocol(RemoteService) lazy:NO];
    injector.map((any RemoteService).self, scope: .eagerSingleton, with: Service.init)
    // [injector mapSingleton:[Model class] to:[Model class] lazy:YES];
    injector.map(Model.self, scope: .singleton)

    #expect(try injector.resolve((any MyProtocol).self) is MyImplementation)
    #expect(injector.snapshot().mappings.contains { $0.key == InjectionKey(MyImplementation.self) })
    let service = try injector.resolve((any RemoteService).self)
    #expect(service === (try injector.resolve((any RemoteService).self)))
    #expect(service.isRunning, "built when mapped")
    #expect(try injector.resolve(Model.self) === injector.resolve(Model.self))

    // [injector unMap:[Service class] from:@protocol(RemoteService)];
    injector.unmap((any RemoteService).self)
    #expect(!injector.isMapped((any RemoteService).self))
  }

  @Test func aClassIsMappedUnderAnotherClassesKeyWhenItIsASubclassOfIt() throws {
    let rules = Injector(label: "rules")

    // [injector map:[MyImplementation1 class] to:[MyImplementation2 class]];
    rules.map(MyImplementation2.self, with: MyImplementation1.init)

    let resolved = try rules.resolve(MyImplementation2.self)
    #expect(resolved is MyImplementation1)
    #expect(resolved.describe() == "MyImplementation1")
  }

  @Test func circularSingletonsGetEachOthersOneInstance() throws {
    let airline = Injector(label: "airline")
    airline.map(Pilot.self, scope: .singleton)
    airline.map(Plane.self, scope: .singleton)

    let pilot = try airline.resolve(Pilot.self)

    #expect(pilot.plane.value.pilot.value === pilot)
    #expect(try airline.resolve(Plane.self) === pilot.plane.value)
  }

  @Test func anInstanceIsMappedWithToAfterItsKey() throws {
    let injector = Injector(label: "instances")
    injector.map((any Motor).self, with: HybridMotor.init)
    let car = withInjector(injector) { SharedCar() }

    // [injector map:car to:[Car class]]: Gummi's `to:` named the key, ours names the instance.
    injector.map(SharedCar.self, to: car)
    // [injector map:car to:@protocol(Vehicle)]
    injector.map((any Vehicle).self) { _ in car }

    #expect(try injector.resolve(SharedCar.self) === car)
    #expect(try injector.resolve((any Vehicle).self) === car)
    #expect(car.motor.value.start() == "Brrrmmmmm....")
  }

  @Test func getObjectOfTheCarClassBuildsItWithItsWheelsAndMotor() throws {
    let injector = Injector(label: "garage")
    // No rule for Wheel: it is Injectable. The protocol needs one.
    injector.map((any Motor).self, with: HybridMotor.init)

    let car = try injector.resolve(Car.self)  // [injector getObject:[Car class]]

    #expect(car.motor.start() == "Brrrmmmmm....")
    #expect(car.leftFrontWheel !== car.rightFrontWheel, "Wheel is transient")
    #expect(car.completions == 1)
  }

  @Test func getObjectOfTheVehicleProtocolBuildsTheMappedCar() throws {
    let injector = Injector(label: "garage")
    injector.map((any Vehicle).self, with: Car.init)
    injector.map((any Motor).self, with: HybridMotor.init)

    // [injector getObject:@protocol(Vehicle)]
    let vehicle = try injector.resolve((any Vehicle).self)

    let car = try #require(vehicle as? Car)
    #expect(car.motor.start() == "Brrrmmmmm....")
    #expect(car.completions == 1)
  }

  @Test func injectIntoObjectResolvesACarYourCodeCreated() throws {
    let injector = Injector(label: "garage")
    let car = Car()
    injector.map((any Motor).self, with: HybridMotor.init)

    let resolved = try injector.inject(into: car)  // [injector injectIntoObject:car]

    #expect(resolved == 5)
    #expect(car.motor.start() == "Brrrmmmmm....")
    #expect(car.completions == 1)
    #expect(try injector.inject(into: car) == 0)
    #expect(car.completions == 1, "the hook runs once per object")
  }

  @Test func theGameModuleStartsItsServiceAndRemovingTheModuleClosesIt() throws {
    let injector = Injector(label: "game")
    let gameModule = GameModule()

    try injector.addModule(gameModule)  // [injector addModule:module]

    let service = try injector.resolve(Service.self)
    #expect(service.isRunning, "the eager singleton started when the module was added")
    #expect(injector.hasModule(GameModule.self))

    injector.removeModule(GameModule.self)  // [injector removeModuleClass:[GameModule class]]

    #expect(!service.isRunning, "the injector disposed the module's Service: it closed itself")
    #expect(service.closed == 1, "closed once")
    #expect(!injector.isMapped(Service.self))
    #expect(!injector.hasModule(gameModule))
  }

  @Test func shuttingTheGameDownClosesTheServiceOfAModuleStillAdded() async throws {
    let injector = Injector(label: "game")
    try injector.addModule(GameModule())
    let service = try injector.resolve(Service.self)

    try await injector.shutdown()

    #expect(!service.isRunning)
    #expect(service.closed == 1)
  }

  @Test func theGameModulesSingletonsAreReleasedWithTheModule() throws {
    let injector = Injector(label: "game")
    let gameModule = GameModule()
    try injector.addModule(gameModule)
    let service = Weak(try injector.resolve(Service.self))
    let model = Weak(try injector.resolve(Model.self))

    #expect(injector.removeModule(gameModule))  // [injector removeModule:gameModule]

    #expect(service.object == nil, "\"Service and Model get dealloced with me\"")
    #expect(model.object == nil)
    try injector.addModule(gameModule)
    #expect(try injector.resolve(Service.self).isRunning, "added again, a new Service")
  }
}
