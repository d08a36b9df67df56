import Foundation
import InjectionCore
import InjectionPlist
import InjectionTestHelpers
import Synchronization

// The types the examples of Documentation/Errors.md name.

/// What a car needs.
protocol Engine: Sendable {}

/// An engine.
final class V8: Engine {}

/// Built from an engine.
struct Car: Sendable {
  let engine: any Engine
}

/// A value type, which cannot be held weakly.
struct Settings: Sendable {}

/// What a factory throws.
struct SettingsFileMissing: Error {}

/// Built with the size given when it is resolved.
struct Wheel: Sendable {
  let size: Int
}

/// Started by an async factory.
final class Database: Sendable {}

/// Built on the main actor.
@MainActor final class Router: Sendable {}

/// Maps one thing; added twice in the examples.
final class EngineModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map((any Engine).self, scope: .singleton) { _ in V8() }
  }
}

/// Maps a value type with the `.weak` scope, a mapping that cannot work.
final class SettingsModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(Settings.self, scope: .weak) { _ in Settings() }
  }
}

/// The error of type `E` that `body` throws, or `nil` (when it throws nothing or another
/// error).
func thrown<E: Error>(_: E.Type, _ body: () throws -> Void) -> E? {
  do {
    try body()
    return nil
  } catch {
    return error as? E
  }
}

/// What a trigger produced that was not what it should have.
struct UnexpectedOutcome: Error, CustomStringConvertible {
  let description: String
}
