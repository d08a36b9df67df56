import InjectionCore
import InjectionTestHelpers
import Testing

/// Aliases, decorators, resettable scopes and collections used together: each feature keeps
/// its own rule when another one is on the same key.
@Suite struct FeatureInteractionTests {
  protocol Greeting: AnyObject, Sendable {
    var text: String { get }
  }

  /// The value a mapping builds; counts its instances.
  final class Greeter: Greeting {
    let text: String
    init(_ text: String, builds: Counter) {
      builds.increment()
      self.text = text
    }
  }

  /// What a decorator wraps around a greeting.
  final class Shouting: Greeting {
    let inner: any Greeting
    init(_ inner: any Greeting) { self.inner = inner }
    var text: String { inner.text.uppercased() + "!" }
  }

  enum VisitScope: ResettableScope {}

  @Test func anAliasOfADecoratedSingletonReturnsTheOneDecoratedInstance() throws {
    let builds = Counter()
    let injector = Injector(label: "app")
    injector.map(Greeter.self, scope: .singleton) { _ in Greeter("hello", builds: builds) }
    injector.alias((any Greeting).self, to: Greeter.self) { $0 }
    injector.decorate(Greeter.self) { greeter in Greeter(greeter.text + ", world", builds: builds) }

    let greeter = try injector.resolve(Greeter.self)
    let greeting = try injector.resolve((any Greeting).self)
    #expect(greeting === greeter, "the alias serves the target's cached, decorated value")
    #expect(greeting.text == "hello, world")
    #expect(builds.value == 2, "one build and one decoration, once for both keys")
  }

  @Test func decoratingTheAliasKeyWrapsEachResolutionOfTheAliasNotTheTarget() throws {
    let builds = Counter()
    let injector = Injector(label: "app")
    injector.map(Greeter.self, scope: .singleton) { _ in Greeter("hi", builds: builds) }
    injector.alias((any Greeting).self, to: Greeter.self) { $0 }
    injector.decorate((any Greeting).self) { Shouting($0) }

    let first = try injector.resolve((any Greeting).self)
    let second = try injector.resolve((any Greeting).self)
    let target = try injector.resolve(Greeter.self)
    #expect(first.text == "HI!")
    #expect(first !== second, "an alias is transient: each resolution is a new decorated value")
    #expect((first as? Shouting)?.inner === target, "around the target's one instance")
    #expect(target.text == "hi", "the target's key is not decorated")
    #expect(builds.value == 1)
  }

  @Test func aResettableValueIsDecoratedOncePerSessionAndAgainAfterAReset() throws {
    let builds = Counter()
    let decorations = Counter()
    let injector = Injector(label: "app")
    injector.map((any Greeting).self, scope: .resettable(VisitScope.self)) { _ in
      Greeter("welcome", builds: builds)
    }
    injector.decorate((any Greeting).self) { greeting in
      decorations.increment()
      return Shouting(greeting)
    }

    let first = try injector.resolve((any Greeting).self)
    #expect(try injector.resolve((any Greeting).self) === first, "cached within the session")
    #expect(first.text == "WELCOME!")
    #expect(decorations.value == 1)

    #expect(injector.reset(VisitScope.self) == 1)
    let next = try injector.resolve((any Greeting).self)
    #expect(next !== first)
    #expect(next is Shouting, "the new session's value is decorated too")
    #expect(builds.value == 2)
    #expect(decorations.value == 2)
  }

  @Test func anAliasOfAResettableTargetServesTheNewSessionAfterAReset() throws {
    let builds = Counter()
    let injector = Injector(label: "app")
    injector.map(Greeter.self, scope: .resettable(VisitScope.self)) { _ in
      Greeter("visit", builds: builds)
    }
    injector.alias((any Greeting).self, to: Greeter.self) { $0 }

    let before = try injector.resolve((any Greeting).self)
    #expect(try injector.resolve(Greeter.self) === before)
    injector.reset(VisitScope.self)
    let after = try injector.resolve((any Greeting).self)
    #expect(after !== before, "the alias holds no value of its own across the reset")
    #expect(try injector.resolve(Greeter.self) === after)
    #expect(builds.value == 2)
  }

  @Test func contributionsAreNotDecoratedByTheirElementTypesDecorators() throws {
    let builds = Counter()
    let injector = Injector(label: "app")
    injector.contribute((any Greeting).self) { _ in Greeter("one", builds: builds) }
    injector.contribute((any Greeting).self, to: Greeter("two", builds: builds))
    injector.decorate((any Greeting).self) { Shouting($0) }

    let all = try injector.resolveAll((any Greeting).self)
    #expect(all.map(\.text) == ["one", "two"])
  }

  @Test func aModuleTakesItsAliasDecoratorAndResettableMappingWithIt() throws {
    final class VisitModule: InjectionModule {
      let builds: Counter
      init(builds: Counter) { self.builds = builds }
      func configure(_ mappings: ModuleMappings) {
        let builds = self.builds
        mappings.map(Greeter.self, scope: .resettable(VisitScope.self)) { _ in
          Greeter("module", builds: builds)
        }
        mappings.alias((any Greeting).self, to: Greeter.self) { $0 }
        mappings.decorate((any Greeting).self) { Shouting($0) }
      }
    }
    let injector = Injector(label: "app")
    let module = VisitModule(builds: Counter())
    try injector.addModule(module)
    #expect(try injector.resolve((any Greeting).self).text == "MODULE!")

    injector.removeModule(module)
    #expect(!injector.isMapped(Greeter.self))
    #expect(!injector.isMapped((any Greeting).self), "the alias went with the module")
    #expect(!injector.isDecorated((any Greeting).self), "and so did the decorator")
    #expect(injector.reset(VisitScope.self) == 0, "no value of the scope is left")
  }
}
