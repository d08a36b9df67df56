import InjectionCore
import Synchronization

/// Hands out the ``Stamp`` of every value a model-based run builds, and counts the builds.
///
/// Each run makes its own; its driver binds it as ``current`` around every step, so that an
/// automatically created `Widget`, whose `init()` takes nothing, can count itself. The factories
/// keep the ``path`` of the transient builds they are nested in.
final class BuildLedger: Sendable {
  /// The ledger of the step being performed on this task.
  @TaskLocal static var current: BuildLedger?

  private struct Key: Hashable {
    let tag: Int
    let builder: String
    let path: [Int]
  }

  private struct State {
    var ordinals: [Key: Int] = [:]
    var path: [Int] = []
    var builds = 0
  }

  private let state = Mutex(State())

  /// How many values were built so far.
  var builds: Int { state.withLock { $0.builds } }

  /// The path of the build that is running now; empty at the top level.
  var path: [Int] { state.withLock { $0.path } }

  /// The stamp of a new value: the next ordinal of `tag` built by `builder` along `path`.
  func stamp(_ tag: Int, builder: String, path: [Int], dependencies: [Stamp] = []) -> Stamp {
    let ordinal = state.withLock { state in
      let key = Key(tag: tag, builder: builder, path: path)
      state.ordinals[key, default: 0] += 1
      state.builds += 1
      return state.ordinals[key]!
    }
    return Stamp(
      tag: tag, builder: builder, path: path, ordinal: ordinal, dependencies: dependencies)
  }

  /// The stamp of a `Widget` created automatically.
  func automaticStamp() -> Stamp {
    let path = state.withLock { state in
      state.builds += 1
      return state.path
    }
    return Stamp(tag: 0, builder: "", path: path, ordinal: 0, dependencies: [])
  }

  /// Runs `body`, a factory's resolution of its dependency, with `path` as the current path.
  ///
  /// The mutex is not held while `body` runs: it resolves, and nested factories use the ledger.
  func within<Value>(path: [Int], _ body: () throws(InjectionError) -> Value)
    throws(InjectionError) -> Value
  {
    let outer = state.withLock { state in
      defer { state.path = path }
      return state.path
    }
    defer { state.withLock { $0.path = outer } }
    return try body()
  }
}
