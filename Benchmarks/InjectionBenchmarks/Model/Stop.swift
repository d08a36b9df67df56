/// W13's value: a stop on a route, which needs the stop before it (none for the first).
final class Stop: Sendable {
  let previous: Stop?

  init(previous: Stop?) {
    self.previous = previous
  }
}
