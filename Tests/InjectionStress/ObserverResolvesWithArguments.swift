import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Issue 19, point 4: threads resolve mappings that take arguments while an observer resolves
/// other mappings with other arguments at the start of each resolution.
///
/// Pending arguments travelled through the thread's resolution context, and the nested
/// resolution's clean-up cleared the outer one's: `argumentMismatch`. Arguments are a parameter
/// of the build now; every resolution must get exactly its own arguments.
enum ObserverResolvesWithArguments {
  private static let threads = 4

  static let scenario = Scenario(name: "observer-resolves-with-arguments") { run in
    let injector = Injector(label: "arguments")
    injector.map(String.self, named: "label", taking: Int.self, String.self) { _, number, word in
      "\(word)-\(number)"
    }
    injector.map(Int.self, named: "double", taking: Int.self) { _, value in value * 2 }
    let observation = injector.observeResolutions { event in
      guard case .started = event.phase, event.key.name == "label" else { return }
      let value = try? injector.resolve(Int.self, named: "double", arguments: 21)
      run.expect(value == 42, "the observer's resolution got \(String(describing: value))")
    }
    Threads.run(threads) { thread in
      var round = 0
      while run.isRunning {
        round += 1
        let word = "t\(thread)"
        do {
          let label = try injector.resolve(String.self, named: "label", arguments: round, word)
          run.expect(label == "\(word)-\(round)", "got \(label) for (\(round), \(word))")
        } catch {
          run.fail("resolve(String.self, named: \"label\", arguments:) threw: \(error)")
        }
        run.recordIteration()
      }
    }
    observation.cancel()
  }
}
