import InjectionCore
import Testing

extension InjectionHookTests {
  /// An object that checks, in its hook, that its dependency is already complete.
  ///
  /// `@unchecked Sendable`: its stored properties are `@Injected` wrappers, assigned once by
  /// `init` and thread-safe themselves.
  final class Driver: Injectable, @unchecked Sendable {
    @Injected var log: EventLog
    @Injected var car: LoggingCar

    init() {}

    func injectionDidComplete() {
      log.record("Driver saw car complete: \(log.events.contains("LoggingCar"))")
    }
  }

  /// A protocol that is not bound to classes: its existential holds any value.
  protocol Describable: Sendable {}

  /// A second class-bound protocol, for a composition key (`any Engine & Tuned`), whose
  /// existential holds the object and two witness tables.
  protocol Tuned: AnyObject, Sendable {}

  /// A struct with a hook.
  struct Gauge: Injectable {
    @Injected var log: EventLog

    init() {}

    func injectionDidComplete() {
      log.record("Gauge")
    }
  }
}

@Suite struct InjectionHookTests {
  @Test func hookIsCalledOnceForAnAutoCreatedObject() throws {
    let (injector, log) = makeLoggingInjector()

    _ = try injector.resolve(LoggingWheel.self)

    #expect(log.events == ["LoggingWheel"])
  }

  @Test func hookIsCalledOnceForAFactoryResult() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map((any Engine).self) { _ in LoggingEngine() }

    _ = try injector.resolve((any Engine).self)

