import InjectionCore
import Synchronization

/// Tells which checks of a validation may depend on the order in which keys are checked.
///
/// Validation checks every root and mapping in one copy, so a check can meet a cached value
/// (a singleton, a weak value) that an earlier check built. An app that resolves the checked
/// key first builds that value within its resolution instead, with its keys in progress: if
/// the value's dependencies lead back to one of them, the app meets a cycle that the check did
/// not (a singleton whose factory needs an object that needs it through `@Injected` fails when
/// it is resolved first, and is an allowed cycle when the object is). Leading back to a key
/// that leads to the value means that the value lies on a cycle of the dependencies recorded:
/// such a check is made again in a fresh copy once every key is checked. A value that lies on
/// no cycle is built the same way whenever it is built, so the check stands, and no copy is
/// made.
///
/// The copy's observer calls `observe(_:)` on whatever thread resolves.
final class CheckOrder: Sendable {
  struct State {
    /// The check under way: 0 while the copy is made, then 1, 2, … for each root, mapping or
    /// deferred value.
    var check = 0
    /// The cached values each check met (a value met in the check that built it, or prepared
    /// before, lies on a cycle only when a later check may meet it too: checking it again is
    /// then only redundant).
    var met: [(check: Int, key: InjectionKey)] = []
  }

  let state = Mutex(State())
  /// The collections with a contribution that caches its value: a resolution of one may meet
  /// a value that an earlier check built, which tells no observer (a contribution's resolution
  /// sends no event of its own), so each counts as met.
  let cachingCollections: Set<InjectionKey>

  init(cachingCollections: Set<InjectionKey> = []) {
    self.cachingCollections = cachingCollections
  }

  func observe(_ event: ResolutionEvent) {
    switch event.phase {
    case .ended(.cached): break
    case .ended(.built) where !cachingCollections.isEmpty && cachingCollections.contains(event.key):
      break
    default: return
    }
    state.withLock { state in
      if state.check > 0 { state.met.append((state.check, event.key)) }
    }
  }

  /// Starts the next check and returns its number.
  func startCheck() -> Int {
    state.withLock { state in
      state.check += 1
      return state.check
    }
  }

  /// The checks that met a cached value which lies on a cycle of `dependencies`, and whether
  /// `dependencies` have a cycle at all (`nil` when no check met a cached value, so that they
  /// were not searched).
  func checksThatDependOnOrder(_ dependencies: Set<GraphRecorder.Dependency>) -> (
    checks: Set<Int>, hasCycle: Bool?
  ) {
    let met = state.withLock { $0.met }
    guard !met.isEmpty else { return ([], nil) }
    var index: [InjectionKey: Int] = [:]
    var next: [[Int]] = []
    func node(_ key: InjectionKey) -> Int {
      if let known = index[key] { return known }
      index[key] = next.count
      next.append([])
      return next.count - 1
    }
    for dependency in dependencies {
      let from = node(dependency.from)
      next[from].append(node(dependency.to))
    }
    var onCycle = Set<Int>()
    for component in GraphExplorer.stronglyConnectedComponents(next) {
      if component.count > 1 || next[component[0]].contains(component[0]) {
        onCycle.formUnion(component)
      }
    }
    guard !onCycle.isEmpty else { return ([], false) }
    return (Set(met.filter { index[$0.key].map(onCycle.contains) == true }.map(\.check)), true)
  }
}
