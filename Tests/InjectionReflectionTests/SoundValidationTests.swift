import InjectionCore
import InjectionReflection
import InjectionTestHelpers
import Testing

/// Validation is sound: a graph it passes resolves, and what it cannot build is a problem.
@Suite struct SoundValidationTests {
  final class Inventory: Sendable { init() {} }
  final class Context: Sendable { init() {} }  // never mapped
  final class OrderService: Injectable {
    @Injected var inventory: Inventory
    @Injected var context: Context
    init() {}
  }
  final class Handler: Injectable {
    @Injected var orders: OrderService
    init() {}
  }

  private static var handlerPath: [InjectionKey] {
    [InjectionKey(Handler.self), InjectionKey(OrderService.self)]
  }

  /// The app of the issue: an async eager singleton before a dependency nothing maps.
  private static func makeApp() -> Injector {
    let injector = Injector(label: "v")
    injector.map(Inventory.self, scope: .eagerSingleton) { _ async in Inventory() }
    return injector
  }

  /// The synchronous form's report, from an `async` test (where a call without `await` would
  /// not compile: the `async` form is chosen there).
  private static func synchronousReport(of injector: Injector, roots: any Any.Type)
    -> ValidationReport
  {
    injector.validationReport(roots: roots)
  }

  private static func missingContext(in report: ValidationReport) -> Bool {
    report.problems.contains(
      .missingMapping(key: InjectionKey(Context.self), path: handlerPath))
  }

  @Test func afterPrepareTheSynchronousFormChecksWhatComesAfterAnAsyncSingleton() async throws {
    let injector = Self.makeApp()
    try await injector.prepare()

    let report = Self.synchronousReport(of: injector, roots: Handler.self)

    #expect(Self.missingContext(in: report), "\(report)")
    #expect(report.problems.count == 1, "\(report)")
    #expect(throws: InjectionError.self) { try injector.resolve(Handler.self) }
    let edges = Set(
      report.graph.edges.map { "\($0.from.unqualifiedTypeName) -> \($0.to.unqualifiedTypeName)" })
    #expect(edges.contains("SoundValidationTests.OrderService -> SoundValidationTests.Context"))
  }

  @Test func afterPrepareTheSynchronousFormBuildsNothingNewAndPassesACompleteGraph() async throws {
    let built = Counter()
    let injector = Injector(label: "v")
    injector.map(Inventory.self, scope: .eagerSingleton) { _ async in
      built.increment()
      return Inventory()
    }
    injector.map(Context.self) { _ in Context() }
    try await injector.prepare()

    let report = Self.synchronousReport(of: injector, roots: Handler.self)

    #expect(report.problems.isEmpty && report.notes.isEmpty, "\(report)")
    #expect(built.value == 1, "the prepared value is shared, never built again")
    _ = try injector.resolve(Handler.self)
  }

  @Test func withoutPrepareTheUnbuiltAsyncMappingIsAProblemThatNamesItsKeyAndTheFix() throws {
    let injector = Self.makeApp()

    let report = injector.validationReport(roots: Handler.self)

    let unbuilt = report.problems.filter { $0.key == InjectionKey(Inventory.self) }
    #expect(unbuilt.count == 1, "once, wherever it is needed: \(report)")
    let problem = try #require(unbuilt.first)
    #expect(problem.kind == .factoryFailed)
    #expect(problem.path == Self.handlerPath)
    #expect(problem.description.contains("try await injector.validate(roots: …)"))
    #expect(problem.description.contains("try await injector.prepare() before validating"))
    #expect(!report.isValid)
    #expect(throws: InjectionError.self) { try injector.resolve(Handler.self) }
  }

  @Test func theAsyncFormBuildsAsyncEagerSingletonsAsPrepareWouldAndFindsTheMissingKey() async {
    let injector = Self.makeApp()

    let report = await injector.validationReport(roots: Handler.self)

    #expect(Self.missingContext(in: report), "\(report)")
    #expect(report.problems.count == 1, "\(report)")
    #expect(injector.snapshot().mappings.allSatisfy { !$0.isBuilt }, "built in the copy only")
  }

  @Test func theAsyncFormPassesACompleteGraphWithAnAsyncSingletonRoot() async throws {
    let injector = Self.makeApp()
    injector.map(Context.self) { _ in Context() }
    injector.map((any Engine).self, scope: .singleton) { _ in
      await Task.yield()
      return V8()
    }

    let report = try await injector.validate(roots: Handler.self)

    #expect(report.problems.isEmpty && report.notes.isEmpty, "\(report)")
  }

  /// Makes orders later, through a provider and a lazy value.
  final class Checkout: Injectable {
    @Injected var makeOrders: Provider<OrderService>
    @Injected var receipts: Lazy<any Radio>
    init() {}
  }

