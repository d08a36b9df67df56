import InjectionCore
import InjectionReflection
import Synchronization
import Testing

/// Mappings that take arguments: built with the samples the caller gives, or reported.
@Suite struct ArgumentValidationTests {
  final class Store: Sendable { init() {} }  // never mapped
  final class Lookup: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
  }
  final class Newsletter: Injectable {
    @Injected var makeLookup: Provider<Lookup>
    init() {}
  }
  final class Archive: Injectable {
    @Injected var lookup: Lazy<Lookup>
    init() {}
  }

  /// Maps `Lookup` to a factory that takes an id and needs `Store`, which nothing maps.
  private static func makeApp() -> Injector {
    let injector = Injector(label: "app")
    injector.map(Lookup.self, taking: Int.self) { injector, id in
      _ = try injector.resolve(Store.self)
      return Lookup(id: id)
    }
    return injector
  }

  /// The synchronous form's report, from an `async` test (where a call without `await` is the
  /// `async` form).
  private static func synchronousReport(of injector: Injector) -> ValidationReport {
    injector.validationReport(roots: Newsletter.self, arguments: [.sample(7, for: Lookup.self)])
  }

  @Test func aMappingThatTakesArgumentsWithoutASampleIsAnUnverifiedProblemWithAFix() {
    let report = Self.makeApp().validationReport()

    #expect(report.problems == [.unverifiedArguments(key: InjectionKey(Lookup.self), path: [])])
    #expect(report.problems.first?.kind == .unverifiedArguments)
    #expect(
      "\(report)".contains(
        "fix: give validation arguments: [.sample(…, for: ArgumentValidationTests.Lookup.self)]"),
      "\(report)")
  }

  @Test func aSampleBuildsTheMappingSoWhatItNeedsIsChecked() throws {
    let injector = Self.makeApp()

    let report = injector.validationReport(arguments: [.sample(7, for: Lookup.self)])

    #expect(
      report.problems == [
        .missingMapping(key: InjectionKey(Store.self), path: [InjectionKey(Lookup.self)])
      ], "\(report)")
    #expect(report.checkedKeys.contains(InjectionKey(Lookup.self)))
    #expect(throws: InjectionError.self) { try injector.resolve(Lookup.self, arguments: 7) }
  }

  @Test func aSampleOfACompleteMappingPassesAndTheSampleReachesTheFactory() throws {
    let injector = Injector(label: "app")
    let seen = SeenIDs()
    injector.map(Lookup.self, taking: Int.self) { _, id in
      seen.add(id)
      return Lookup(id: id)
    }

    let report = try injector.validate(
      arguments: [.sample(7, for: Lookup.self), .sample(8, for: Lookup.self)])

    #expect(report.problems.isEmpty)
    #expect(seen.ids == [7, 8])
  }

  @Test func aProviderOfAMappingThatTakesArgumentsIsCalledWithTheSampleAndItsPathShown() async {
    let injector = Self.makeApp()

    for report in [
      Self.synchronousReport(of: injector),
      await injector.validationReport(
        roots: Newsletter.self, arguments: [.sample(7, for: Lookup.self)]),
    ] {
      #expect(
        report.problems == [
          .missingMapping(
            key: InjectionKey(Store.self),
            path: [
              InjectionKey(Newsletter.self), InjectionKey(Provider<Lookup>.self),
              InjectionKey(Lookup.self),
            ])
        ], "\(report)")
    }
  }

  @Test func aProviderOfAMappingThatTakesArgumentsWithoutASampleIsUnverifiedWithItsPath() {
    let report = Self.makeApp().validationReport(roots: Newsletter.self)

    #expect(
      report.problems == [
        .unverifiedArguments(
          key: InjectionKey(Lookup.self),
          path: [InjectionKey(Newsletter.self), InjectionKey(Provider<Lookup>.self)])
      ], "\(report)")
  }

  @Test func aKeyAllowedUncheckedIsANoteAndTheReportPasses() async throws {
    let injector = Self.makeApp()

    let report = try await injector.validate(
      roots: Newsletter.self, arguments: [.unchecked(Lookup.self)])

    #expect(
      report.notes.contains(
        .unverifiedArguments(
          key: InjectionKey(Lookup.self),
          path: [InjectionKey(Newsletter.self), InjectionKey(Provider<Lookup>.self)])),
      "\(report)")
  }

  @Test func aLazyValueOfAMappingThatTakesArgumentsIsAProblemAsItsReadFails() {
    let injector = Self.makeApp()

    let report = injector.validationReport(
      roots: Archive.self, arguments: [.sample(7, for: Lookup.self)])

    #expect(
      report.problems.contains {
        $0.kind == .invalidMapping && $0.key == InjectionKey(Lookup.self)
      },
      "\(report)")
    #expect(throws: InjectionError.self) { _ = try injector.resolve(Archive.self).lookup.value }
  }

  @Test func aMappingAFactoryResolvesWithArgumentsOfItsOwnNeedsNoSample() throws {
    let injector = Injector(label: "app")
    injector.map(Lookup.self, taking: Int.self) { _, id in Lookup(id: id) }
    injector.map(Newsletter.self) { injector in
      _ = try injector.resolve(Lookup.self, arguments: 1)
      return Newsletter()
    }

    let report = injector.validationReport()

    #expect(!report.problems.contains { $0.kind == .unverifiedArguments }, "\(report)")
  }

  @Test func aSampleOfTheWrongTypesIsAProblem() {
    let report = Self.makeApp().validationReport(arguments: [.sample("seven", for: Lookup.self)])

    #expect(
      report.problems.contains {
        $0.kind == .invalidMapping && $0.key == InjectionKey(Lookup.self)
      },
      "\(report)")
  }
}

/// The ids a factory was called with.
private final class SeenIDs: Sendable {
  private let storage = Mutex<[Int]>([])
  func add(_ id: Int) { storage.withLock { $0.append(id) } }
  var ids: [Int] { storage.withLock { $0 } }
}

extension ArgumentValidationTests {
  @Test func aSampleOfAnExcludedKeyIsNotBuilt() throws {
    let injector = Injector(label: "app")
    let seen = SeenIDs()
    injector.map(Lookup.self, taking: Int.self) { _, id in
      seen.add(id)
      return Lookup(id: id)
    }

    let report = try injector.validate(
      excluding: [InjectionKey(Lookup.self)], arguments: [.sample(7, for: Lookup.self)])

    #expect(seen.ids.isEmpty, "its factory must not run")
    #expect(!report.checkedKeys.contains(InjectionKey(Lookup.self)))
  }
}
