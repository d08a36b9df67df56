/// W3's hand-wired object: its engine is a stored `let`.
final class HandWiredDashboard {
  let engine: any Engine

  init(engine: any Engine) {
    self.engine = engine
  }
}
