import InjectionCore
import InjectionTestHelpers

/// Issue 31: copies of an injector are made while modules are added, replaced and removed on
/// other threads.
///
/// Each trial draws, from its seed, what each of three modules does: map a key, contribute to a
/// collection, decorate a key the injector maps, alias a key, or several of these. The
/// injector is a child of a parent with 300 mappings (so that a copy takes long enough for the
/// mutators to change the modules meanwhile), a contribution and a decorator. Two mutator
/// threads add, replace and remove new instances of the modules again and again (so freed
/// modules' addresses are reused at once); two copier threads make copies and check that each
/// copy holds each module whole or not at all: everything the module does is in the copy
/// exactly when the copy holds the module. Then each copier removes the module from its copy
/// by type, and nothing of it may be left, then adds a new instance and removes it, and again
/// nothing of it may be left. The parent's contribution and decorator are in every copy.
enum CopiesWhileModulesChange {
  /// What a module does; a drawn shape is a non-empty set of these.
  struct Shape: OptionSet, Sendable {
    let rawValue: Int
    static let maps = Shape(rawValue: 1)
    static let contributes = Shape(rawValue: 2)
    static let decorates = Shape(rawValue: 4)
    static let aliases = Shape(rawValue: 8)
  }

  enum First {}
  enum Second {}
  enum Third {}

  /// A module whose type names its slot (`Slot` is `First`, `Second` or `Third`), so that a
  /// copy can remove it by type.
  final class PartModule<Slot>: InjectionModule {
    let slot: Int
    let shape: Shape
    init(slot: Int, shape: Shape) {
      self.slot = slot
      self.shape = shape
    }

    func configure(_ mappings: ModuleMappings) {
      let slot = slot
      if shape.contains(.maps) {
        mappings.map(Int.self, named: "m\(slot)") { _ in slot }
      }
      if shape.contains(.contributes) {
        mappings.contribute(String.self) { _ in "m\(slot)" }
      }
      if shape.contains(.decorates) {
        mappings.decorate(Int.self, named: "d") { $0 | 1 << slot }
      }
      if shape.contains(.aliases) {
        mappings.alias(Int.self, named: "a\(slot)", to: Int.self, targetNamed: "d") { $0 }
      }
    }
  }

  /// What a copy holds of the module in `slot`.
  struct Holding: Equatable, CustomStringConvertible {
    var module = false
    var parts: Shape = []

    var description: String { "module: \(module), parts: \(parts.rawValue)" }
  }

  private static let copiers = 2
  private static let copiesPerCopier = 30

  static let scenario = Scenario(name: "copies-while-modules-change") { run in
    var seed: UInt64 = 0x31
    while run.isRunning {
      trial(run, seed: seed)
      run.recordIteration()
      seed &+= 1
    }
  }

  private static func trial(_ run: StressRun, seed: UInt64) {
    var random = seed &* 0x9E37_79B9_7F4A_7C15
    func nextShape() -> Shape {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Shape(rawValue: 1 + Int(truncatingIfNeeded: random >> 33) % 15)
    }
    let shapes = (0..<3).map { _ in nextShape() }
    let parent = Injector(label: "parent")
    for index in 0..<300 { parent.map(Int.self, named: "\(index)") { _ in index } }
    parent.contribute(String.self) { _ in "parent" }
    parent.decorate(Int.self, named: "d") { $0 | 1 << 8 }
    let injector = parent.makeChild(label: "copies-while-modules-change")
    injector.map(Int.self, named: "d") { _ in 0 }
    let done = Counter()
    Threads.run(2 + copiers, stackSize: 1 << 20) { index in
      switch index {
      case 0:
        repeat {
          toggle(PartModule<First>(slot: 0, shape: shapes[0]), in: injector, run)
          toggle(PartModule<Second>(slot: 1, shape: shapes[1]), in: injector, run)
        } while done.value < copiers
      case 1:
        repeat {
          let module = PartModule<Third>(slot: 2, shape: shapes[2])
          do {
            try injector.addModule(module)
            try injector.replaceModule(module, with: PartModule<Third>(slot: 2, shape: shapes[2]))
          } catch {
            run.fail("adding or replacing a module threw: \(error)")
          }
          injector.removeModule(PartModule<Third>.self)
        } while done.value < copiers
      default:
        for _ in 0..<copiesPerCopier {
          check(injector, shapes: shapes, seed: seed, run)
        }
        done.increment()
      }
    }
  }

  private static func toggle(
    _ module: some InjectionModule, in injector: Injector, _ run: StressRun
  ) {
    do {
      try injector.addModule(module)
    } catch {
      run.fail("addModule threw: \(error)")
    }
    run.expect(injector.removeModule(module), "a module added was not found to remove")
  }

  private static func check(_ injector: Injector, shapes: [Shape], seed: UInt64, _ run: StressRun) {
    let copy: Injector
    do {
      copy = try injector.makeCopy()
    } catch {
      run.fail("makeCopy threw: \(error)")
    }
    let seen = holdings(of: copy, run)
    for slot in 0..<3 {
      let expected = Holding(
        module: seen[slot].module, parts: seen[slot].module ? shapes[slot] : [])
      run.expect(
        seen[slot] == expected,
        "seed \(seed): a copy holds module \(slot) torn: \(seen[slot]), expected \(expected)")
    }
    // Removing each module from the copy, by type, leaves nothing of it; so does adding a new
    // instance (perhaps at a freed module's address) and removing it again.
    copy.removeModule(PartModule<First>.self)
    copy.removeModule(PartModule<Second>.self)
    copy.removeModule(PartModule<Third>.self)
    do {
      let again = PartModule<First>(slot: 0, shape: shapes[0])
      try copy.addModule(again)
      copy.removeModule(again)
    } catch {
      run.fail("addModule on a copy threw: \(error)")
    }
    let left = holdings(of: copy, run)
    for slot in 0..<3 {
      run.expect(
        left[slot] == Holding(),
        "seed \(seed): after removing module \(slot) from a copy, it holds \(left[slot])")
    }
  }

  /// What `copy` holds of each slot's module; also checks the parent's share.
  private static func holdings(of copy: Injector, _ run: StressRun) -> [Holding] {
    let strings: [String]
    let decorated: Int
    do {
      strings = try copy.resolveAll(String.self)
      decorated = try copy.resolve(Int.self, named: "d")
    } catch {
      run.fail("resolving a copy threw: \(error)")
    }
    run.expect(strings.contains("parent"), "a copy lost the parent's contribution")
    run.expect(decorated & 1 << 8 != 0, "a copy lost the parent's decorator")
    let modules = [
      copy.hasModule(PartModule<First>.self), copy.hasModule(PartModule<Second>.self),
      copy.hasModule(PartModule<Third>.self),
    ]
    return (0..<3).map { slot in
      var parts: Shape = []
      if copy.isMapped(Int.self, named: "m\(slot)") { parts.insert(.maps) }
      if strings.contains("m\(slot)") { parts.insert(.contributes) }
      if decorated & 1 << slot != 0 { parts.insert(.decorates) }
      if copy.isMapped(Int.self, named: "a\(slot)") { parts.insert(.aliases) }
      return Holding(module: modules[slot], parts: parts)
    }
  }
}
