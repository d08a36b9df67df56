import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

// Races and lifetimes that only optimized builds exposed. `.ci/run` runs this suite in debug,
// in release, in release with AddressSanitizer and in debug with ThreadSanitizer; the stress
// executable (`Tests/InjectionStress`) runs the same scenarios for longer.

extension ReleaseBuildSafetyTests {
  /// A `.weak` object whose `deinit` uses the injector that built it.
  ///
  /// `@unchecked Sendable`: its only stored property is immutable and `Sendable`.
  final class Beacon: @unchecked Sendable {
    let injector: Injector

    init(injector: Injector) {
      self.injector = injector
    }

    deinit {
      // Takes the injector's mutex: a `deinit` run while that mutex is held would stop here.
      _ = injector.isMapped(Settings.self)
    }
  }

  /// A singleton that counts how many times it was built.
  final class CountedService: Sendable {
    init(counter: Counter) {
      counter.increment()
    }
  }
}

@Suite struct ReleaseBuildSafetyTests {
  @Test func readingAPropertyThroughAnOwnerUsedOnlyForThatReadIsSafe() throws {
    let injector = Injector(label: "temporary owners")
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    var letters = 0

    withInjector(injector) {
      for _ in 0..<20_000 {
        letters &+= Car().engine.model.utf8.count
      }
    }
    for _ in 0..<20_000 {
      letters &+= try injector.resolve(Car.self).engine.model.utf8.count
    }

    #expect(letters == 40_000 * "hybrid".utf8.count)
  }

  @Test func remappingWhileOtherThreadsResolveHandsOutOnlyLiveMappings() {
    let injector = Injector(label: "remapped")
    injector.map(Settings.self) { _ in Settings(speedLimit: 1) }
    injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
    let failures = Locked<[String]>([])
    let done = Atomic<Bool>(false)

    let finished = Threads.run(3, timeout: 20) { index in
      if index == 0 {
        for round in 0..<5_000 {
          injector.map(Settings.self) { _ in Settings(speedLimit: round % 2 + 1) }
          if round % 2 == 0 {
            injector.map((any Engine).self, scope: .singleton, with: V8Engine.init)
          } else {
            injector.map((any Engine).self, scope: .singleton, with: HybridEngine.init)
          }
        }
        done.store(true, ordering: .releasing)
        return
      }
      while !done.load(ordering: .acquiring) {
        do throws(InjectionError) {
          let limit = try injector.resolve(Settings.self).speedLimit
          let model = try injector.resolve((any Engine).self).model
          if !(1...2).contains(limit) || !["v8", "hybrid"].contains(model) {
            failures.withLock { $0.append("resolved \(limit), \(model)") }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }

    #expect(finished)
    #expect(failures.withLock { $0 } == [])
  }

  @Test func weakObjectWhoseDeinitUsesItsInjectorIsNeverReleasedUnderTheInjectorsLock() {
    let injector = Injector(label: "weak")
    injector.map(Beacon.self, scope: .weak) { Beacon(injector: $0) }
    let failures = Locked<[String]>([])

    let finished = Threads.run(3, timeout: 20) { _ in
      for _ in 0..<3_000 {
        do throws(InjectionError) {
          _ = try injector.resolve(Beacon.self)
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }

    #expect(finished)
    #expect(failures.withLock { $0 } == [])
  }

  @Test func oneMappingAddedToTwoInjectorsGivesEachItsOwnSingleton() throws {
    let first = Injector(label: "first")
    let second = Injector(label: "second")
    let builds = Counter()

    TwoInjectors(first: first, second: second)
      .map(CountedService.self, scope: .singleton) { _ in CountedService(counter: builds) }

    let fromFirst = try first.resolve(CountedService.self)
    let fromSecond = try second.resolve(CountedService.self)
    #expect(fromFirst !== fromSecond)
    #expect(try first.resolve(CountedService.self) === fromFirst)
    #expect(try second.resolve(CountedService.self) === fromSecond)
    #expect(builds.value == 2)
  }

  @Test func oneMappingAddedToTwoInjectorsBuildsOncePerInjectorUnderContention() {
    for _ in 0..<20 {
      let first = Injector(label: "first")
      let second = Injector(label: "second")
      let builds = Counter()
      TwoInjectors(first: first, second: second)
        .map(CountedService.self, scope: .singleton) { _ in CountedService(counter: builds) }
      let seen = Locked<Set<ObjectIdentifier>>([])

      let finished = Threads.run(8, timeout: 20) { index in
        let injector = index.isMultiple(of: 2) ? first : second
        if let service = try? injector.resolve(CountedService.self) {
          seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
        }
      }

      #expect(finished)
      #expect(builds.value == 2)
      #expect(seen.withLock { $0.count } == 2)
    }
  }
}
