import InjectionCore
import InjectionTestHelpers
import Testing

extension ArgumentTests {
  /// A handler built for one request.
  final class LookupHandler: Sendable {
    let requestID: Int
    let locale: String
    let engine: any Engine

    init(requestID: Int, locale: String, engine: any Engine) {
      self.requestID = requestID
      self.locale = locale
      self.engine = engine
    }
  }

  /// Owns a handler through `@Injected`, which cannot pass arguments.
  final class Desk: Injectable {
    @Injected var handler: LookupHandler
    init() {}
  }

  /// A value with a hook, built from an argument.
  final class Badge: InjectionCompletable, Sendable {
    let number: Int
    let hooks = Counter()
    init(number: Int) { self.number = number }
    func injectionDidComplete() { hooks.increment() }
  }

  /// Builds handlers on demand through a provider, with arguments.
  final class Dispatcher: Injectable {
    @Injected var makeHandler: Provider<LookupHandler>
    init() {}
  }
}

@Suite struct ArgumentTests {
  private func injector() -> Injector {
    let injector = Injector(label: "arguments")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    injector.map(LookupHandler.self, taking: Int.self, String.self) { injector, id, locale in
      LookupHandler(requestID: id, locale: locale, engine: try injector.resolve())
    }
    return injector
  }

  @Test func aMappingTakesTypedArgumentsAtEachResolution() throws {
    let injector = injector()

    let first = try injector.resolve(LookupHandler.self, arguments: 42, "fr")
    let second = try injector.resolve(LookupHandler.self, arguments: 7, "en")

    #expect((first.requestID, first.locale) == (42, "fr"))
    #expect((second.requestID, second.locale) == (7, "en"))
    #expect(first !== second)
    #expect(first.engine === second.engine, "its dependencies resolve as usual")
  }

  @Test func oneArgumentAndNamedKeysWork() throws {
    let injector = Injector(label: "arguments")
    injector.map(String.self, named: "greeting", taking: Int.self) { _, count in
      String(repeating: "hi ", count: count)
    }

    #expect(try injector.resolve(String.self, named: "greeting", arguments: 2) == "hi hi ")
  }

  @Test func wrongArgumentTypesAreATypedErrorNamingBoth() {
    let error = #expect(throws: InjectionError.self) {
      try injector().resolve(LookupHandler.self, arguments: "42", 1)
    }

    guard case .argumentMismatch(let key, let expected, let given)? = error else { return }
    #expect(key == InjectionKey(LookupHandler.self))
    #expect(expected == ["Int", "String"])
    #expect(given == ["String", "Int"])
    #expect(
      error?.description.hasPrefix(
        "The mapping of ArgumentTests.LookupHandler takes (Int, String), but it was resolved with (String, Int)."
      ) == true)
  }

  @Test func argumentsForAMappingThatTakesNoneAreAnError() {
    let injector = injector()

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve((any Engine).self, arguments: 1)
    }

    guard case .argumentMismatch(_, let expected, let given)? = error else { return }
    #expect(expected.isEmpty)
    #expect(given == ["Int"])
  }

  @Test func resolvingWithoutArgumentsThroughInjectedIsAnErrorWhenTheOwnerIsBuilt() {
    let error = #expect(throws: InjectionError.self) {
      try injector().resolve(Desk.self)
    }

    guard case .argumentMismatch(let key, _, let given)? = error else { return }
    #expect(key == InjectionKey(LookupHandler.self))
    #expect(given.isEmpty)
    #expect(error?.description.contains("inject a Provider<ArgumentTests.LookupHandler>") == true)
  }

  @Test func argumentsDoNotLeakIntoTheDependenciesTheFactoryResolves() throws {
    let injector = Injector(label: "arguments")
    injector.map(Int.self, taking: Int.self) { _, value in value }
    injector.map(String.self, taking: Int.self) { injector, value in
      // Int takes arguments too: resolving it here without any must fail, not reuse ours.
      let inner = try? injector.resolve(Int.self)
      return "\(value) \(inner.map(String.init) ?? "none")"
    }

    #expect(try injector.resolve(String.self, arguments: 5) == "5 none")
  }

  @Test func aCachedScopeWithArgumentsIsRejectedWithWhy() throws {
    final class CachedModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(String.self, taking: Int.self, scope: .singleton) { _, value in "\(value)" }
      }
    }
    let injector = Injector(label: "arguments")

    let error = #expect(throws: InjectionError.self) { try injector.addModule(CachedModule()) }

    guard case .invalidMapping(_, let reason)? = error else { return }
    #expect(reason.contains("built from the first resolution's arguments"))
    #expect(reason.contains("Map it .transient"))
  }

  @Test func aProviderPassesArgumentsAndTheChildsOverridesReachWhatItBuilds() throws {
    let parent = injector()
    let child = parent.makeChild(label: "child")
    child.map((any Engine).self, scope: .singleton, with: V8Engine.init)

    let dispatcher = try child.resolve(Dispatcher.self)
    let handler = try dispatcher.makeHandler(3, "de")

    #expect(handler.requestID == 3)
    #expect(handler.engine is V8Engine)
  }

  @Test func argumentMappingsWorkInModulesAndSnapshotsShowThem() throws {
    final class HandlerModule: InjectionModule {
      func configure(_ mappings: ModuleMappings) {
        mappings.map(String.self, taking: Int.self) { _, value in "#\(value)" }
      }
    }
    let injector = Injector(label: "arguments")
    try injector.addModule(HandlerModule())

    #expect(try injector.resolve(String.self, arguments: 9) == "#9")
    #expect(
      injector.snapshot().mapping(for: InjectionKey(String.self))?.recipe == .factoryWithArguments)
  }

  @Test func theHookOfAValueBuiltWithArgumentsRunsOnce() throws {
    let injector = Injector(label: "arguments")
    injector.map(Badge.self, taking: Int.self) { _, number in Badge(number: number) }

    let badge = try injector.resolve(Badge.self, arguments: 7)

    #expect(badge.number == 7)
    #expect(badge.hooks.value == 1)
  }

  @Test func aMappingWithArgumentsThatNeedsItselfIsACycleError() {
    let injector = Injector(label: "arguments")
    injector.map(String.self, taking: Int.self) { injector, depth in
      try injector.resolve(String.self, arguments: depth + 1)
    }

    let error = #expect(throws: InjectionError.self) {
      try injector.resolve(String.self, arguments: 0)
    }

    guard case .cycle(let path)? = error else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path.first == InjectionKey(String.self))
  }
}
