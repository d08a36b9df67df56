import InjectionCore
import InjectionTestHelpers

/// Issue 35: a keyed collection is resolved while modules that contribute to it, override one
/// of its entries or conflict with one are added and removed on other threads.
///
/// The injector contributes `"base"` and `"shared"` directly; a child overrides `"base"` with
/// its own entry. Mutator 1 adds and removes a module with `"m1-a"`, `"m1-b"` and an
/// overriding `"shared"`; mutator 2 one with `"m2-a"` and `"m2-b"`; a third thread adds a
/// module that contributes `"base"` again without overriding, which must throw every time and
/// leave nothing behind. A reader, on the injector or on the child, must see `"base"` from the
/// child when asked of the child (else the direct one), each module's entries whole or not at
/// all, and `"shared"` from module 1 exactly when module 1's entries are there. Once the
/// mutators are done, only the direct entries are left and the modules' singletons are
/// released.
enum KeyedCollectionsWhileModulesChange {
  /// A plugin: who contributed it (0 direct, 9 the child, else the module's number).
  final class Plugin: Sendable {
    let source: Int
    init(source: Int) { self.source = source }
  }

  /// Contributes two singleton entries of its `source`, and module 1 an overriding `"shared"`.
  final class PluginModule: InjectionModule {
    let source: Int
    init(source: Int) { self.source = source }

    func configure(_ mappings: ModuleMappings) {
      let source = source
      for suffix in ["a", "b"] {
        mappings.contribute(Plugin.self, forKey: "m\(source)-\(suffix)", scope: .singleton) { _ in
          Plugin(source: source)
        }
      }
      if source == 1 {
        mappings.contribute(Plugin.self, forKey: "shared", scope: .singleton, overriding: true) {
          _ in Plugin(source: source)
        }
      }
    }
  }

  /// Contributes `"base"`, which the injector holds already: adding it always fails.
  final class ConflictingModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.contribute(Plugin.self, forKey: "x-conflict") { _ in Plugin(source: 7) }
      mappings.contribute(Plugin.self, forKey: "base") { _ in Plugin(source: 7) }
    }
  }

  /// A weak reference to a module's plugin, kept by the checking thread.
  final class WeakPlugin: Sendable {
    weak let value: Plugin?
    init(_ value: Plugin) { self.value = value }
  }

  private static let mutators = 3
  private static let readers = 2
  private static let rounds = 50

  static let scenario = Scenario(name: "keyed-collections-while-modules-change") { run in
    while run.isRunning {
      trial(run)
      run.recordIteration()
    }
  }

  private static func trial(_ run: StressRun) {
    let injector = Injector(label: "keyed-collections-while-modules-change")
    injector.contribute(Plugin.self, forKey: "base", to: Plugin(source: 0))
    injector.contribute(Plugin.self, forKey: "shared", to: Plugin(source: 0))
    let child = injector.makeChild()
    child.contribute(Plugin.self, forKey: "base") { _ in Plugin(source: 9) }
    let built = Locked<[WeakPlugin]>([])
    let done = Counter()
    Threads.run(mutators + readers, stackSize: 1 << 20) { index in
      if index == 2 {
        for _ in 0..<rounds {
          let module = ConflictingModule()
          run.expect(
            (try? injector.addModule(module)) == nil,
            "a module contributing \"base\" again was added")
          run.expect(!injector.hasModule(module), "a module that failed to add is held")
        }
        done.increment()
      } else if index < mutators {
        for _ in 0..<rounds {
          let module = PluginModule(source: index + 1)
          do {
            try injector.addModule(module)
          } catch {
            run.fail("addModule(PluginModule) threw: \(error)")
          }
          if let plugins = try? injector.resolveAll(Plugin.self, keyedBy: String.self) {
            let own = plugins.values.filter { $0.source == index + 1 }
            built.withLock { $0 += own.map(WeakPlugin.init) }
          }
          run.expect(injector.removeModule(module), "a module added was not found to remove")
        }
        done.increment()
      } else {
        let asked = index.isMultiple(of: 2) ? injector : child
        repeat {
          let plugins: [String: Plugin]
          let base: Plugin?
          do {
            plugins = try asked.resolveAll(Plugin.self, keyedBy: String.self)
            base = try asked.resolve(Plugin.self, forKey: "base")
          } catch {
            run.fail("resolving the keyed collection threw: \(error)")
          }
          check(plugins, base: base, fromChild: asked === child, run)
        } while done.value < mutators
      }
    }
    guard let after = try? child.resolveAll(Plugin.self, keyedBy: String.self) else {
      run.fail("resolveAll threw after the mutators were done")
    }
    run.expect(
      after.mapValues(\.source) == ["base": 9, "shared": 0],
      "after every module was removed, the child resolves \(after.mapValues(\.source))")
    let alive = built.withLock { $0.filter { $0.value != nil }.count }
    run.expect(alive == 0, "\(alive) plugins of removed modules are still alive")
  }

  /// What a reader must see: the nearest `"base"`, each module whole or absent, `"shared"`
  /// overridden exactly while module 1 is there, and nothing of the conflicting module.
  private static func check(
    _ plugins: [String: Plugin], base: Plugin?, fromChild: Bool, _ run: StressRun
  ) {
    let expectedBase = fromChild ? 9 : 0
    run.expect(plugins["base"]?.source == expectedBase, "\"base\" is not the nearest entry")
    run.expect(base?.source == expectedBase, "resolve(forKey: \"base\") is not the nearest entry")
    run.expect(plugins["x-conflict"] == nil, "an entry of a module that failed to add is seen")
    for source in 1...2 {
      let present = ["a", "b"].filter { plugins["m\(source)-\($0)"] != nil }.count
      run.expect(present != 1, "module \(source)'s entries are not whole: \(plugins.keys.sorted())")
    }
    let moduleOne = plugins["m1-a"] != nil
    run.expect(
      plugins["shared"]?.source == (moduleOne ? 1 : 0),
      "\"shared\" is \(plugins["shared"]?.source ?? -1) while module 1 is \(moduleOne ? "" : "not ")there"
    )
  }
}
