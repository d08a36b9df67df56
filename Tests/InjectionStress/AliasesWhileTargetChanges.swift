import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Issue 25: aliases are resolved while the mapping they resolve is unmapped (which removes
/// them), mapped again with its aliases, and shadowed by a module that is replaced and removed.
///
/// Readers resolve the alias keys on the injector, and on a child that does not map them: each
/// result is a `Ticket` that is complete (its hook ran exactly once, before any reader got it),
/// or a not-mapped error (of the alias, or of its target when the alias was found just before
/// its target went). A value resolved through an alias must never be half built, completed
/// twice, or a freed object; a removal must never leave the registry inconsistent, which the
/// final checks read: once the writer is done, unmapping the target leaves nothing mapped, and
/// the singletons built are released.
enum AliasesWhileTargetChanges {
  protocol Reserving: AnyObject, Sendable {}
  protocol Purchasing: AnyObject, Sendable {}

  /// A ticket service that counts its hook calls.
  final class Ticket: Reserving, Purchasing, InjectionCompletable {
    let hooks = Atomic<Int>(0)
    func injectionDidComplete() { hooks.add(1, ordering: .releasing) }
  }

  /// Maps the ticket service and one alias of it, as the injector does.
  final class TicketModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Ticket.self, scope: .singleton) { _ in Ticket() }
      mappings.alias((any Reserving).self, to: Ticket.self) { $0 }
    }
  }

  /// A weak reference to a built ticket, kept by the writer.
  final class WeakTicket: Sendable {
    weak let value: Ticket?
    init(_ value: Ticket) { self.value = value }
  }

  private static let readers = 2

  static let scenario = Scenario(name: "aliases-while-target-changes") { run in
    while run.isRunning {
      trial(run, until: run.deadline(after: 0.05))
    }
  }

  private static func map(_ injector: Injector) {
    injector.map(Ticket.self, scope: .singleton) { _ in Ticket() }
    injector.alias((any Reserving).self, to: Ticket.self) { $0 }
    injector.alias((any Purchasing).self, to: Ticket.self) { $0 }
  }

  private static func trial(_ run: StressRun, until end: ContinuousClock.Instant) {
    let injector = Injector(label: "aliases-while-target-changes")
    let child = injector.makeChild(label: "child")
    map(injector)
    let built = Locked<[WeakTicket]>([])
    let writerStopped = Flag()
    let interrupter = Interrupter()
    Threads.run(1 + readers, stackSize: 1 << 20) { index in
      if index == 0 {
        var round = 0
        var module = TicketModule()
        while ContinuousClock.now < end {
          switch round % 6 {
          case 0: injector.unmap(Ticket.self)
          case 1: map(injector)
          case 2:
            do {
              try injector.addModule(module)
            } catch {
              run.fail("addModule(TicketModule) threw: \(error)")
            }
          case 3:
            let next = TicketModule()
            do {
              let replaced = try injector.replaceModule(module, with: next)
              run.expect(replaced, "replaceModule did not find the module it replaces")
            } catch {
              run.fail("replaceModule threw: \(error)")
            }
            module = next
          case 4:
            run.expect(injector.removeModule(module), "removeModule(TicketModule) found no module")
            run.expect(
              injector.isMapped((any Purchasing).self),
              "a direct alias went with a module while its target was still mapped directly")
          default: map(injector)
          }
          if let ticket = try? injector.resolve(Ticket.self) {
            built.withLock { $0.append(WeakTicket(ticket)) }
          }
          round += 1
        }
        writerStopped.set()
      } else {
        interrupter.enroll()
        let asked = index.isMultiple(of: 2) ? injector : child
        while !writerStopped.isSet {
          for _ in 0..<32 {
            check(run, asked, (any Reserving).self)
            check(run, asked, (any Purchasing).self)
          }
          run.recordIteration(64)
        }
        interrupter.withdraw()
      }
    }
    interrupter.stop()

    injector.removeModule(TicketModule.self)
    injector.unmap(Ticket.self)
    run.expect(
      !injector.isMapped((any Reserving).self) && !injector.isMapped((any Purchasing).self),
      "an alias outlived the removal of its target")
    run.expect(injector.snapshot().mappings.isEmpty, "mappings were left: \(injector.snapshot())")
    run.expect(
      built.withLock { $0.allSatisfy { $0.value == nil } },
      "a ticket built while its aliases changed was not released with its mapping")
  }

  /// Resolves an alias key from `injector`; fails the run unless that returned a complete
  /// ticket or found the key unmapped.
  private static func check<Alias>(_ run: StressRun, _ injector: Injector, _ key: Alias.Type) {
    do {
      let value = try injector.resolve(Alias.self)
      guard let ticket = value as? Ticket else {
        run.fail("the \(Alias.self) alias resolved a \(type(of: value)), not a Ticket")
      }
      let hooks = ticket.hooks.load(ordering: .acquiring)
      run.expect(
        hooks == 1, "a Ticket resolved through \(Alias.self) had its hook run \(hooks) times")
    } catch .notMapped {
      // The writer removed the target (and so the alias) just now.
    } catch {
      run.fail("resolving the \(Alias.self) alias threw: \(error)")
    }
  }
}
