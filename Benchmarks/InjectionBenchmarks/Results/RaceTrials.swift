/// W6 for one variant (tasks or OS threads) and one run (hand-wired or swift-injection).
struct RaceTrials {
  var inits: [Int] = []
  var distinct: [Int] = []
  var wallMilliseconds: [Double] = []

  /// Whether every trial built exactly one instance and saw exactly one.
  var isCorrect: Bool {
    !inits.isEmpty && inits.allSatisfy { $0 == 1 } && distinct.allSatisfy { $0 == 1 }
  }
}
