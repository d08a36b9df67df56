/// Something that makes a car go.
protocol Engine: AnyObject, Sendable {
  /// The engine's model name.
  var model: String { get }

  /// The sound of the engine starting.
  func start() -> String
}

/// The engine most cars get.
final class HybridEngine: Engine {
  let model = "HybridEngine"

  func start() -> String { "[HybridEngine] Brrrmmmmm...." }
}

/// The engine the racing module brings.
final class V8Engine: Engine {
  let model = "V8Engine"

  func start() -> String { "[V8Engine] VROOOOOM!" }
}

/// The engine a test drive overrides with.
final class ElectricEngine: Engine {
  let model = "ElectricEngine"

  func start() -> String { "[ElectricEngine] Mmmmmmmmm...." }
}
