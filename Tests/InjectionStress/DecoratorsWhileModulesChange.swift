import InjectionCore
import InjectionTestHelpers

/// Issue 25: values of a decorated key are built while modules that decorate it are added and
/// removed on other threads.
///
/// The injector maps a transient engine and a singleton one and decorates both directly; a
/// child adds a decorator of its own. Each of two mutator threads adds and removes its own
/// module (two decorators each) again and again. A reader, on the injector or on the child,
/// must see the direct decorator first, then each module present as its whole group in its own
/// order, then (for a transient built by the child) the child's: a module applies to a value
/// whole or not at all, and removing one never removes another's. The singleton, resolved
/// through either, is one value decorated once, never by the child. Once the mutators are done
/// and their modules removed, a new value has only the direct (and the child's) layer, and the
/// modules' decorators are released.
enum DecoratorsWhileModulesChange {
  /// A value and the layers its decorators added, innermost first: (source, index), source 0
  /// for the direct decorator, 9 for the child's, else the module's number.
  final class Engine: Sendable {
    let layers: [Layer]
    init(layers: [Layer]) { self.layers = layers }
  }

  struct Layer: Sendable, Equatable {
    let source: Int
    let index: Int
  }

  /// Something each module's decorators keep alive, to check that removing it releases them.
  final class Token: Sendable {}

  /// A weak reference to a module's token, kept by the checking thread.
  final class WeakToken: Sendable {
    weak let value: Token?
    init(_ value: Token) { self.value = value }
  }

  /// Decorates the transient engine twice: layers (`source`, 0) then (`source`, 1).
  final class LayerModule: InjectionModule {
    let source: Int
    let token = Token()
    init(source: Int) { self.source = source }

    func configure(_ mappings: ModuleMappings) {
      let source = source
      let token = token
      for index in 0..<2 {
        mappings.decorate(Engine.self) { engine in
          withExtendedLifetime(token) {
            Engine(layers: engine.layers + [Layer(source: source, index: index)])
          }
        }
      }
    }
  }

  private static let mutators = 2
  private static let readers = 2
  private static let rounds = 50

  static let scenario = Scenario(name: "decorators-while-modules-change") { run in
    while run.isRunning {
      trial(run)
      run.recordIteration()
    }
  }

  private static func layer(_ source: Int) -> @Sendable (Engine) -> Engine {
    { Engine(layers: $0.layers + [Layer(source: source, index: 0)]) }
  }

  private static func trial(_ run: StressRun) {
    let injector = Injector(label: "decorators-while-modules-change")
    injector.map(Engine.self) { _ in Engine(layers: []) }
    injector.map(Engine.self, named: "shared", scope: .singleton) { _ in Engine(layers: []) }
    injector.decorate(Engine.self, layer(0))
    injector.decorate(Engine.self, named: "shared", layer(0))
    let child = injector.makeChild()
    child.decorate(Engine.self, layer(9))
    child.decorate(Engine.self, named: "shared", layer(9))
    let tokens = Locked<[WeakToken]>([])
    let done = Counter()
    Threads.run(mutators + readers, stackSize: 1 << 20) { index in
      if index < mutators {
        for _ in 0..<rounds {
          let module = LayerModule(source: index + 1)
          tokens.withLock { $0.append(WeakToken(module.token)) }
          do {
            try injector.addModule(module)
          } catch {
            run.fail("addModule(LayerModule) threw: \(error)")
          }
          if let engine = try? injector.resolve(Engine.self) {
            run.expect(
              engine.layers.contains(Layer(source: index + 1, index: 1)),
              "a module's decorator did not apply while it was added")
          }
          run.expect(injector.removeModule(module), "a module added was not found to remove")
        }
        done.increment()
      } else {
        let asked = index.isMultiple(of: 2) ? injector : child
        repeat {
          do {
            check(try asked.resolve(Engine.self), fromChild: asked === child, run)
            let shared = try asked.resolve(Engine.self, named: "shared")
            run.expect(
              shared.layers == [Layer(source: 0, index: 0)],
              "the shared singleton has layers \(shared.layers)")
          } catch {
            run.fail("resolve threw: \(error)")
          }
        } while done.value < mutators
      }
    }
    guard let after = try? child.resolve(Engine.self) else {
      run.fail("resolve threw after the mutators were done")
    }
    run.expect(
      after.layers.map(\.source) == [0, 9],
      "after every module was removed, the child's engine has sources \(after.layers.map(\.source))"
    )
    let alive = tokens.withLock { $0.filter { $0.value != nil }.count }
    run.expect(alive == 0, "\(alive) decorators of removed modules are still alive")
  }

  /// The order a reader must see: the direct layer, then whole module groups, each in its own
  /// order, each module at most once, then the child's layer (when asked of the child).
  private static func check(_ engine: Engine, fromChild: Bool, _ run: StressRun) {
    var rest = engine.layers[...]
    run.expect(rest.popFirst()?.source == 0, "the direct decorator is not applied first")
    if fromChild {
      run.expect(rest.popLast()?.source == 9, "the child's decorator is not applied last")
    }
    var seen: Set<Int> = []
    while let first = rest.popFirst() {
      let second = rest.popFirst()
      run.expect(
        first.index == 0 && second?.source == first.source && second?.index == 1,
        "a module's decorators did not apply whole and in order: \(engine.layers)")
      run.expect(seen.insert(first.source).inserted, "a module's group applied twice")
    }
  }
}
