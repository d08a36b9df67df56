import InjectionCore
import InjectionTestHelpers

/// Suspected bug 9: a transient cycle that goes through a new child injector at every level.
///
/// `map(Node.self) { try $0.makeChild().resolve(Node.self) }` never repeats a (key, injector)
/// pair, but it is a cycle all the same: resolving must throw ``InjectionError/cycle(path:)``
/// instead of overflowing the stack.
enum TransientCycleThroughChildren {
  /// A value that can only be built by building itself.
  final class Node {}

  /// The stack of the resolving thread: 8 MiB, a main thread's default.
  private static let stackSize = 8 << 20

  static let scenario = Scenario(name: "transient-cycle-through-children") { run in
    Threads.run(1, stackSize: stackSize) { _ in
      while run.isRunning {
        let injector = Injector(label: "cycle-through-children")
        injector.map(Node.self) { try $0.makeChild().resolve(Node.self) }
        do {
          _ = try injector.resolve(Node.self)
          run.fail("resolve(Node.self) returned a Node built by building itself")
        } catch InjectionError.cycle {
          // Expected.
        } catch {
          run.fail("resolve(Node.self) threw \(error), expected InjectionError.cycle")
        }
        run.recordIteration()
      }
    }
  }
}
