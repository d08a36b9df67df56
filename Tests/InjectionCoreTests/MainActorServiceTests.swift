import InjectionCore
import Synchronization
import Testing

extension MainActorServiceTests {
  /// A SwiftUI-style router: main-actor state.
  @MainActor protocol Router: AnyObject, Sendable {
    var screens: [String] { get set }
  }

  @MainActor final class AppRouter: Router {
    var screens: [String] = []
    let serial: Int
    init(serial: Int = 0) { self.serial = serial }
  }

  /// A view model that declares its dependencies with `@Injected`.
  @MainActor final class ProfileViewModel {
    @Injected var router: any Router
    @Injected var settings: Settings
    init() {}

    func open(_ screen: String) { router.screens.append(screen) }
  }

  struct Settings: Sendable {
    let theme: String
  }

  /// A main-actor service with a hook.
  @MainActor final class Analytics: InjectionCompletable {
    @Injected var settings: Settings
    var completedWithTheme: String?
    init() {}
    nonisolated func injectionDidComplete() {
      MainActor.assumeIsolated { completedWithTheme = settings.theme }
    }
  }

  /// Needs itself through a main-actor factory.
  @MainActor final class Loop {
    init(_ other: Loop?) {}
  }

  final class RouterModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any Router).self, scope: .singleton) { @MainActor _ in AppRouter(serial: 5) }
    }
  }

  static func makeInjector() -> Injector {
    let injector = Injector(label: "app")
    injector.map(Settings.self, to: Settings(theme: "dark"))
    injector.map((any Router).self, scope: .singleton) { @MainActor _ in AppRouter(serial: 1) }
    return injector
  }
}

@Suite("Main-actor services")
@MainActor
struct MainActorServiceTests {
  @Test func aMainActorServiceResolvesSynchronouslyFromMainActorCode() throws {
    let injector = Self.makeInjector()
    let router = try injector.resolve((any Router).self)
    router.screens.append("home")
    #expect(try injector.resolve((any Router).self).screens == ["home"])
    #expect(
      injector.snapshot().mapping(for: InjectionKey((any Router).self))?.recipe == .mainActorFactory
    )
  }

  @Test func anInjectedPropertyOfAMainActorViewModelResolvesAMainActorService() throws {
    let injector = Self.makeInjector()
    let model = withInjector(injector) { ProfileViewModel() }
    model.open("profile")
    #expect(model.settings.theme == "dark")
    #expect(try injector.resolve((any Router).self).screens == ["profile"])
  }

  @Test func aSynchronousResolutionOffTheMainActorThrowsAnErrorNamingTheActor() async throws {
    let injector = Self.makeInjector()
    let outcome = await Task.detached { () -> InjectionError? in
      do throws(InjectionError) {
        _ = try injector.resolve((any Router).self)
        return nil
      } catch {
        return error
      }
    }.value
    guard case .actorIsolated(let key, let actor, let path) = outcome else {
      Issue.record("expected .actorIsolated, got \(String(describing: outcome))")
      return
    }
    #expect(key == InjectionKey((any Router).self))
    #expect(actor == "MainActor")
    #expect(path == [InjectionKey((any Router).self)])
    #expect(outcome?.description.contains("try await injector.resolveAsync(") == true)
    // Nothing was built or cached by the failed attempt: the main actor builds it.
    #expect(try injector.resolve((any Router).self) is AppRouter)
  }

  @Test func resolveAsyncFromADetachedTaskHopsToTheMainActor() async throws {
    let injector = Self.makeInjector()
    let router = try await Task.detached {
      try await injector.resolveAsync((any Router).self)
    }.value
    #expect((router as? AppRouter)?.serial == 1)
    #expect(try injector.resolve((any Router).self) === router)
  }

  @Test func aBuiltMainActorSingletonIsReturnedOnAnyThread() async throws {
    let injector = Self.makeInjector()
    let router = try injector.resolve((any Router).self)
    let fromDetached = try await Task.detached { try injector.resolve((any Router).self) }.value
    #expect(fromDetached === router)
  }

  @Test func anAsyncFactoryThatNeedsAMainActorServiceGetsItThroughAHop() async throws {
    let injector = Self.makeInjector()
    injector.map(String.self, scope: .singleton) { injector in
      let router = try await injector.resolveAsync((any Router).self)
      return await "router \(router.screens.count)"
    }
    let summary = try await Task.detached { try await injector.resolveAsync(String.self) }.value
    #expect(summary == "router 0")
  }

  @Test func theHookOfAMainActorServiceRunsWithItsDependenciesResolved() throws {
    let injector = Self.makeInjector()
    injector.map(Analytics.self, scope: .singleton) { @MainActor _ in Analytics() }
    #expect(try injector.resolve(Analytics.self).completedWithTheme == "dark")
  }

  @Test func aMainActorFactoryThatNeedsItselfIsACycle() throws {
    let injector = Injector()
    injector.map(Loop.self) { @MainActor injector in Loop(try injector.resolve(Loop.self)) }
    #expect {
      try injector.resolve(Loop.self)
    } throws: { error in
      guard case .cycle(let path) = error as? InjectionError else { return false }
      return path.first == InjectionKey(Loop.self) && path.last == InjectionKey(Loop.self)
    }
  }

  @Test func childInjectorsAndModulesServeMainActorMappings() throws {
    let parent = Injector(label: "app")
    try parent.addModule(RouterModule())
    let child = parent.makeChild(label: "screen")
    #expect((try child.resolve((any Router).self) as? AppRouter)?.serial == 5)
    child.map((any Router).self, scope: .singleton, mainActor: { _ in AppRouter(serial: 6) })
    #expect((try child.resolve((any Router).self) as? AppRouter)?.serial == 6)
    #expect((try parent.resolve((any Router).self) as? AppRouter)?.serial == 5)
  }

  @Test func aMainActorEagerSingletonMappedOffTheMainActorIsBuiltByPrepare() async throws {
    let injector = Injector()
    await Task.detached {
      injector.map(AppRouter.self, scope: .eagerSingleton) { @MainActor _ in AppRouter(serial: 8) }
    }.value
    #expect(injector.snapshot().mapping(for: InjectionKey(AppRouter.self))?.isBuilt == false)
    try await Task.detached { try await injector.prepare() }.value
    #expect(injector.snapshot().mapping(for: InjectionKey(AppRouter.self))?.isBuilt == true)
    #expect(try injector.resolve(AppRouter.self).serial == 8)
  }
}
