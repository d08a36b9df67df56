import InjectionCore
import InjectionReflection

/// The Car/Wheel demo, step by step.
///
/// It writes to a ``Console``, so a test can check its lines.
enum Demo {
  @MainActor
  static func run(console: any Console) async {
    console.print(
      "1. Map the Engine protocol to HybridEngine, as a singleton; Wheel needs no mapping")
    let injector = makeInjector(console: console)
    let car = resolve(Car.self, from: injector)
    console.print(
      "   car: \(car.engine.model), \(Set(car.wheels.map(ObjectIdentifier.init)).count) wheels")

    console.print("2. A garage of three cars")
    Garage.map(on: injector, size: 3)
    let garage = resolve(Garage.self, from: injector)
    let engines = Set(garage.cars.map { ObjectIdentifier($0.engine) })
    let wheels = Set(garage.cars.flatMap(\.wheels).map(ObjectIdentifier.init))
    console.print(
      "   garage: \(garage.cars.count) cars, \(wheels.count) wheels, \(engines.count) shared engine"
    )

    console.print("3. Add RacingModule: its V8Engine singleton shadows the HybridEngine")
    let racing = RacingModule(console: console)
    do {
      try injector.addModule(racing)
    } catch {
      console.print("   \(error)")
    }
    console.print("   car: \(resolve(Car.self, from: injector).engine.model)")

    console.print("4. Remove RacingModule: the HybridEngine mapping is back")
    injector.removeModule(racing)
    console.print("   car: \(resolve(Car.self, from: injector).engine.model)")

    console.print("5. A child injector overrides the engine for a test drive")
    let testDrive = injector.makeChild(label: "test drive")
    testDrive.map((any Engine).self, scope: .singleton, with: ElectricEngine.init)
    let electricCar = resolve(Car.self, from: testDrive)
    console.print("   car from the child: \(electricCar.engine.model)")
    console.print("   car from the parent: \(resolve(Car.self, from: injector).engine.model)")

    console.print("6. A car built with a run-time argument, its paint; a provider makes its wheels")
    PaintedCar.map(on: injector)
    do {
      let painted = try injector.resolve(PaintedCar.self, arguments: Paint.red)
      let wheels = Set(painted.wheels.map(ObjectIdentifier.init)).count
      console.print("   car: \(painted.paint.rawValue), \(wheels) wheels")
    } catch {
      console.print("   \(error)")
    }

    console.print("7. Telemetry starts asynchronously; a @MainActor dashboard reads it")
    await runConcurrencyStep(injector: injector, console: console)

    console.print(
      "8. Accessories: several contributions make one collection; a module adds its own")
    AccessoryList.contributeStandard(on: injector)
    let touring = TouringModule()
    do {
      try injector.addModule(touring)
      console.print(
        "   with TouringModule: \(try injector.resolve(AccessoryList.self).description)")
      injector.removeModule(touring)
      console.print("   without it: \(try injector.resolve(AccessoryList.self).description)")
    } catch {
      console.print("   \(error)")
    }

    console.print("9. A test bench decorates every engine it builds with a log, through a module")
    let bench = injector.makeChild(label: "test bench")
    bench.map((any Engine).self, with: ElectricEngine.init)
    let logging = EngineLogModule()
    do {
      try bench.addModule(logging)
      console.print("   bench engine: \(resolve((any Engine).self, from: bench).model)")
      bench.removeModule(logging)
      console.print("   without the module: \(resolve((any Engine).self, from: bench).model)")
    } catch {
      console.print("   \(error)")
    }

    console.print("10. A pit crew: one singleton serves two protocols through aliases")
    runAliasStep(injector: injector, console: console)

    console.print(
      "11. A driver signs in: the session lives in DriverScope until sign-out resets it")
    DriverSession.runStep(injector: injector, console: console)

    console.print(
      "12. Drive modes by name: a keyed collection; TrackDayModule overrides the sport mode")
    runDriveModeStep(injector: injector, console: console)
    console.print("13. Lap books: one per driver, cached per argument until sign-out")
    LapBook.runStep(injector: injector, console: console)

    console.print("14. Resolve Vehicle, a protocol nothing maps")
    do {
      _ = try injector.resolve((any Vehicle).self)
    } catch {
      for line in error.description.split(separator: "\n") {
        console.print(String(line))
      }
    }

    console.print("15. The garage closes: shutdown() disposes what it built, latest first")
    await closeGarage(injector: injector, console: console)
  }

  /// Shuts the garage down: the driver's session (step 11), the dashboard (step 7, on the main
  /// actor) and the telemetry link it was built with (step 7, awaited) are disposed in reverse
  /// order of creation; then the garage builds nothing more.
  @MainActor
  private static func closeGarage(injector: Injector, console: any Console) async {
    do {
      try await injector.shutdown(timeout: .seconds(2))
    } catch {
      console.print("   \(error)")
    }
    do {
      _ = try injector.resolve(Car.self)
      console.print("   after closing: a car")
    } catch {
      let refused = if case .shutDown = error { "refused" } else { "\(error)" }
      console.print("   after closing: a car is \(refused)")
    }
  }

