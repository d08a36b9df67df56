import Synchronization
import Testing

@testable import PlistServices

@Suite struct PlistServicesTests {
  private func lines() throws -> [String] {
    let lines = Mutex<[String]>([])
    try PlistDemo.run { line in lines.withLock { $0.append(line) } }
    return lines.withLock { $0 }
  }

  @Test func theFilePicksTheEngineAndTheGarageRefersToIt() throws {
    let lines = try lines()
    #expect(lines.contains("   car: HybridEngine, 136 hp"))
    #expect(lines.contains("   garage Downtown: HybridEngine, 136 hp, opens at 8:00"))
  }

  @Test func theFileConfiguresANamedKeyFromItsOwnEntry() throws {
    #expect(try lines().contains("   spare engine (named \"spare\"): HybridEngine, 90 hp"))
  }

  @Test func reloadingAChangedFileShowsTheNewEngine() throws {
    let lines = try lines()
    #expect(lines.contains("   car: V8Engine, 450 hp"))
  }

  @Test func aFileNamingAnUnregisteredTypeIsRefused() throws {
    let lines = try lines()
    #expect(
      lines.contains {
        $0.contains("Hostile.plist: EngineService: \"FileManager\" is not registered")
      })
    #expect(
      lines.contains {
        $0.contains("Hostile.plist: GarageService.nmae: unknown property of Garage")
      }, "every problem of the file at once")
  }
}
