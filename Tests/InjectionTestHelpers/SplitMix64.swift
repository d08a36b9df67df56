/// A small deterministic pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// The model-based tests (of InjectionCore, and the soundness test of validation) draw every choice from it, and only through its own methods (never
/// through the standard library's `random(in:using:)`, whose algorithm may change between Swift
/// versions), so that a seed reproduces exactly the same sequence of operations everywhere.
public struct SplitMix64: Sendable {
  private var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0), by Lemire's multiply-and-shift.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "the bound must be positive")
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// Whether an event of the given percent chance happens.
  public mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// One of `elements` (not empty), uniformly.
  public mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[below(elements.count)]
  }

  /// One of `choices` (not empty), each with the probability of its weight.
  public mutating func pick<Element>(weighted choices: [(weight: Int, element: Element)]) -> Element
  {
    var roll = below(choices.reduce(0) { $0 + $1.weight })
    for choice in choices {
      if roll < choice.weight { return choice.element }
      roll -= choice.weight
    }
    return choices[choices.count - 1].element
  }
}
