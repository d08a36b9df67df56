import InjectionCore
import InjectionReflection
import Testing

// The examples of Swinject's README and its Assembler article, ported as
// Documentation/MigratingFromSwinject.md shows them.
extension SwinjectExamplesTests {
  protocol Animal: AnyObject, Sendable {
    var name: String? { get }
  }

  final class Cat: Animal {
    let name: String?
    init(name: String?) { self.name = name }
  }

  final class Horse: Animal {
    let name: String?
    let running: Bool
    init(name: String, running: Bool = false) {
      self.name = name
      self.running = running
    }
  }

  protocol Person {
    func play() -> String
  }

  final class PetOwner: Person {
    let pet: any Animal
    init(pet: any Animal) { self.pet = pet }
    func play() -> String {
      let name = pet.name ?? "someone"
      return "I'm playing with \(name)."
    }
  }

  /// The README's `PersonViewController`, with its `person` property injected.
  final class PersonViewController {
    @Injected var person: (any Person)?
    init() {}
  }

  protocol FooServiceProtocol: Sendable {}
  final class FooService: FooServiceProtocol {}
  protocol FooManagerProtocol { var service: any FooServiceProtocol { get } }
  final class FooManager: FooManagerProtocol {
    let service: any FooServiceProtocol
    init(service: any FooServiceProtocol) { self.service = service }
  }

  /// Swinject's `class ServiceAssembly: Assembly`, whose `assemble(container:)` registers.
  final class ServiceAssembly: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any FooServiceProtocol).self) { _ in FooService() }
    }
  }

  /// Swinject's `class ManagerAssembly: Assembly`, which uses what `ServiceAssembly` maps.
  final class ManagerAssembly: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map((any FooManagerProtocol).self) { injector in
        FooManager(service: try injector.resolve())
      }
    }
  }
}

@Suite struct SwinjectExamplesTests {
  @Test func basicUsageRegistersAndResolvesThePetOwner() throws {
    let injector = Injector(label: "container")
    injector.map((any Animal).self) { _ in Cat(name: "Mimi") }
    injector.map((any Person).self) { injector in
      PetOwner(pet: try injector.resolve())
    }

    let person = try injector.resolve((any Person).self)

    #expect(person.play() == "I'm playing with Mimi.")
  }

  @Test func aMissingAnimalIsAThrownErrorThatNamesThePath() throws {
    let injector = Injector(label: "container")
    injector.map((any Person).self) { injector in PetOwner(pet: try injector.resolve()) }

    let error = #expect(throws: InjectionError.self) { try injector.resolve((any Person).self) }

    guard case .notMapped(let key, let path, _, _)? = error else {
      Issue.record("expected notMapped, got \(String(describing: error))")
      return
    }
    #expect(key == InjectionKey((any Animal).self))
    #expect(path == [InjectionKey((any Person).self)], "Person asked for it")
  }

  @Test func theViewControllersPropertyIsInjected() throws {
    let injector = Injector(label: "container")
    injector.map((any Animal).self) { _ in Cat(name: "Mimi") }
    injector.map((any Person).self) { injector in PetOwner(pet: try injector.resolve()) }
    injector.map(PersonViewController.self, with: PersonViewController.init)

    let controller = try injector.resolve(PersonViewController.self)
    let fromAStoryboard = PersonViewController()
    try injector.inject(into: fromAStoryboard)

    #expect(controller.person?.play() == "I'm playing with Mimi.")
    #expect(fromAStoryboard.person?.play() == "I'm playing with Mimi.")
  }

  @Test func namedRegistrationsAreNamedKeys() throws {
    let injector = Injector(label: "container")
    injector.map((any Animal).self, named: "cat") { _ in Cat(name: "Mimi") }
    injector.map((any Animal).self, named: "horse") { _ in Horse(name: "Spirit") }

    #expect(try injector.resolve((any Animal).self, named: "cat").name == "Mimi")
    #expect(try injector.resolve((any Animal).self, named: "horse").name == "Spirit")
  }

  @Test func argumentsAreTakenByTheMappingAndGivenAtResolution() throws {
    let injector = Injector(label: "container")
    injector.map((any Animal).self, taking: String.self, Bool.self) { _, name, running in
      Horse(name: name, running: running)
    }

    let animal = try injector.resolve((any Animal).self, arguments: "Spirit", true)

    let horse = try #require(animal as? Horse)
    #expect(horse.name == "Spirit")
    #expect(horse.running)
  }

  @Test func theContainerScopeIsASingletonAndGraphIsOnePerResolution() throws {
    let injector = Injector(label: "container")
    // .inObjectScope(.container)
    injector.map((any Animal).self, scope: .singleton) { _ in Cat(name: "Mimi") }

    #expect(try injector.resolve((any Animal).self) === injector.resolve((any Animal).self))
  }

  @Test func assembliesAreModules() throws {
    let injector = Injector(label: "assembler")

    // Assembler([ServiceAssembly(), ManagerAssembly()])
    try injector.addModule(ServiceAssembly())
    try injector.addModule(ManagerAssembly())
    let manager = try injector.resolve((any FooManagerProtocol).self)

    #expect(manager.service is FooService)
    #expect(injector.removeModule(ManagerAssembly.self) == 1, "and one can be removed again")
    #expect(!injector.isMapped((any FooManagerProtocol).self))
  }

  @Test func aChildContainerFallsBackToItsParent() throws {
    let parent = Injector(label: "parent")
    parent.map((any Animal).self) { _ in Cat(name: "Mimi") }

    let child = parent.makeChild(label: "child")  // Container(parent: parentContainer)

    #expect(try child.resolve((any Animal).self).name == "Mimi")
    child.map((any Animal).self) { _ in Cat(name: "Tom") }
    #expect(try child.resolve((any Animal).self).name == "Tom")
    #expect(try parent.resolve((any Animal).self).name == "Mimi")
  }
}
