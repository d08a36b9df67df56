import InjectionCore

/// An engine that logs each start of the engine it wraps: what a decorator puts around every
/// engine a test bench builds.
final class LoggingEngine: Engine {
  let engine: any Engine
  let console: any Console

  init(wrapping engine: any Engine, console: any Console) {
    self.engine = engine
    self.console = console
  }

  var model: String { "logged \(engine.model)" }

  func start() -> String {
    console.print("   log: starting \(engine.model)")
    return engine.start()
  }
}

/// A module that decorates every engine with a ``LoggingEngine``, until it is removed.
final class EngineLogModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.decorate((any Engine).self) { engine, injector in
      LoggingEngine(wrapping: engine, console: try injector.resolve())
    }
  }
}