  /// Contributes the standard drive modes by name, then adds and removes a module that
  /// overrides one of them.
  private static func runDriveModeStep(injector: Injector, console: any Console) {
    ModeSelector.contributeStandard(on: injector)
    let module = TrackDayModule()
    do {
      let selector = try injector.resolve(ModeSelector.self)
      console.print(
        "   modes: \(selector.names); \(try selector.select("sport")?.description ?? "none")")
      try injector.addModule(module)
      let trackDay = try injector.resolve(ModeSelector.self)
      console.print(
        "   with TrackDayModule: \(trackDay.names); \(try trackDay.select("sport")?.description ?? "none")"
      )
      injector.removeModule(module)
      console.print(
        "   without it: \(try injector.resolve((any DriveMode).self, forKey: "sport")?.description ?? "none")"
      )
    } catch {
      console.print("   \(error)")
    }
  }

  /// Maps the pit crew once with an alias for each of its protocols, resolves both, then
  /// unmaps the crew, which removes its aliases.
  private static func runAliasStep(injector: Injector, console: any Console) {
    PitCrew.map(on: injector)
    let refueling = resolve((any Refueling).self, from: injector)
    let tyres = resolve((any TyreChanging).self, from: injector)
    let same = refueling === tyres as AnyObject
    console.print(
      "   \(refueling.refuel()), \(tyres.changeTyres()): \(same ? "the same" : "another") pit crew")
    injector.unmap(PitCrew.self)
    console.print(
      "   after unmapping PitCrew, Refueling is mapped: \(injector.isMapped((any Refueling).self))")
  }

  /// Maps a service with an `async` factory and a `@MainActor` one, builds the first at
  /// start-up with `prepare()`, and reads both synchronously on the main actor.
  @MainActor
  private static func runConcurrencyStep(injector: Injector, console: any Console) async {
    mapTelemetryAndDashboard(on: injector, console: console)
    do {
      let pitWall = try injector.resolve(PitWall.self)  // its Lazy link is not opened yet
      console.print("   pit wall: \(try await pitWall.watch())")
      try await injector.prepare()  // builds what is left: the link is built already
      let dashboard = try injector.resolve(Dashboard.self)  // on the main actor: synchronous
      console.print("   dashboard: \(dashboard.display)")
      let fromBackground = try await Task.detached {
        try await injector.resolveAsync(Dashboard.self)  // off the main actor: awaited
      }.value
      console.print(
        "   from a background task: \(fromBackground === dashboard ? "the same" : "another") dashboard"
      )
    } catch {
      console.print("   \(error)")
    }
  }

  /// Maps the telemetry link, which an `async` factory opens (an eager singleton that
  /// `prepare()` builds), and the `@MainActor` dashboard; both say on `console` when they are
  /// disposed.
  private static func mapTelemetryAndDashboard(on injector: Injector, console: any Console) {
    let server = TelemetryServer(console: console)
    injector.map(TelemetryLink.self, scope: .eagerSingleton) { _ in try await server.connect() }
    injector.map(Dashboard.self, scope: .singleton) { @MainActor _ in Dashboard(console: console) }
  }

  /// The app's injector: the console, and the Engine protocol mapped to a HybridEngine singleton.
  ///
  /// Wheel and Car need no mapping: they are `Injectable`.
  static func makeInjector(console: any Console) -> Injector {
    let injector = Injector(label: "garage")
    injector.map((any Console).self, to: console)
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    return injector
  }

  /// The title of the demo's graph (`swift run CarDemo --graph`).
  static let graphTitle = "swift run CarDemo: the garage injector after every step"

  /// The dependency graph of the whole demo (`swift run CarDemo --graph`): the "garage" injector
  /// with everything the demo maps on it (the console and engine of step 1, the garage of step
  /// 2, the painted car of step 6, the telemetry link and dashboard of step 7, the accessory
  /// collection of step 8), explored from `Car` and `AccessoryList`, the roots the demo
  /// resolves without mapping them.
  ///
  /// It is found in a copy of the injector, which builds every mapping; a recording console
  /// keeps the cars it starts from printing. Validation runs with `await`, so the copy builds
  /// the telemetry link as `prepare()` would, and, on the main actor, the `@MainActor`
  /// dashboard too. RacingModule (steps 3 and 4) and TouringModule (step 8) are
  /// removed again, and the test
  /// drive of step 5 is a child injector of its own.
  @MainActor
  static func dependencyGraph() async -> DependencyGraph {
    let console = RecordingConsole()
    let injector = makeInjector(console: console)
    Garage.map(on: injector, size: 3)
    PaintedCar.map(on: injector)
    mapTelemetryAndDashboard(on: injector, console: console)
    AccessoryList.contributeStandard(on: injector)
    // PaintedCar takes a run-time argument: validation leaves it unchecked, as allowed here.
    return await injector.validationReport(
      roots: Car.self, AccessoryList.self, arguments: [.unchecked(PaintedCar.self)]
    ).graph
  }

  /// Resolves a value the demo has mapped; a failure here is a bug in the demo.
  private static func resolve<T: Injectable>(_ type: T.Type, from injector: Injector) -> T {
    do {
      return try injector.resolve(type)
    } catch {
      fatalError("\(error)")
    }
  }

  private static func resolve<T>(_ type: T.Type, from injector: Injector) -> T {
    do {
      return try injector.resolve(type)
    } catch {
      fatalError("\(error)")
    }
  }
}
