import InjectionCore
import InjectionReflection
import Testing

@testable import CarDemo

@Suite @MainActor struct CarDemoTests {
  private var demoLines: [String] {
    get async {
      let console = RecordingConsole()
      await Demo.run(console: console)
      return console.lines
    }
  }

  @Test func everyCarStartsItsEngineOnceWhenInjectionCompletes() async {
    let lines = await demoLines
    // One car, a garage of three, one car per module step, two in the child step.
    #expect(lines.filter { $0 == "[HybridEngine] Brrrmmmmm...." }.count == 6)
    #expect(lines.filter { $0 == "[V8Engine] VROOOOOM!" }.count == 1)
    #expect(lines.filter { $0 == "[ElectricEngine] Mmmmmmmmm...." }.count == 1)
  }

  @Test func theGarageSharesOneSingletonEngineAndHasTwelveWheels() async {
    let lines = await demoLines
    #expect(lines.contains("   garage: 3 cars, 12 wheels, 1 shared engine"))
    #expect(lines.contains("   car: HybridEngine, 4 wheels"))
  }

  @Test func removingTheModuleRestoresTheEarlierEngineAndUnloadsIt() async throws {
    let lines = await demoLines
    let added = try #require(
      lines.firstIndex(of: "3. Add RacingModule: its V8Engine singleton shadows the HybridEngine"))
    let removed = try #require(
      lines.firstIndex(of: "4. Remove RacingModule: the HybridEngine mapping is back"))
    #expect(lines[added..<removed].contains("   car: V8Engine"))
    #expect(lines[removed...].contains("RacingModule unloaded from \"garage\""))
    #expect(lines[removed...].contains("   car: HybridEngine"))
  }

  @Test func theChildInjectorOverridesTheEngineOnlyForItsOwnCars() async {
    let lines = await demoLines
    #expect(lines.contains("   car from the child: ElectricEngine"))
    #expect(lines.contains("   car from the parent: HybridEngine"))
  }

  @Test func aCarIsBuiltWithItsPaintAsAnArgumentAndAProviderMakesItsWheels() async {
    let lines = await demoLines
    #expect(lines.contains("   car: red, 4 wheels"))
  }

  @Test func anAsyncStartedServiceIsAwaitedThroughALazyAndAMainActorDashboardReadsIt() async {
    let lines = await demoLines
    #expect(lines.contains("   pit wall: telemetry link #1, awaited through a Lazy"))
    #expect(lines.contains("   dashboard: HybridEngine, telemetry link #1"))
    #expect(lines.contains("   from a background task: the same dashboard"))
  }

  @Test func accessoriesCollectContributionsAndLoseAModulesWhenItIsRemoved() async {
    let lines = await demoLines
    #expect(lines.contains("   with TouringModule: radio, satnav, roof box"))
    #expect(lines.contains("   without it: radio"))
  }

  @Test func driveModesAreFoundByNameAndAModuleOverridesOneUntilItIsRemoved() async {
    let lines = await demoLines
    #expect(lines.contains("   modes: eco, sport; sport: sharp throttle"))
    #expect(lines.contains("   with TrackDayModule: eco, sport, track; sport: launch control"))
    #expect(lines.contains("   without it: sport: sharp throttle"))
  }

  @Test func signingOutResetsTheDriverScopeSoTheNextDriverGetsANewSession() async {
    let lines = await demoLines
    #expect(lines.contains("   signed in: Ada, one session"))
    #expect(lines.contains("   after sign-out: Lewis, a new session"))
  }

  @Test func aDriversLapBookIsCachedPerDriverUntilSignOut() async {
    let lines = await demoLines
    #expect(lines.contains("   Ada's book: 1 lap; Lewis's book: 0 laps, his own"))
    #expect(lines.contains("   after sign-out: Ada's book has 0 laps"))
  }

  @Test func signingOutDisposesTheDriversSession() async throws {
    let lines = await demoLines
    let signedIn = try #require(lines.firstIndex(of: "   signed in: Ada, one session"))
    #expect(lines[signedIn + 1] == "   Ada's session closed", "the reset disposed it")
    #expect(lines[signedIn + 2] == "   after sign-out: Lewis, a new session")
  }

  @Test func closingTheGarageDisposesWhatItBuiltLatestFirstThenRefusesToBuild() async throws {
    let lines = await demoLines
    let step = try #require(
      lines.firstIndex(
        of: "15. The garage closes: shutdown() disposes what it built, latest first"))
    #expect(
      Array(lines[(step + 1)...]) == [
        "   dashboard switched off",
        "   telemetry link #1 closed",
        "   after closing: a car is refused",
      ])
    #expect(
      lines.filter { $0.hasSuffix(" closed") || $0.hasSuffix(" off") }.count == 4, "each once")
  }

  @Test func theGraphDrawsTheAccessoryCollection() async {
    let graph = await Demo.dependencyGraph()
    let collection = InjectionKey([any Accessory].self)
    #expect(
      graph.edges.contains { $0.from == InjectionKey(AccessoryList.self) && $0.to == collection })
  }

  @Test func aliasesServeThePitCrewUnderBothProtocolsUntilItIsUnmapped() async {
    let lines = await demoLines
    #expect(lines.contains("   tank full, 4 new tyres: the same pit crew"))
    #expect(lines.contains("   after unmapping PitCrew, Refueling is mapped: false"))
  }

  @Test func aModulesDecoratorWrapsTheBenchEngineUntilItIsRemoved() async throws {
    let lines = await demoLines
    let step = try #require(
      lines.firstIndex(
        of: "9. A test bench decorates every engine it builds with a log, through a module"))
    #expect(lines[step + 1] == "   bench engine: logged ElectricEngine")
    #expect(lines[step + 2] == "   without the module: ElectricEngine")
  }

  @Test func resolvingAnUnmappedProtocolPrintsTheDiagnostic() async {
    let lines = await demoLines
    #expect(lines.contains("Nothing is mapped for Vehicle."))
    #expect(lines.contains("  injectors searched: \"garage\""))
    #expect(
      lines.contains(
        "  fix: map it to a type that conforms to Vehicle: "
          + "injector.map((any Vehicle).self) { _ in … }."))
  }
}

@Suite struct CarDemoGraphTests {
  @MainActor
  @Test func theGraphShowsTheWholeDemoWithATitleAndCarAsItsRoot() async {
    let graph = await Demo.dependencyGraph()
    let mermaid = graph.mermaid(title: Demo.graphTitle)

    #expect(mermaid.hasPrefix("---\ntitle: \"\(Demo.graphTitle)\"\n---\ngraph LR\n"))
    #expect(mermaid.contains("[\"Car<br/>root, created automatically\"]:::root"))
    #expect(mermaid.contains("-->|engine|"))
    #expect(mermaid.contains("-->|frontLeft, frontRight, rearLeft, rearRight|"))
    #expect(!mermaid.contains(":::problem"), "the demo's graph is complete")
    let shown = Set(graph.nodes.map(\.key.unqualifiedTypeName))
    #expect(
      shown.isSuperset(of: [
        "Car", "Console", "Dashboard", "Engine", "Garage", "PaintedCar", "TelemetryLink", "Wheel",
      ]), "every step's mappings: \(shown.sorted())")
  }
}
