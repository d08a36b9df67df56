/// Polls `condition` (yielding between checks) until it holds or about ten seconds passed.
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<10_000 {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 1_000_000)
  }
  return condition()
}
