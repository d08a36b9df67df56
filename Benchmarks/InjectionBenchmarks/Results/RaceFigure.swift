/// W6 for one variant.
struct RaceFigure {
  /// `tasks` or `threads`, as in the JSON report.
  let variant: String
  let racers: Int
  let baseline: RaceTrials
  let injection: RaceTrials
}
