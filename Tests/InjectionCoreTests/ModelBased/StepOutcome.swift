/// What one step did, as the model predicts it or as the system under test reports it.
struct StepOutcome: Hashable, Sendable, CustomStringConvertible {
  /// The step's own result.
  enum Result: Hashable, Sendable {
    case done
    case value(Stamp)
    /// An optional resolution that returned `nil`.
    case noValue
    case answer(Bool)
    case count(Int)
    case failed(StepFailure)
  }

  var result: Result
  /// How many values the step built.
  var builds: Int
  /// The keys the step's ``MappingProbe`` asked `isMapped` about.
  var probedKeys: [ModelKey] = []
  /// For each injector the probe asked, by number, the keys it reports as mapped.
  var mappedKeys: [Int: [ModelKey]] = [:]

  var description: String {
    var text: String
    switch result {
    case .done: text = "done"
    case .value(let stamp): text = "\(stamp)"
    case .noValue: text = "nil"
    case .answer(let answer): text = "\(answer)"
    case .count(let count): text = "\(count)"
    case .failed(let failure): text = "throws \(failure)"
    }
    text += ", \(builds) built"
    if !mappedKeys.isEmpty {
      let answers = mappedKeys.keys.sorted().map { injector in
        "i\(injector) [\(mappedKeys[injector]!.map(\.code).joined(separator: ", "))]"
      }
      text += "; isMapped(\(probedKeys.map(\.code).joined(separator: ", "))): "
      text += answers.joined(separator: ", ")
    }
    return text
  }

  /// Whether `other` agrees with this observation for `step`.
  ///
  /// A failed `makeCopy` agrees with any other failed `makeCopy`: which of the copy's eager
  /// singletons it builds first, and so which error it throws and how much it built before,
  /// depends on the order of the library's hash table.
  func agrees(with other: StepOutcome, for step: ModelStep) -> Bool {
    if case .makeCopy = step, case .failed = result, case .failed = other.result {
      return mappedKeys == other.mappedKeys
    }
    return self == other
  }
}
