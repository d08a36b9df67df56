import InjectionCore

/// A module that puts a V8 in every car while it is added.
final class RacingModule: InjectionModule {
  private let console: any Console

  init(console: any Console) {
    self.console = console
  }

  func configure(_ mappings: ModuleMappings) {
    mappings.map((any Engine).self, scope: .singleton, with: V8Engine.init)
  }

  func unload(from injector: Injector) {
    console.print("RacingModule unloaded from \"\(injector.label)\"")
  }
}
