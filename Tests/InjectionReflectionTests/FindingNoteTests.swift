import InjectionCore
import InjectionReflection
import Testing

/// Notes about mappings that work but may surprise, and the messages a test records.
@Suite struct FindingNoteTests {
  protocol Engine: Sendable {}
  struct V8: Engine {}
  struct Hybrid: Engine {}

  final class GarageModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) { mappings.map((any Engine).self) { _ in V8() } }
  }
  final class RacingModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any Engine).self) { _ in Hybrid() }
    }
  }

  @Test func aKeyTwoModulesMapIsANoteNamingBothOwners() throws {
    let injector = Injector(label: "app")
    try injector.addModule(GarageModule())
    try injector.addModule(RacingModule())

    let report = try injector.validate()

    let note = try #require(report.notes.first { $0.kind == .duplicateMapping }, "\(report)")
    #expect(
      note
        == .duplicateMapping(
          key: InjectionKey((any Engine).self),
          owner: .module(String(reflecting: RacingModule.self)),
          shadowed: [.module(String(reflecting: GarageModule.self))]))
    #expect("\(note)".contains("RacingModule shadows module"), "\(note)")
    #expect("\(note)".contains("GarageModule"), "\(note)")
  }

  @Test func aKeyMappedOnceOrOverriddenByAChildIsNoDuplicate() throws {
    let app = Injector(label: "app")
    try app.addModule(GarageModule())
    let child = app.makeChild(label: "request")
    child.map((any Engine).self) { _ in Hybrid() }

    #expect(!app.validationReport().notes.contains { $0.kind == .duplicateMapping })
    #expect(!child.validationReport().notes.contains { $0.kind == .duplicateMapping })
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

  @Test func anAllowedCycleAProviderClosesSaysTheProviderClosedIt() throws {
    let report = try Injector(label: "app").validate(roots: Ping.self)

    let note = try #require(report.notes.first { $0.kind == .allowedCycle }, "\(report)")
    #expect("\(note)".contains("closed by Provider<"), "\(note)")
    #expect(!"\(note)".contains("singletons that meet"), "\(note)")
  }

  final class Context: Sendable { init() {} }  // never mapped
  final class Handler: Injectable {
    @Injected var context: Context
    init() {}
  }

  @Test func eachProblemMessageNamesTheInjectorThePathAndTheFix() {
    let report = Injector(label: "app").validationReport(roots: Handler.self)

    #expect(report.problemMessages.count == 1)
    let message = report.problemMessages.first ?? ""
    #expect(message.hasPrefix("Validation of injector \"app\": missing mapping:"), "\(message)")
    #expect(message.contains("needed by FindingNoteTests.Handler"), "\(message)")
    #expect(message.contains("\n  fix: "), "\(message)")
  }
}
