import Foundation
import InjectionReflection
import Testing

/// Validation is sound: over seeded random graphs (``SoundGraphGenerator``), a report without a
/// problem means that resolving every root and mapped key succeeds, and so does every provider
/// and lazy value reachable from them (``SoundnessChecker``); a disagreement is shrunk and
/// printed as the few mappings that show it.
///
/// The default budget runs in a few seconds in a debug build. Set a bigger one through the
/// environment:
///
/// ```sh
/// INJECTION_SOUNDNESS_SEEDS=100000 swift test -c release --filter SoundnessTests
/// ```
///
/// `INJECTION_SOUNDNESS_SEED` is the first seed (default 0), so that a reported seed runs alone
/// with `INJECTION_SOUNDNESS_SEED=<seed> INJECTION_SOUNDNESS_SEEDS=1`.
@Suite struct SoundnessTests {
  /// The seeds to run, from the environment or the default.
  static var seeds: Range<UInt64> {
    let environment = ProcessInfo.processInfo.environment
    let first = environment["INJECTION_SOUNDNESS_SEED"].flatMap { UInt64($0) } ?? 0
    let count = environment["INJECTION_SOUNDNESS_SEEDS"].flatMap { UInt64($0) } ?? 300
    return first..<(first + count)
  }

  @Test func aGraphThatValidationPassesResolves() async {
    if let report = await SoundnessChecker.firstDisagreement(seeds: Self.seeds) {
      Issue.record("\(report)")
    }
  }

  @Test(arguments: PlantedValidationBug.allCases)
  func aPlantedBugIsFoundAndShrunkToAFewItems(_ bug: PlantedValidationBug) async throws {
    let found = await PlantedValidationBug.$current.withValue(bug) {
      await SoundnessChecker.firstDisagreement(seeds: 0..<300)
    }

    let report = try #require(found)
    #expect(report.graph.size <= 6, "\(report)")
    #expect(report.graph.size < report.original.size || report.original.size <= 6, "\(report)")
    // The shrunk graph still shows the bug, and the library without it agrees.
    let planted = await PlantedValidationBug.$current.withValue(bug) {
      await SoundnessChecker.check(report.graph)
    }
    #expect(planted.disagreement != nil)
    #expect(await SoundnessChecker.check(report.graph).disagreement == nil, "\(report)")
  }

  @Test func aSeedAlwaysDrawsTheSameGraph() {
    #expect(SoundGraphGenerator.graph(seed: 42) == SoundGraphGenerator.graph(seed: 42))
    #expect(SoundGraphGenerator.graph(seed: 42) != SoundGraphGenerator.graph(seed: 43))
  }
}
