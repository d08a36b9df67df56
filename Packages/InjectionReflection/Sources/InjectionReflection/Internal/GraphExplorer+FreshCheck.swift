import InjectionCore
import Synchronization

extension GraphExplorer.Run {
  /// The roots and mappings whose check met a value that an earlier check built and that lies
  /// on a cycle (``CheckOrder``): the app that resolves one of them first builds that value
  /// within its resolution, which may fail where the check did not.
  ///
  /// Records whether the dependencies recorded so far have a cycle (``dependenciesHaveNoCycle``):
  /// what is recorded afterwards are failed dependencies, so a graph whose dependencies had none
  /// and that has no deferred edge has no allowed cycle either.
  func rootsToCheckAgain() -> [GraphExplorer.Root] {
    let dependencies = recorder.state.withLock { $0.dependencies }
    let found = order.checksThatDependOnOrder(dependencies)
    dependenciesHaveNoCycle = found.hasCycle == false
    return found.checks.sorted().compactMap { rootOfCheck[$0] }
  }

  /// A fresh copy of the validated injector's chain, for one check.
  func makeFreshCopy() throws(InjectionError) -> Injector {
    try GraphExplorer.makeChainCopy(
      of: injector, keepingPreparedValues: keepingPreparedValues, removing: removed
    ) { _, _ in }
  }

  /// Checks each of ``rootsToCheckAgain()`` in a fresh copy, as an app that resolves it first.
  func checkAgainWhereOrderMatters() {
    for root in rootsToCheckAgain() {
      do throws(InjectionError) {
        try root.resolve(in: try makeFreshCopy())
      } catch {
        failed(error)
      }
    }
  }

  /// Checks each of ``rootsToCheckAgain()`` in a fresh copy that builds its `async` eager
  /// singletons first, as `prepare()` would, resolving it as its first check did (with
  /// `resolveAsync` when its key is mapped `async`).
  func checkAgainWhereOrderMatters() async {
    for root in rootsToCheckAgain() {
      do throws(InjectionError) {
        let fresh = try makeFreshCopy()
        var chain: [Injector] = []
        var next: Injector? = fresh
        while let level = next {
          chain.insert(level, at: 0)
          next = level.parent
        }
        // A failure of `prepare()` is reported by the first copy; here it only leaves values
        // unbuilt, as in the app.
        for level in chain { try? await level.prepare() }
        if case .collection = root {
          try root.resolve(in: fresh)
        } else if isAsync(root.key) {
          _ = try await fresh.resolveAsync(root.key)
        } else {
          try root.resolve(in: fresh)
        }
      } catch {
        failed(error)
      }
    }
  }
}