  @Test func aProviderOrLazyWhoseTargetIsMissingIsAProblemWithItsPath() async throws {
    let injector = Self.makeApp()
    try await injector.prepare()

    let report = Self.synchronousReport(of: injector, roots: Checkout.self)

    #expect(
      report.problems.contains(
        .missingMapping(
          key: InjectionKey(Context.self),
          path: [
            InjectionKey(Checkout.self), InjectionKey(Provider<OrderService>.self),
            InjectionKey(OrderService.self),
          ])), "\(report)")
    #expect(
      report.problems.contains(
        .missingMapping(
          key: InjectionKey((any Radio).self),
          path: [InjectionKey(Checkout.self), InjectionKey(Lazy<any Radio>.self)])), "\(report)")
    let failed = report.graph.edges.filter(\.isProblem).map(\.to)
    #expect(failed.contains(InjectionKey((any Radio).self)), "drawn as a failed edge")
    let checkout = try injector.resolve(Checkout.self)
    #expect(throws: InjectionError.self) { try checkout.makeOrders() }
    #expect(throws: InjectionError.self) { try checkout.receipts.value }
  }

  /// Starts a wheel later, through a provider; nothing maps the wheel, which is `Injectable`.
  final class Spares: Injectable {
    @Injected var makeWheel: Provider<Wheel>
    @Injected var radio: Lazy<any Radio>
    init() {}
  }

  @Test func aProviderOrLazyTargetIsBuiltInTheCopyAndDrawnLeavingTheInjectorsValuesAlone() throws {
    let injector = Injector(label: "app")
    injector.map((any Radio).self, scope: .singleton) { _ in FM() }

    let report = try injector.validate(roots: Spares.self)

    #expect(report.problems.isEmpty, "\(report)")
    let wheel = report.graph.nodes.first { $0.key == InjectionKey(Wheel.self) }
    #expect(wheel?.kind == .automatic, "the provider's unmapped Injectable target was created")
    let edges = Set(
      report.graph.edges.map { "\($0.from.unqualifiedTypeName) -> \($0.to.unqualifiedTypeName)" })
    #expect(edges.contains("Provider<Wheel> -> Wheel"), "\(edges)")
    #expect(injector.snapshot().mappings.allSatisfy { !$0.isBuilt }, "built in the copy only")
  }

  /// A transient pair that meets through a provider.
  final class Ping: Injectable {
    @Injected var pong: Provider<Pong>
    init() {}
  }
  final class Pong: Injectable {
    @Injected var ping: Ping
    init() {}
  }

  @Test func aCycleThatAProviderClosesIsAnAllowedCycleNotAProblem() throws {
    let injector = Injector(label: "app")

    let report = try injector.validate(roots: Ping.self)

    #expect(report.problems.isEmpty, "\(report)")
    #expect(
      report.notes.contains {
        if case .allowedCycle(let path) = $0 {
          path.contains(InjectionKey(Pong.self))
        } else {
          false
        }
      }, "\(report)")
    _ = try injector.resolve(Ping.self).pong()
  }

  /// Built by an `async` factory: keeps a workshop, whose resolved `@Injected` provider makes
  /// orders later (soundness seed 10901).
  ///
  /// `@unchecked Sendable`: `workshop` is a constant, and the workshop's `@Injected` property is
  /// resolved by the injector before the depot is handed out; the test only reads it.
  final class Depot: @unchecked Sendable {
    let workshop: Checkout
    init(workshop: Checkout) { self.workshop = workshop }
  }

  @Test func afterPrepareTheSynchronousFormChecksWhatAProviderKeptByAPreparedValueResolves()
    async throws
  {
    func makeApp() -> Injector {
      let injector = Injector(label: "app")
      injector.map(Depot.self, scope: .eagerSingleton) { injector async throws in
        Depot(workshop: try injector.resolve(Checkout.self))
      }
      injector.map((any Radio).self) { _ in FM() }
      injector.map(Inventory.self) { _ in Inventory() }
      return injector
    }
    let injector = makeApp()
    try await injector.prepare()

    let report = Self.synchronousReport(of: injector, roots: Depot.self)

    #expect(
      report.problems.contains {
        $0.key == InjectionKey(Context.self) && $0.path.first == InjectionKey(Depot.self)
      }, "\(report)")
    #expect(throws: InjectionError.self) {
      try injector.resolve(Depot.self).workshop.makeOrders()
    }
    let complete = makeApp()
    complete.map(Context.self) { _ in Context() }
    try await complete.prepare()
    #expect(Self.synchronousReport(of: complete, roots: Depot.self).problems.isEmpty)
  }

  @Test func afterPrepareAPreparedValueHoldingAnUnresolvedInjectedPropertyIsAProblemWithAFix()
    async throws
  {
    let injector = Injector(label: "app")
    injector.map(Inventory.self) { _ in Inventory() }
    // Created by the app's code, not by a build: its property resolves on its first read.
    let depot = withInjector(injector) { Depot(workshop: Checkout()) }
    injector.map(Depot.self, scope: .eagerSingleton) { _ async in depot }
    try await injector.prepare()

    let report = Self.synchronousReport(of: injector, roots: Depot.self)

    let problem = try #require(report.problems.first { $0.key == InjectionKey(Depot.self) })
    #expect(problem.kind == .factoryFailed, "\(report)")
    #expect(problem.description.contains("try await injector.validate(roots: …)"))
    #expect(throws: InjectionError.self) {
      try injector.resolve(Depot.self).workshop.makeOrders()
    }
  }
}

private struct FM: Radio {}
