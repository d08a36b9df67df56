import InjectionCore
import InjectionTestSupport
import Testing

// The examples of Factory's README and its Registrations and Modules articles (Factory 2.x),
// ported as Documentation/MigratingFromFactory.md shows them.
extension FactoryExamplesTests {
  protocol MyServiceType: Sendable { func text() -> String }
  final class MyService: MyServiceType {
    func text() -> String { "live" }
  }
  final class MockService2: MyServiceType {
    func text() -> String { "mock" }
  }

  /// `@Injected(\.myService) private var myService` becomes `@Injected` of the type.
  final class ContentViewModel: Injectable {
    @Injected private var myService: any MyServiceType
    init() {}
    func text() -> String { myService.text() }
  }

  /// The README's view model that is given a container: here, an injector.
  final class PassedViewModel {
    let service: any MyServiceType
    init(injector: Injector) throws {
      service = try injector.resolve()
    }
  }

  protocol Networking: AnyObject, Sendable { func load() -> [String] }
  final class MyNetworkService: Networking {
    func load() -> [String] { ["a", "b"] }
  }
  protocol MyRepositoryType: Sendable { func items() -> [String] }
  final class MyRepository: MyRepositoryType {
    let service: any Networking
    init(service: any Networking) { self.service = service }
    func items() -> [String] { service.load() }
  }
  final class MyViewModel {
    let repository: any MyRepositoryType
    init(repository: any MyRepositoryType) { self.repository = repository }
  }

  /// The README's testing example: a provider that tests replace.
  protocol AccountProviding: Sendable { func accounts() -> [String] }
  struct MockProvider: AccountProviding {
    let list: [String]
    func accounts() -> [String] { list }
  }
  final class SomeViewModel: Injectable {
    @Injected var accountProvider: any AccountProviding
    private(set) var accounts: [String] = []
    init() {}
    func load() { accounts = accountProvider.accounts() }
    var isLoaded: Bool { !accounts.isEmpty }
    var isEmpty: Bool { accounts.isEmpty }
  }

  /// The app's injector, which the test trait copies.
  static let app: Injector = {
    let app = Injector(label: "factory app")
    app.map((any AccountProviding).self) { _ in MockProvider(list: ["live"]) }
    return app
  }()

  /// A service of the `.session` scope: one per session, gone at logout.
  final class Authentication: Injectable, Sendable { init() {} }
  final class SessionModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Authentication.self, scope: .singleton)
    }
  }

  final class ParameterService {
    let value: Int
    init(value: Int) { self.value = value }
  }

  /// Factory's Modules article: a protocol whose implementation another module provides.
  protocol AccountLoading: Sendable { func load() -> [String] }
  final class AccountLoader: AccountLoading {
    func load() -> [String] { ["checking"] }
  }
  final class AccountsViewModel: Injectable {
    @Injected var loader: (any AccountLoading)?  // Factory<AccountLoading?> { self { nil } }
    init() {}
    func load() -> [String] { loader?.load() ?? [] }
  }
  final class AccountsModule: InjectionModule {  // the AutoRegistering extension's job
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any AccountLoading).self, with: AccountLoader.init)
    }
  }
}

@Suite struct FactoryExamplesTests {
  @Test func aFactoryBecomesAMappingAndInjectedResolvesIt() throws {
    let injector = Injector(label: "app")
    injector.map((any MyServiceType).self, with: MyService.init)

    let model = try injector.resolve(ContentViewModel.self)
    let direct = try injector.resolve((any MyServiceType).self)  // Container.shared.myService()
    let passed = try PassedViewModel(injector: injector)

    #expect(model.text() == "live")
    #expect(direct.text() == "live")
    #expect(passed.service.text() == "live")
  }

  @Test func aCompositionRootResolvesTheConstructorsArguments() throws {
    let injector = Injector(label: "app")
    injector.map((any MyRepositoryType).self) { injector in
      MyRepository(service: try injector.resolve())
    }
    injector.map((any Networking).self, with: MyNetworkService.init)

    let viewModel = MyViewModel(repository: try injector.resolve())

    #expect(viewModel.repository.items() == ["a", "b"])
  }

  @Test func registeringAMockIsMappingTheKeyAgain() throws {
    let injector = Injector(label: "preview")
    injector.map((any MyServiceType).self, with: MyService.init)

    injector.map((any MyServiceType).self, with: MockService2.init)  // .register { MockService2() }

    #expect(try injector.resolve(ContentViewModel.self).text() == "mock")
  }

  @Test(
    .injecting(from: app) { $0.map((any AccountProviding).self, to: MockProvider(list: ["a"])) })
  func testLoaded() throws {
    let model = try Injector.current.resolve(SomeViewModel.self)
    model.load()
    #expect(model.isLoaded)
  }

  @Test(.injecting(from: app) { $0.map((any AccountProviding).self, to: MockProvider(list: [])) })
  func testEmpty() throws {
    let model = try Injector.current.resolve(SomeViewModel.self)
    model.load()
    #expect(model.isEmpty)
    #expect(try Self.app.resolve(SomeViewModel.self).accountProvider.accounts() == ["live"])
  }

  @Test func aSingletonIsOneInstanceAndASessionIsAModule() throws {
    let injector = Injector(label: "app")
    injector.map((any Networking).self, scope: .singleton, with: MyNetworkService.init)
    let session = SessionModule()
    try injector.addModule(session)
    let first = try injector.resolve(Authentication.self)

    // Container.Scope.session.reset(): a new session module, in one step.
    try injector.replaceModule(session, with: SessionModule())

    #expect(try injector.resolve((any Networking).self) === injector.resolve((any Networking).self))
    #expect(try injector.resolve(Authentication.self) !== first)
  }

  @Test func aParameterFactoryIsAMappingThatTakesArguments() throws {
    let injector = Injector(label: "app")
    injector.map(ParameterService.self, taking: Int.self) { _, value in
      ParameterService(value: value)
    }

    let service = try injector.resolve(ParameterService.self, arguments: 8)  // parameterService(8)

    #expect(service.value == 8)
  }

  @Test func factoriesOfOneTypeBecomeNamedKeys() throws {
    let injector = Injector(label: "app")
    injector.map(String.self, named: "string1", to: "String 1")
    injector.map(String.self, named: "string2", to: "String 2")

    #expect(try injector.resolve(String.self, named: "string1") == "String 1")
    #expect(try injector.resolve(String.self, named: "string2") == "String 2")
  }

  @Test func anOptionalDependencyIsNilUntilAModuleMapsIt() throws {
    let injector = Injector(label: "app")
    #expect(try injector.resolve(AccountsViewModel.self).load() == [])

    try injector.addModule(AccountsModule())

    #expect(try injector.resolve(AccountsViewModel.self).load() == ["checking"])
  }
}
