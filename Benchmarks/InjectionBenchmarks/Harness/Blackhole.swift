/// Keeps the optimizer from deleting measured work: every result is folded into a sum of
/// `ObjectIdentifier` hashes, printed at the end of the run.
///
/// Hashing costs the same few nanoseconds in both runs of a workload; the report prints that
/// cost (``BlackholeCost``) so that the floor it adds to every ratio is visible.
struct Blackhole {
  private(set) var sum = 0

  @inline(__always)
  mutating func consume(_ object: AnyObject) {
    sum &+= ObjectIdentifier(object).hashValue
  }

  mutating func absorb(_ other: Blackhole) {
    sum &+= other.sum
  }

  mutating func absorb(_ partialSum: Int) {
    sum &+= partialSum
  }
}
