import InjectionCore
import InjectionReflection
import InjectionTestHelpers
import InjectionTestSupport
import Testing

#if canImport(XCTest)
  import XCTest
#endif

// Every fix line the library prints, pasted verbatim, one to a line, with each `…` filled in.
// This target compiles with ExistentialAny (the root manifest's settings) and CI builds it with
// -warnings-as-errors; FixLineTests checks that each line the library prints is one of these.
// Nothing here runs: it only has to compile.

func pastedCoreFixLines(injector: Injector) throws {
  injector.map((any Database).self) { _ in PostgresDatabase() }
  injector.map(Settings.self) { _ in Settings() }
  injector.map((any Database).self, named: "primay") { _ in PostgresDatabase() }
  injector.map(FixLineTests.Odometer.self) { _ in FixLineTests.Odometer() }
  _ = try injector.resolve((any Greeter).self, arguments: "Ada")
  let greeter: Provider<any Greeter> = try injector.resolve(Provider<any Greeter>.self)
  _ = greeter
  _ = try injector.resolve((any Database).self)
  _ = withInjector(injector) { CheckoutView() }
  _ = withInjector(injector) { ReceiptView() }
  _ = try injector.resolve(ReceiptView.self)
}

func pastedAsyncCoreFixLines(injector: Injector) async throws {
  _ = try await injector.resolveAsync((any Database).self)
  try await injector.prepare()
  try await injector.prepare(InjectionKey((any Database).self))
  _ = try await injector.resolveAsync((any Router).self)
}

func pastedAwaitedDeferredFixLines(injector: Injector) async throws {
  let provider: Provider<any Database> = try injector.resolve(Provider<any Database>.self)
  _ = try await provider.resolveAsync()
  let lazy: Lazy<any Database> = try injector.resolve(Lazy<any Database>.self)
  _ = try await lazy.valueAsync
}

func pastedReflectionFixLines(injector: Injector) async throws {
  try await injector.validate(roots: Settings.self)
  let sample: ValidationArguments =
    .sample("Ada", for: (any Greeter).self)
  let named: ValidationArguments =
    .sample("Ada", for: (any Greeter).self, named: "formal")
  let unchecked: ValidationArguments =
    .unchecked((any Greeter).self)
  let uncheckedNamed: ValidationArguments =
    .unchecked((any Greeter).self, named: "formal")
  let uncheckedIsolated: ValidationArguments =
    .unchecked((any Router).self)
  _ = (sample, named, unchecked, uncheckedNamed, uncheckedIsolated)
}

func pastedCaptiveFixLines(injector: Injector) throws {
  let connection: Provider<Connection> = try injector.resolve(Provider<Connection>.self)
  _ = try injector.resolve(Provider<Connection>.self)
  _ = try injector.resolve(Provider<Connection>.self, named: "scratch")
  _ = try injector.resolve(Provider<Connection>.self, named: "request")
  injector.map(QueryCache.self, scope: .weak) { _ in .empty }
  injector.map(QueryCache.self, named: "eager", scope: .graph) { _ in .empty }
  injector.map(QueryCache.self, named: "s", scope: .resettable(RequestScope.self)) { _ in .empty }
  injector.map(QueryCache.self, named: "settings", scope: .singleton) { _ in .empty }
  _ = connection
}

func pastedTestSupportFixLines(app: Injector) {
  let first: TestInjectionOption =
    .strict(allowing: InjectionKey((any Database).self))
  let option: TestInjectionOption =
    .strict(allowing: InjectionKey((any Database).self), InjectionKey(Settings.self, named: "eu"))
  let trait: InjectionTrait =
    .injecting(from: app)
  withTestInjector(from: app) { _ in }
  withTestInjector(from: app, option) {
    $0.map((any Database).self) { _ in PostgresDatabase() }
    $0.map((any Database).self, named: "replica \"b\"") { _ in PostgresDatabase() }
  } operation: { _ in
  }
  _ = (trait, first)
}

func pastedAsyncTestSupportFixLines(scope: TestInjector) async throws {
  try await scope.injector.prepare()
}

#if canImport(XCTest)
  final class PastedFixLineTestCase: InjectionTestCase {
    override var baseInjector: Injector? { Injector(label: "app") }
  }
#endif
