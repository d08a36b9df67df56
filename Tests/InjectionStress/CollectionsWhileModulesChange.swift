import InjectionCore
import InjectionTestHelpers

/// Issue 25: contributions to a collection are resolved while modules that contribute to it are
/// added and removed on other threads.
///
/// The injector contributes one plugin directly; each of two mutator threads adds and removes
/// its own module (two singleton plugins each) again and again. A reader, on the injector or on
/// a child with a contribution of its own, must see the child's plugin first, then the direct
/// one, then each module present as its whole group in its own order: a module is in a result
/// or not, never half, and removing one never removes another's. Once the mutators are done and
/// their modules removed, only the direct plugin is left, and the modules' singletons are
/// released.
enum CollectionsWhileModulesChange {
  /// A plugin: who contributed it (0 direct, 9 the child, else the module's number) and its
  /// place in that contributor's list.
  final class Plugin: Sendable {
    let source: Int
    let index: Int

    init(source: Int, index: Int) {
      self.source = source
      self.index = index
    }
  }

  /// Contributes two singleton plugins of its `source`.
  final class PluginModule: InjectionModule {
    let source: Int
    init(source: Int) { self.source = source }

    func configure(_ mappings: ModuleMappings) {
      let source = source
      mappings.contribute(Plugin.self, scope: .singleton) { _ in Plugin(source: source, index: 0) }
      mappings.contribute(Plugin.self, scope: .singleton) { _ in Plugin(source: source, index: 1) }
    }
  }

  /// A weak reference to a module's plugin, kept by the checking thread.
  final class WeakPlugin: Sendable {
    weak let value: Plugin?
    init(_ value: Plugin) { self.value = value }
  }

  private static let mutators = 2
  private static let readers = 2
  private static let rounds = 50

  static let scenario = Scenario(name: "collections-while-modules-change") { run in
    while run.isRunning {
      trial(run)
      run.recordIteration()
    }
  }

  private static func trial(_ run: StressRun) {
    let injector = Injector(label: "collections-while-modules-change")
    injector.contribute(Plugin.self, to: Plugin(source: 0, index: 0))
    let child = injector.makeChild()
    child.contribute(Plugin.self) { _ in Plugin(source: 9, index: 0) }
    let built = Locked<[WeakPlugin]>([])
    let done = Counter()
    Threads.run(mutators + readers, stackSize: 1 << 20) { index in
      if index < mutators {
        for _ in 0..<rounds {
          let module = PluginModule(source: index + 1)
          do {
            try injector.addModule(module)
          } catch {
            run.fail("addModule(PluginModule) threw: \(error)")
          }
          if let plugins = try? injector.resolveAll(Plugin.self) {
            let own = plugins.filter { $0.source == index + 1 }
            built.withLock { $0 += own.map(WeakPlugin.init) }
          }
          run.expect(injector.removeModule(module), "a module added was not found to remove")
        }
        done.increment()
      } else {
        let asked = index.isMultiple(of: 2) ? injector : child
        repeat {
          let plugins: [Plugin]
          do {
            plugins = try asked.resolveAll(Plugin.self)
          } catch {
            run.fail("resolveAll threw: \(error)")
          }
          check(plugins, fromChild: asked === child, run)
        } while done.value < mutators
      }
    }
    guard let after = try? child.resolveAll(Plugin.self) else {
      run.fail("resolveAll threw after the mutators were done")
    }
    run.expect(
      after.map(\.source) == [9, 0],
      "after every module was removed, the child resolves sources \(after.map(\.source))")
    let alive = built.withLock { $0.filter { $0.value != nil }.count }
    run.expect(alive == 0, "\(alive) plugins of removed modules are still alive")
  }

  /// The order a reader must see: the child's plugin (when asked of the child), the direct
  /// one, then whole module groups, each in its own order, each module at most once.
  private static func check(_ plugins: [Plugin], fromChild: Bool, _ run: StressRun) {
    var rest = plugins[...]
    if fromChild {
      run.expect(rest.popFirst()?.source == 9, "the child's own plugin is not first")
    }
    run.expect(rest.popFirst()?.source == 0, "the direct plugin is not before the modules'")
    var seen: Set<Int> = []
    while let first = rest.popFirst() {
      let second = rest.popFirst()
      run.expect(
        first.index == 0 && second?.source == first.source && second?.index == 1,
        "a module's contributions are not whole and in order: \(plugins.map { ($0.source, $0.index) })"
      )
      run.expect(seen.insert(first.source).inserted, "a module's group appears twice")
    }
  }
}
