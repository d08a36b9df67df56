import InjectionCore
import InjectionTestHelpers

/// Bug 1: mappings replaced, removed and added by modules while other threads resolve them;
/// and `replaceModule`, whose readers must never find the key unmapped.
///
/// Readers that take a registration without holding it across the end of their read section
/// touch it after a writer freed it (SIGSEGV in `swift_retain`, or AddressSanitizer:
/// heap-use-after-free in `Injector.produce`, freed in `Injector.add`). The window is a few
/// instructions wide, so an ``Interrupter`` pauses the readers at arbitrary instructions: a
/// reader paused inside the window is what exposes the bug.
enum RemapWhileResolving {
  /// A resolved value that names the factory that made it.
  final class Part: Sendable {
    let source: Int

    init(source: Int) {
      self.source = source
    }
  }

  /// Shadows the injector's `Part` and adds a singleton only it maps.
  final class PartsModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Part.self) { _ in Part(source: 5) }
      mappings.map(Part.self, named: "module", scope: .singleton) { _ in Part(source: 6) }
    }
  }

  /// Maps `Part` with another source, to replace ``PartsModule`` with.
  final class ReplacementModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Part.self) { _ in Part(source: 7) }
    }
  }

  private static let readers = 2

  static let scenario = Scenario(name: "remap-while-resolving") { run in
    // The transient path is the one that exposes the bug today; it gets half the time.
    transient(run, until: run.deadline(after: 0.5))
    singleton(run, until: run.deadline(after: 0.7))
    module(run, until: run.deadline(after: 0.85))
    replacement(run, until: run.deadline)
  }

  /// Readers resolve a transient key while a writer alternates two factories and sometimes unmaps.
  private static func transient(_ run: StressRun, until end: ContinuousClock.Instant) {
    let injector = Injector(label: "remap-transient")
    injector.map(Part.self) { _ in Part(source: 1) }
    hammer(run, until: end) { round in
      switch round % 8 {
      case 0: injector.unmap(Part.self)
      case 1, 3, 5, 7: injector.map(Part.self) { _ in Part(source: 1) }
      default: injector.map(Part.self) { _ in Part(source: 2) }
      }
    } read: {
      check(run, injector, named: nil, sources: (1, 2), mayBeUnmapped: true, "transient Part")
    }
  }

  /// Readers resolve a singleton key while a writer re-maps it with a new singleton.
  private static func singleton(_ run: StressRun, until end: ContinuousClock.Instant) {
    let injector = Injector(label: "remap-singleton")
    injector.map(Part.self, to: Part(source: 3))
    hammer(run, until: end) { round in
      if round.isMultiple(of: 2) {
        injector.map(Part.self, scope: .singleton) { _ in Part(source: 4) }
      } else {
        injector.map(Part.self, to: Part(source: 3))
      }
    } read: {
      check(run, injector, named: nil, sources: (3, 4), mayBeUnmapped: false, "singleton Part")
    }
  }

  /// Readers resolve while a writer adds and removes a module.
  private static func module(_ run: StressRun, until end: ContinuousClock.Instant) {
    let injector = Injector(label: "remap-module")
    injector.map(Part.self) { _ in Part(source: 1) }
    let module = PartsModule()
    hammer(run, until: end) { round in
      if round.isMultiple(of: 2) {
        do {
          try injector.addModule(module)
        } catch {
          run.fail("addModule(PartsModule) threw: \(error)")
        }
      } else {
        run.expect(injector.removeModule(module), "removeModule(PartsModule) found no module")
      }
    } read: {
      check(run, injector, named: nil, sources: (1, 5), mayBeUnmapped: false, "Part")
      check(run, injector, named: "module", sources: (6, 6), mayBeUnmapped: true, "module's Part")
    }
  }

  /// Readers resolve a key that only modules map while a writer replaces one module with
  /// another: the swap is atomic, so a reader never finds the key unmapped.
  private static func replacement(_ run: StressRun, until end: ContinuousClock.Instant) {
    let injector = Injector(label: "remap-replace")
    let current = WriterOwned<any InjectionModule>(PartsModule())
    do {
      try injector.addModule(current.value)
    } catch {
      run.fail("addModule(PartsModule) threw: \(error)")
    }
    hammer(run, until: end) { round in
      let next: any InjectionModule =
        round.isMultiple(of: 2) ? ReplacementModule() : PartsModule()
      do {
        let replaced = try injector.replaceModule(current.value, with: next)
        run.expect(replaced, "replaceModule did not find the module it replaces")
        current.value = next
      } catch {
        run.fail("replaceModule threw: \(error)")
      }
    } read: {
      check(run, injector, named: nil, sources: (5, 7), mayBeUnmapped: false, "replaced Part")
    }
  }

  /// Runs `write` (with a round number) on one thread and `read` on the reader threads, which
  /// the interrupter pauses at random, until `end`.
  private static func hammer(
    _ run: StressRun, until end: ContinuousClock.Instant,
    write: @escaping @Sendable (_ round: Int) -> Void,
    read: @escaping @Sendable () -> Void
  ) {
    let writerStopped = Flag()
    let interrupter = Interrupter()
    defer { interrupter.stop() }
    Threads.run(1 + readers, stackSize: 1 << 20) { index in
      if index == 0 {
        var round = 0
        while ContinuousClock.now < end {
          write(round)
          round += 1
        }
        writerStopped.set()
      } else {
        interrupter.enroll()
        while !writerStopped.isSet {
          for _ in 0..<64 {
            read()
          }
          run.recordIteration(64)
        }
        interrupter.withdraw()
      }
    }
  }

  /// Resolves `Part` and fails the run unless one of the two `sources` made it.
  private static func check(
    _ run: StressRun, _ injector: Injector, named name: String?, sources: (Int, Int),
    mayBeUnmapped: Bool, _ what: String
  ) {
    do {
      let part = try injector.resolve(Part.self, named: name)
      run.expect(
        part.source == sources.0 || part.source == sources.1,
        "resolved a \(what) with source \(part.source); its factories make \(sources)")
    } catch InjectionError.notMapped where mayBeUnmapped {
      // The writer unmapped the key (or removed the module) just now.
    } catch {
      run.fail("resolving the \(what) threw: \(error)")
    }
  }
}

/// A value that only the writer thread of a scenario reads and writes.
///
/// `@unchecked Sendable`: shared with the writer's closure only; no other thread touches
/// `value`.
final class WriterOwned<Value>: @unchecked Sendable {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
