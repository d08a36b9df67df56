import InjectionCore
import InjectionReflection
import InjectionTestHelpers

/// Issue 31: an injector is validated while a module is added and removed on another thread.
///
/// The module maps a car that needs its wheel, both in the module, and contributes to a
/// collection. Validation works on a copy of the injector; whatever moment the copy is taken
/// at, it holds the module whole or not at all, and what validation checks and draws is what
/// the copy holds. So every report has no problem: never a mapping the copy lacks, reported as
/// missing, and never a car without its wheel. The injector's 200 other mappings make a copy
/// take long enough for the module to change meanwhile.
enum ValidationWhileModulesChange {
  final class CarModule: InjectionModule {
    func configure(_ mappings: ModuleMappings) {
      mappings.map(Int.self, named: "wheel") { _ in 4 }
      mappings.map(Int.self, named: "car") { injector in
        try injector.resolve(Int.self, named: "wheel") * 100
      }
      mappings.contribute(String.self) { injector in
        "car of \(try injector.resolve(Int.self, named: "wheel")) wheels"
      }
    }
  }

  private static let validations = 20

  static let scenario = Scenario(name: "validation-while-modules-change") { run in
    while run.isRunning {
      trial(run)
      run.recordIteration()
    }
  }

  private static func trial(_ run: StressRun) {
    let injector = Injector(label: "validation-while-modules-change")
    for index in 0..<200 { injector.map(Int.self, named: "\(index)") { _ in index } }
    let done = Counter()
    Threads.run(2, stackSize: 1 << 20) { index in
      if index == 0 {
        repeat {
          let module = CarModule()
          do {
            try injector.addModule(module)
          } catch {
            run.fail("addModule threw: \(error)")
          }
          run.expect(injector.removeModule(module), "a module added was not found to remove")
        } while done.value == 0
      } else {
        for _ in 0..<validations {
          let report = injector.validationReport()
          run.expect(
            report.problems.isEmpty,
            "validation reported problems for a graph that resolves: \(report.problems)")
        }
        done.increment()
      }
    }
  }
}
