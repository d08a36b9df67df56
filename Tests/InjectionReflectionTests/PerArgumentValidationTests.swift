import InjectionCore
import InjectionReflection
import Testing

/// Mappings cached per argument value: validated with samples, in a copy, and drawn as such.
@Suite struct PerArgumentValidationTests {
  enum AccountScope: ResettableScope {}

  /// Never mapped.
  final class Store: Sendable { init() {} }
  /// A weak value, shorter-lived than a cached one.
  final class Session: Sendable { init() {} }
  final class Profile: Sendable {
    let id: Int
    let held: (any Sendable)?
    init(id: Int, held: (any Sendable)? = nil) {
      self.id = id
      self.held = held
    }
  }

  @Test func aSampleBuildsTheMappingInACopySoTheAppsCacheStaysEmpty() throws {
    let injector = Injector(label: "app")
    injector.map(Profile.self, taking: Int.self, scope: .perArgument) { _, id in Profile(id: id) }

    let report = try injector.validate(arguments: [.sample(7, for: Profile.self)])

    #expect(report.problems.isEmpty, "\(report)")
    #expect(report.checkedKeys.contains(InjectionKey(Profile.self)))
    let mapping = injector.snapshot().mapping(for: InjectionKey(Profile.self))
    #expect(mapping?.cachedValueCount == 0, "validation built nothing in the app's injector")
  }

  @Test func withoutASampleItIsUnverifiedAndASampleFindsWhatItNeeds() {
    let injector = Injector(label: "app")
    injector.map(Profile.self, taking: Int.self, scope: .perArgument) { injector, id in
      _ = try injector.resolve(Store.self)
      return Profile(id: id)
    }

    #expect(
      injector.validationReport().problems == [
        .unverifiedArguments(key: InjectionKey(Profile.self), path: [])
      ])
    #expect(
      injector.validationReport(arguments: [.sample(1, for: Profile.self)]).problems == [
        .missingMapping(key: InjectionKey(Store.self), path: [InjectionKey(Profile.self)])
      ])
  }

  @Test func aValueCachedPerArgumentThatHoldsAWeakValueIsACaptive() throws {
    let injector = Injector(label: "app")
    injector.map(Session.self, scope: .weak) { _ in Session() }
    injector.map(Profile.self, taking: Int.self, scope: .perArgument) { injector, id in
      Profile(id: id, held: try injector.resolve(Session.self))
    }

    let report = injector.validationReport(arguments: [.sample(1, for: Profile.self)])

    let captive = try #require(
      report.problems.first { $0.kind == .captiveDependency }, "\(report)")
    guard case .captiveDependency(let key, let holder, _, _) = captive else { return }
    #expect(key == InjectionKey(Session.self))
    #expect(holder == InjectionKey(Profile.self))
  }

  @Test func theGraphSaysSingletonPerArgumentAndNamesTheResettableScope() {
    let injector = Injector(label: "app")
    injector.map(Profile.self, taking: Int.self, scope: .perArgument) { _, id in Profile(id: id) }
    injector.map(String.self, taking: Int.self, scope: .perArgument(in: AccountScope.self)) {
      _, id in "\(id)"
    }

    let graph = injector.validationReport(
      arguments: [.sample(1, for: Profile.self), .sample(2, for: String.self)]
    ).graph

    let profile = graph.nodes.first { $0.key == InjectionKey(Profile.self) }
    #expect(
      profile?.kind == .mapped(scope: .singleton, recipe: .factoryWithArguments, owner: "direct"))
    #expect(profile?.cachesPerArgument == true)
    #expect(graph.dot().contains("singleton per argument, direct"), "\(graph.dot())")
    #expect(
      graph.dot().contains("singleton per argument in AccountScope, direct"), "\(graph.dot())")
  }
}
