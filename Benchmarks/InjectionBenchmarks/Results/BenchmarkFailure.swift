/// A workload that could not produce its figure.
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
