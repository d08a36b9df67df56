import InjectionCore
import InjectionReflection
import InjectionTestHelpers
import Testing

/// Validation judges an eager singleton by what its build did: a module's eager singleton,
/// built when the module was added, is not a problem because a build with mappings made later
/// would fail (issue 32, cause c).
@Suite struct EagerSingletonValidationTests {
  protocol Fuel: Sendable {}
  final class Petrol: Fuel {}
  final class Engine: Sendable {}

  final class EngineModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Engine.self, scope: .eagerSingleton) { injector in
        _ = try injector.resolve((any Fuel).self)
        return Engine()
      }
    }
  }

  /// An app whose engine was built with the petrol, which is unmapped afterwards.
  private static func makeApp() throws -> Injector {
    let app = Injector(label: "app")
    app.map((any Fuel).self) { _ in Petrol() }
    try app.addModule(EngineModule())  // builds the engine with the petrol
    app.unmap((any Fuel).self)
    return app
  }

  @Test func aModulesEagerSingletonBuiltBeforeALaterUnmapIsNotAProblem() async throws {
    let report = Self.synchronousReport(of: try Self.makeApp())
    let awaited = await (try Self.makeApp()).validationReport(roots: Engine.self)

    for report in [report, awaited] {
      #expect(report.problems.isEmpty, "\(report)")
    }
    _ = try Self.makeApp().resolve(Engine.self)
  }

  @Test func theGraphDrawsNoFailedEdgeOfARebuildThatTheAppsBuildStandsFor() async throws {
    let report = Self.synchronousReport(of: try Self.makeApp())
    let awaited = await (try Self.makeApp()).validationReport(roots: Engine.self)

    for report in [report, awaited] {
      #expect(report.graph.edges.allSatisfy { !$0.isProblem }, "\(report.graph.edges)")
      #expect(report.graph.nodes.allSatisfy { !$0.isProblem }, "\(report.graph.nodes)")
    }
  }

  final class Tyre: Sendable {}
  /// Keeps a provider of `Tyre`, which nothing maps.
  final class Car: Sendable {
    let makeTyre: Provider<Tyre>
    init(makeTyre: Provider<Tyre>) { self.makeTyre = makeTyre }
  }
  struct Stall: Error {}

  /// An app whose car was built once: its factory throws when it is built again, before it
  /// resolves anything (so nothing the copy observes fails).
  private static func makeCarApp() -> Injector {
    let app = Injector(label: "app")
    let builds = Counter()
    app.map(Car.self, scope: .eagerSingleton) { injector in
      if builds.increment() > 1 { throw Stall() }
      return Car(makeTyre: try injector.resolve(Provider<Tyre>.self))
    }
    return app
  }

  @Test func whatABuiltEagerSingletonWhoseRebuildThrowsHoldsAProviderOfIsChecked() async throws {
    let report = Self.synchronousReport(of: Self.makeCarApp(), roots: Car.self)
    let awaited = await Self.makeCarApp().validationReport(roots: Car.self)

    for report in [report, awaited] {
      #expect(
        report.problems.contains {
          $0.key == InjectionKey(Tyre.self) && $0.path == [InjectionKey(Car.self)]
        }, "\(report)")
    }
    // The app's car resolves; its provider fails.
    let app = Self.makeCarApp()
    let car = try app.resolve(Car.self)
    #expect(throws: InjectionError.self) { _ = try car.makeTyre() }
    withExtendedLifetime(app) {}
  }

  /// Keeps what its factory resolved in an array (soundness seed 3378).
  final class Trailer: Sendable {
    let parts: [any Sendable]
    init(parts: [any Sendable]) { self.parts = parts }
  }

  @Test func whatABuiltEagerSingletonWhoseRebuildThrowsHoldsALazyOfInAnArrayIsChecked()
    async throws
  {
    func makeApp() -> Injector {
      let app = Injector(label: "app")
      let builds = Counter()
      app.map(Trailer.self, scope: .eagerSingleton) { injector in
        if builds.increment() > 1 { throw Stall() }
        return Trailer(parts: [try injector.resolve(Lazy<Tyre>.self)])
      }
      return app
    }
    let report = Self.synchronousReport(of: makeApp(), roots: Trailer.self)
    let awaited = await makeApp().validationReport(roots: Trailer.self)

    for report in [report, awaited] {
      #expect(
        report.problems.contains {
          $0.key == InjectionKey(Tyre.self) && $0.path == [InjectionKey(Trailer.self)]
        }, "\(report)")
    }
  }

  /// Keeps a provider of itself (soundness seed 4051).
  final class Winch: Sendable {
    let makeWinch: Provider<Winch>
    init(makeWinch: Provider<Winch>) { self.makeWinch = makeWinch }
  }

  @Test func aBuiltEagerSingletonWhoseRebuildThrowsHoldingAProviderOfItselfPasses() async throws {
    func makeApp() -> Injector {
      let app = Injector(label: "app")
      let builds = Counter()
      app.map(Winch.self, scope: .eagerSingleton) { injector in
        if builds.increment() > 1 { throw Stall() }
        return Winch(makeWinch: try injector.resolve(Provider<Winch>.self))
      }
      return app
    }
    let report = Self.synchronousReport(of: makeApp(), roots: Winch.self)
    let awaited = await makeApp().validationReport(roots: Winch.self)

    for report in [report, awaited] {
      #expect(report.problems.isEmpty, "\(report)")
    }
    let app = makeApp()
    _ = try app.resolve(Winch.self).makeWinch()
  }

  /// Soundness seed 13850: the app's eager car keeps a provider of tyres, which only the child
  /// maps; the child maps the car again, so nothing the child resolves reaches the app's car.
  @Test func anAncestorsEagerSingletonThatTheValidatedChildMapsAgainIsNotExplored() async throws {
    func makeChild() -> Injector {
      let app = Injector(label: "app")
      app.map(Car.self, scope: .eagerSingleton) { injector in
        Car(makeTyre: try injector.resolve(Provider<Tyre>.self))
      }
      let child = app.makeChild(label: "child")
      child.map(Car.self) { injector in Car(makeTyre: try injector.resolve(Provider<Tyre>.self)) }
      child.map(Tyre.self) { _ in Tyre() }
      return child
    }
    let report = Self.synchronousReport(of: makeChild(), roots: Car.self)
    let awaited = await makeChild().validationReport(roots: Car.self)

    for report in [report, awaited] {
      #expect(report.problems.isEmpty, "\(report)")
    }
    let child = makeChild()
    _ = try child.resolve(Car.self).makeTyre()
  }

  /// Keeps a lazy tyre and a provider of winches in resolved `@Injected` properties (soundness
  /// seed 17589).
  final class Garage: Injectable, @unchecked Sendable {
    // `@unchecked Sendable`: the injector that builds a garage resolves both properties before
    // it hands it out; they never change after, and the test only reads them.
    @Injected var tyre: Lazy<Tyre>
    @Injected var makeWinch: Provider<Winch>
    init() {}
  }

  @Test func aBuiltEagerSingletonWhoseRebuildThrowsHoldingAResolvedInjectedLazyPasses()
    async throws
  {
    func makeApp() -> Injector {
      let app = Injector(label: "app")
      let builds = Counter()
      app.map(Garage.self, scope: .eagerSingleton) { _ in
        if builds.increment() > 1 { throw Stall() }
        return Garage()
      }
      app.map(Tyre.self) { _ in Tyre() }
      app.map(Winch.self) { injector in
        Winch(makeWinch: try injector.resolve(Provider<Winch>.self))
      }
      return app
    }
    let report = Self.synchronousReport(of: makeApp(), roots: Garage.self)
    let awaited = await makeApp().validationReport(roots: Garage.self)

    for report in [report, awaited] {
      #expect(report.problems.isEmpty, "\(report)")
    }
    let app = makeApp()
    let garage = try app.resolve(Garage.self)
    _ = try garage.tyre.value
    _ = try garage.makeWinch()
    withExtendedLifetime(app) {}
  }

  /// An app whose trailer was built once, holding `parts`; its factory throws when it is built
  /// again, so validation takes the app's trailer and walks what it holds.
  private static func makeTrailerApp(parts: @escaping @Sendable (Lazy<Tyre>) -> any Sendable)
    -> Injector
  {
    let app = Injector(label: "app")
    let builds = Counter()
    app.map(Trailer.self, scope: .eagerSingleton) { injector in
      if builds.increment() > 1 { throw Stall() }
      return Trailer(parts: [parts(try injector.resolve(Lazy<Tyre>.self))])
    }
    return app
  }

  /// Wraps `value` in `levels` arrays.
  private static func nested(_ value: any Sendable, levels: Int) -> any Sendable {
    (0..<levels).reduce(value) { inner, _ in [inner] }
  }

  @Test func aLazyHeldTenLevelsDeepByABuiltEagerSingletonIsChecked() async throws {
    let parts: @Sendable (Lazy<Tyre>) -> any Sendable = { Self.nested($0, levels: 10) }
    let report = Self.synchronousReport(of: Self.makeTrailerApp(parts: parts), roots: Trailer.self)
    let awaited = await Self.makeTrailerApp(parts: parts).validationReport(roots: Trailer.self)

    for report in [report, awaited] {
      #expect(
        report.problems.contains {
          $0.key == InjectionKey(Tyre.self) && $0.path == [InjectionKey(Trailer.self)]
        }, "\(report)")
    }
  }

  /// A ring of links; the last keeps what it is given and points back to the first.
  final class Link: @unchecked Sendable {
    // `@unchecked Sendable`: `next` and `cargo` are set once, by `ring(of:holding:)`, before the
    // ring is handed to the injector; nothing writes them after.
    var next: Link?
    var cargo: (any Sendable)?

    /// `count` links in a ring, the last holding `cargo`; returns the first.
    static func ring(of count: Int, holding cargo: any Sendable) -> Link {
      let first = Link()
      var last = first
      for _ in 1..<count {
        let link = Link()
        last.next = link
        last = link
      }
      last.cargo = cargo
      last.next = first
      return first
    }
  }

  @Test func aLazyAtTheEndOfARingOfObjectsHeldByABuiltEagerSingletonIsCheckedOnce() async throws {
    let parts: @Sendable (Lazy<Tyre>) -> any Sendable = { Link.ring(of: 8, holding: $0) }
    let report = Self.synchronousReport(of: Self.makeTrailerApp(parts: parts), roots: Trailer.self)
    let awaited = await Self.makeTrailerApp(parts: parts).validationReport(roots: Trailer.self)

    for report in [report, awaited] {
      let tyres = report.problems.filter { $0.key == InjectionKey(Tyre.self) }
      #expect(tyres.count == 1, "\(report)")
    }
  }

  @Test func aValueNestedDeeperThanValidationFollowsMakesItsEagerSingletonAProblem() async throws {
    let parts: @Sendable (Lazy<Tyre>) -> any Sendable = { Self.nested($0, levels: 100) }
    let report = Self.synchronousReport(of: Self.makeTrailerApp(parts: parts), roots: Trailer.self)
    let awaited = await Self.makeTrailerApp(parts: parts).validationReport(roots: Trailer.self)

    for report in [report, awaited] {
      #expect(
        report.problems.contains {
          $0.kind == .eagerSingletonFailed && $0.key == InjectionKey(Trailer.self)
        }, "\(report)")
    }
  }

  private static func synchronousReport(of injector: Injector, roots: Winch.Type)
    -> ValidationReport
  {
    injector.validationReport(roots: roots)
  }

  private static func synchronousReport(of injector: Injector, roots: Trailer.Type)
    -> ValidationReport
  {
    injector.validationReport(roots: roots)
  }

  private static func synchronousReport(of injector: Injector, roots: Garage.Type)
    -> ValidationReport
  {
    injector.validationReport(roots: roots)
  }

  private static func synchronousReport(of injector: Injector, roots: Car.Type)
    -> ValidationReport
  {
    injector.validationReport(roots: roots)
  }

  private static func synchronousReport(of injector: Injector) -> ValidationReport {
    injector.validationReport(roots: Engine.self)
  }
}
