import InjectionCore
import InjectionTestHelpers

/// Bug 0: reading `@Injected` through an owner whose last use is that read.
///
/// `Car().engine.hp` and `try injector.resolve(Car.self).engine.hp` release the car as soon as
/// the read begins; at `-O` a wrapper that reads through an unretained reference touches the
/// freed cell (AddressSanitizer: heap-use-after-free in `InjectedCell.value`).
enum InjectedReadTemporaryOwner {
  /// The dependency, resolved as an existential.
  protocol Engine: AnyObject, Sendable {
    var hp: Int { get }
  }

  /// The only engine; its power is the value every read must see.
  final class V8Engine: Engine {
    static let power = 0x5EED

    let hp = V8Engine.power
  }

  /// The owner, created and dropped around each read.
  final class Car: Injectable {
    @Injected var engine: any Engine

    init() {}
  }

  private static let reads = 1_000

  static let scenario = Scenario(name: "injected-read-temporary-owner") { run in
    let injector = Injector(label: "injected-read-temporary-owner")
    injector.map((any Engine).self, scope: .singleton) { _ in V8Engine() }
    Threads.run(2, stackSize: 1 << 20) { _ in
      while run.isRunning {
        var sum = 0
        withInjector(injector) {
          for _ in 0..<reads {
            sum &+= Car().engine.hp
          }
        }
        run.expect(
          sum == reads &* V8Engine.power,
          "Car().engine.hp summed to \(sum) over \(reads) reads, expected \(reads * V8Engine.power)"
        )

        sum = 0
        do {
          for _ in 0..<reads {
            sum &+= try injector.resolve(Car.self).engine.hp
          }
        } catch {
          run.fail("resolve(Car.self) threw: \(error)")
        }
        run.expect(
          sum == reads &* V8Engine.power,
          "resolve(Car.self).engine.hp summed to \(sum) over \(reads) reads, "
            + "expected \(reads * V8Engine.power)")
        run.recordIteration(2 * reads)
      }
    }
  }
}
