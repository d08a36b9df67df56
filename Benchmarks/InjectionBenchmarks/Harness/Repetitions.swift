/// How a figure is sampled: one warm-up repetition, then `timed` recorded ones, reported as
/// their median.
struct Repetitions {
  let timed: Int

  /// Runs `sample` once without recording it, then `timed` times.
  ///
  /// - Parameter sample: One repetition; returns its figure (such as ns per operation).
  /// - Returns: The median of the recorded figures.
  func median(_ sample: () throws -> Double) rethrows -> Double {
    _ = try sample()
    var figures: [Double] = []
    for _ in 0..<timed {
      figures.append(try sample())
    }
    return figures.median
  }
}

extension Array where Element == Double {
  /// The middle value (the mean of the two middle values for an even count); NaN when empty.
  var median: Double {
    guard !isEmpty else { return .nan }
    let sorted = self.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