    #expect(log.events == ["LoggingEngine"])
  }

  @Test func hookIsCalledOnceForAnInitializerMapping() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map((any Engine).self, with: LoggingEngine.init)

    _ = try injector.resolve((any Engine).self)
    _ = try injector.resolve((any Engine).self)

    #expect(log.events == ["LoggingEngine", "LoggingEngine"])
  }

  @Test func hookIsCalledOnceForAMappedInjectableType() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map(LoggingWheel.self)

    _ = try injector.resolve(LoggingWheel.self)

    #expect(log.events == ["LoggingWheel"])
  }

  @Test(arguments: [Scope.singleton, Scope.eagerSingleton])
  func hookIsCalledOnceForASingletonHoweverOftenItIsResolved(scope: Scope) throws {
    let (injector, log) = makeLoggingInjector()
    injector.map((any Engine).self, scope: MappingScope(scope)) { _ in LoggingEngine() }

    for _ in 0..<3 {
      _ = try injector.resolve((any Engine).self)
    }
    _ = try injector.resolve(LoggingCar.self)

    #expect(log.count(of: "LoggingEngine") == 1)
  }

  @Test func hookOfAnEagerSingletonRunsWhenItIsMapped() {
    let (injector, log) = makeLoggingInjector()

    injector.map((any Engine).self, scope: .eagerSingleton) { _ in LoggingEngine() }

    #expect(log.events == ["LoggingEngine"])
  }

  @Test func hookIsNeverCalledForAMappedInstance() throws {
    let (injector, log) = makeLoggingInjector()
    let engine = withInjector(injector) { LoggingEngine() }
    injector.map((any Engine).self, to: engine)

    _ = try injector.resolve((any Engine).self)
    _ = try injector.resolve(LoggingCar.self)

    #expect(log.count(of: "LoggingEngine") == 0)
  }

  @Test func hooksRunDependenciesFirst() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map((any Engine).self) { _ in LoggingEngine() }

    _ = try injector.resolve(LoggingCar.self)

    #expect(log.events == ["LoggingEngine", "LoggingWheel", "LoggingWheel", "LoggingCar"])
  }

  @Test func hookSeesItsDependenciesHooksDone() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map((any Engine).self, with: LoggingEngine.init)

    _ = try injector.resolve(Driver.self)

    #expect(log.events.last == "Driver saw car complete: true")
  }

  @Test func hookIsCalledOnceForAStruct() throws {
    let (injector, log) = makeLoggingInjector()

    _ = try injector.resolve(Gauge.self)

    #expect(log.events == ["Gauge"])
  }

  @Test func hookIsCalledOnceWhenAFactoryReturnsAnAutoCreatedValue() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map((any Engine).self) { injector in try injector.resolve(LoggingEngine.self) }

    _ = try injector.resolve((any Engine).self)

    #expect(log.events == ["LoggingEngine"])
  }

  @Test func hookOfASingletonIsNotCalledAgainWhenAFactoryReturnsIt() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map(LoggingEngine.self, scope: .singleton)
    injector.map((any Engine).self) { injector in try injector.resolve(LoggingEngine.self) }

    _ = try injector.resolve((any Engine).self)
    _ = try injector.resolve((any Engine).self)

    #expect(log.events == ["LoggingEngine"])
  }

  @Test func hookOfAMappedInstanceIsNotCalledWhenAFactoryReturnsIt() throws {
    let (injector, log) = makeLoggingInjector()
    let engine = withInjector(injector) { LoggingEngine() }
    injector.map(LoggingEngine.self, to: engine)
    injector.map((any Engine).self, scope: .singleton) { injector in
      try injector.resolve(LoggingEngine.self)
    }

    #expect(try injector.resolve((any Engine).self) === engine)
    #expect(log.events.isEmpty)
  }

  @Test func factoryReturningASingletonWhoseMappingHasNoHookNeverCompletesIt() throws {
    let (injector, log) = makeLoggingInjector()
    // Mapped where the compiler cannot see that the type has a hook: its hook does not run.
    func mapSingleton<T: Sendable>(_ type: T.Type, _ make: @escaping @Sendable () -> T) {
      injector.map(type, scope: .singleton) { _ in make() }
    }
    mapSingleton(LoggingEngine.self) { LoggingEngine() }
    injector.map(LoggingEngine.self, named: "alias") { injector in
      try injector.resolve(LoggingEngine.self)
    }

    let first = try injector.resolve(LoggingEngine.self, named: "alias")
    for _ in 0..<3 {
      #expect(try injector.resolve(LoggingEngine.self, named: "alias") === first)
    }

    #expect(log.events.isEmpty)
  }

  @Test(arguments: KeyShape.allCases)
  func hookOfASingletonIsNotCalledAgainWhateverTheKeyTypeHoldingIt(_ shape: KeyShape) throws {
    let (injector, log) = makeLoggingInjector()
    injector.map(TunedLoggingEngine.self, scope: .singleton)
    let engine = try injector.resolve(TunedLoggingEngine.self)
    switch shape {
    case .composition:
      injector.map((any Engine & Tuned).self) { try $0.resolve(TunedLoggingEngine.self) }
      #expect(try injector.resolve((any Engine & Tuned).self) === engine)
    case .unboundProtocol:
      injector.map((any Describable).self) { try $0.resolve(TunedLoggingEngine.self) }
      #expect(try injector.resolve((any Describable).self) as? TunedLoggingEngine === engine)
    case .any:
      injector.map(Any.self) { try $0.resolve(TunedLoggingEngine.self) }
      #expect(try injector.resolve(Any.self) as? TunedLoggingEngine === engine)
    }

    #expect(log.events == ["TunedLoggingEngine"])
  }

  @Test func aGenericHelperWithAHookOverloadKeepsHooksAsTheGuideShows() throws {
    let (injector, log) = makeLoggingInjector()
    injector.registerSingleton(LoggingEngine.self) { LoggingEngine() }
    injector.registerSingleton(Settings.self) { Settings(speedLimit: 1) }

    _ = try injector.resolve(LoggingEngine.self)

    #expect(log.events == ["LoggingEngine"])
    #expect(injector.snapshot().mappings.filter { $0.hook == .missed }.isEmpty)
  }

  @Test func hookIsCalledOnceWhenAFactoryForwardsToANamedMapping() throws {
    let (injector, log) = makeLoggingInjector()
    injector.map((any Engine).self, named: "race", with: LoggingEngine.init)
    injector.map((any Engine).self) { injector in
      try injector.resolve((any Engine).self, named: "race")
    }

    _ = try injector.resolve((any Engine).self)

    #expect(log.events == ["LoggingEngine"])
  }
}

extension InjectionHookTests {
  /// The kinds of key whose values hold an object in different ways.
  enum KeyShape: CaseIterable, Sendable {
    /// `any Engine & Tuned`: a class-bound existential of three words.
    case composition
    /// `any Describable`: an existential that is not bound to classes.
    case unboundProtocol
    /// `Any`.
    case any
  }

  /// An engine with a hook that conforms to the protocols of every ``KeyShape``.
  ///
  /// `@unchecked Sendable`: see ``LoggingEngine``.
  final class TunedLoggingEngine: Engine, Tuned, Describable, Injectable, @unchecked Sendable {
    @Injected var log: EventLog
    let model = "tuned"

    init() {}

    func injectionDidComplete() {
      log.record("TunedLoggingEngine")
    }
  }
}

extension Injector {
  /// The helper of the Getting Started guide, generic over any type.
  fileprivate func registerSingleton<T: Sendable>(
    _ type: T.Type, _ make: @escaping @Sendable () -> T
  ) {
    map(type, scope: .singleton, with: make)
  }

  /// The same helper for types with a hook, so that their hook runs.
  fileprivate func registerSingleton<T: InjectionCompletable & Sendable>(
    _ type: T.Type, _ make: @escaping @Sendable () -> T
  ) {
    map(type, scope: .singleton, with: make)
  }
}
