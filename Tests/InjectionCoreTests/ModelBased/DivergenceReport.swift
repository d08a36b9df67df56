/// A shrunk scenario on which a system under test and the ``ReferenceModel`` disagree, printed
/// as the Swift that reproduces it.
///
/// ```text
/// The system under test diverged from the reference model: seed 0, step 138 of 200; shrunk to 3 steps:
///
///   let i0 = Injector(label: "i0")
///   let m5 = SpecModule { $0.map((any Service).self) { _ in ServiceValue(#11) } }
///   i0.map((any Service).self) { _ in ServiceValue(#20) }  // done, 0 built
///   try i0.addModule(m5)  // done, 0 built
///   i0.removeModule(m5)
///     // model:    true, 0 built; isMapped(Service): i0 [Service]
///     // observed: true, 0 built; isMapped(Service): i0 []
/// ```
struct DivergenceReport: CustomStringConvertible {
  let seed: UInt64
  /// How many steps the seed's scenario has.
  let scenarioSteps: Int
  /// The index of the step at which the unshrunk scenario diverged.
  let divergedAt: Int
  /// The shrunk scenario; its last step diverges.
  let scenario: Scenario
  let divergence: ModelChecker.Divergence

  var description: String {
    var lines = [
      """
      The system under test diverged from the reference model: seed \(seed), step \
      \(divergedAt + 1) of \(scenarioSteps); shrunk to \(scenario.steps.count) steps:
      """,
      "",
      "  let i0 = Injector(label: \"i0\")",
    ]
    lines += scenario.modules.map { "  " + $0.code }
    var model = ReferenceModel(modules: scenario.modules)
    for (index, step) in scenario.steps.enumerated() {
      let expected = model.perform(step, probing: MappingProbe(after: step, in: scenario))
      guard index == divergence.index else {
        var brief = expected
        (brief.probedKeys, brief.mappedKeys) = ([], [:])
        lines.append("  \(step.code)  // \(brief)")
        continue
      }
      lines.append("  \(step.code)")
      lines.append("    // model:    \(divergence.expected)")
      lines.append("    // observed: \(divergence.observed)")
    }
    lines += [
      "",
      """
      A value is written #mapping@builder:build (see Stamp); after a step that changes mappings, \
      isMapped(keys) lists, per injector, the keys it reports as mapped. To run this seed alone: \
      INJECTION_MODEL_SEED=\(seed) INJECTION_MODEL_SEEDS=1 INJECTION_MODEL_STEPS=\(scenarioSteps) \
      swift test --filter randomOperationSequencesBehaveAsTheReferenceModel
      """,
    ]
    return lines.joined(separator: "\n")
  }
}
