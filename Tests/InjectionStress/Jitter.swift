import Synchronization

/// Busy-waits for short, pseudo-random lengths, to shift threads against each other so that a
/// race hits its window sooner.
struct Jitter {
  private static let sink = Atomic<Int>(0)
  private var state: UInt64

  /// Makes a jitter whose sequence depends on `seed` (for example, a thread's index).
  init(seed: Int) {
    state = UInt64(truncatingIfNeeded: seed &+ 1) &* 0x9E37_79B9_7F4A_7C15
  }

  /// Spins for fewer than `bound` atomic loads; a `bound` of 0 or less returns at once.
  mutating func spin(below bound: Int) {
    guard bound > 0 else { return }
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let spins = Int(truncatingIfNeeded: state >> 33) % bound
    for _ in 0..<spins {
      _ = Self.sink.load(ordering: .relaxed)
    }
  }
}
