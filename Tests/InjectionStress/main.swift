import Foundation

// Runs the selected scenarios one after another; a violated invariant exits 1 at once.
let options = StressOptions.parse(Array(CommandLine.arguments.dropFirst()))
for scenario in Scenario.all where options.includes(scenario.name) {
  StressRun(scenario: scenario.name, seconds: options.seconds).execute(scenario.body)
}
exit(0)
