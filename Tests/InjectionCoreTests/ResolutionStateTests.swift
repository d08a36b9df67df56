import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization
import Testing

// The defects of issue 19: resolution state that named an object by its address without keeping
// it alive, or travelled through a thread-local where a nested resolution changed it. Release
// builds reuse a freed address at once (the next allocation of the same size gets it), so each
// test drops an object and allocates one of the same size while the old state could still name
// it; they run in debug, release and under ThreadSanitizer.

/// A transient dependency with a hook, dropped by the factory that resolves it.
private final class Config: InjectionCompletable, Sendable {
  let url: String
  let hooks: Counter

  init(url: String, hooks: Counter) {
    self.url = url
    self.hooks = hooks
  }

  func injectionDidComplete() { hooks.increment() }
}

/// An object of the same size as ``Config``, built after a `Config` was dropped.
private final class Service: InjectionCompletable, Sendable {
  let url: String
  let hooks: Counter

  init(url: String, hooks: Counter) {
    self.url = url
    self.hooks = hooks
  }

  func injectionDidComplete() { hooks.increment() }
}

private protocol Gauge: Sendable {
  var reading: Int { get }
}

private final class GaugeA: Gauge {
  let reading: Int
  init(reading: Int) { self.reading = reading }
}

private final class GaugeB: Gauge {
  let reading: Int
  init(reading: Int) { self.reading = reading }
}

/// Holds what a factory saw, for the test to read after the resolution.
private final class Seen: Sendable {
  let first: any Gauge
  let second: any Gauge

  init(first: any Gauge, second: any Gauge) {
    self.first = first
    self.second = second
  }
}

@Suite("Resolution state owns what it names")
struct ResolutionStateTests {
  @Test func theHookOfAValueBuiltAfterItsFactoryDroppedAHookedDependencyRuns() throws {
    let injector = Injector()
    let configHooks = Counter()
    let serviceHooks = Counter()
    injector.map(Config.self) { _ in Config(url: "https://example.com", hooks: configHooks) }
    injector.map(Service.self) { injector in
      // The Config temporary is released before Service is allocated: Service may get its
      // address.
      Service(url: try injector.resolve(Config.self).url, hooks: serviceHooks)
    }
    for _ in 0..<1_000 {
      _ = try injector.resolve(Service.self)
    }
    #expect(configHooks.value == 1_000)
    #expect(serviceHooks.value == 1_000)
  }

  @Test func aSingletonBuiltAfterItsFactoryDroppedAHookedDependencyGetsItsHook() throws {
    for _ in 0..<200 {
      let injector = Injector()
      let hooks = Counter()
      injector.map(Config.self) { _ in Config(url: "x", hooks: Counter()) }
      injector.map(Service.self, scope: .singleton) { injector in
        Service(url: try injector.resolve(Config.self).url, hooks: hooks)
      }
      _ = try injector.resolve(Service.self)
      #expect(hooks.value == 1)
    }
  }

  /// A hooked transient whose `deinit` resolves from its injector.
  fileprivate final class Noisy: InjectionCompletable, Sendable {
    let injector: Injector
    let hooks: Counter

    init(injector: Injector, hooks: Counter) {
      self.injector = injector
      self.hooks = hooks
    }

    func injectionDidComplete() {}

    deinit {
      // Released when the build it was handed to ends: the context is consistent again.
      _ = try? injector.resolve(Config.self)
      _ = try? injector.resolve(Config.self, named: "absent")
    }
  }

  @Test func aHandedOutObjectWhoseDeinitResolvesIsReleasedWhenItsBuildEnds() throws {
    let injector = Injector()
    let configHooks = Counter()
    let serviceHooks = Counter()
    injector.map(Config.self) { _ in Config(url: "x", hooks: configHooks) }
    injector.map(Noisy.self) { injector in Noisy(injector: injector, hooks: Counter()) }
    injector.map(Service.self) { injector in
      _ = try injector.resolve(Noisy.self)
      _ = try injector.resolve(Noisy.self)
      return Service(url: try injector.resolve(Config.self).url, hooks: serviceHooks)
    }
    for _ in 0..<100 {
      _ = try injector.resolve(Service.self)
    }
    #expect(serviceHooks.value == 100)
    #expect(configHooks.value == 300)  // one per Service, one per Noisy's deinit
  }

  @Test func aFactoryThatReturnsWhatItResolvedDoesNotCompleteItTwice() throws {
    let injector = Injector()
    let hooks = Counter()
    injector.map(Config.self) { _ in Config(url: "x", hooks: hooks) }
    injector.map(Config.self, named: "forwarded") { injector in
      try injector.resolve(Config.self)
    }
    for _ in 0..<100 {
      _ = try injector.resolve(Config.self, named: "forwarded")
    }
    #expect(hooks.value == 100)
  }

  @Test func aGraphKeyRemappedInsideOneResolutionResolvesToTheNewMapping() throws {
    let injector = Injector()
    injector.map((any Gauge).self, scope: .graph) { _ in GaugeA(reading: 1) }
    injector.map(Seen.self) { injector in
      let first = try injector.resolve((any Gauge).self)
      injector.unmap((any Gauge).self)
      injector.map((any Gauge).self, scope: .graph) { _ in GaugeA(reading: 2) }
      return Seen(first: first, second: try injector.resolve((any Gauge).self))
    }
    for _ in 0..<100 {
      let seen = try injector.resolve(Seen.self)
      #expect(seen.first.reading == 1)
      #expect(seen.second.reading == 2)
      injector.unmap((any Gauge).self)
      injector.map((any Gauge).self, scope: .graph) { _ in GaugeA(reading: 1) }
    }
  }

  @Test func aGraphKeyRemappedToAnotherTypeInsideOneResolutionResolvesToThatType() throws {
    let injector = Injector()
    injector.map(GaugeA.self, scope: .graph) { _ in GaugeA(reading: 1) }
    injector.map(Seen.self) { injector in
      let first = try injector.resolve(GaugeA.self)
      injector.unmap(GaugeA.self)
      // A registration of the same size as the one just released.
      injector.map(GaugeB.self, scope: .graph) { _ in GaugeB(reading: 2) }
      return Seen(first: first, second: try injector.resolve(GaugeB.self))
    }
    for _ in 0..<100 {
      let seen = try injector.resolve(Seen.self)
      #expect(seen.second is GaugeB)
      injector.unmap(GaugeB.self)
      injector.map(GaugeA.self, scope: .graph) { _ in GaugeA(reading: 1) }
    }
  }

  @Test func anAsyncGraphKeyRemappedInsideOneResolutionResolvesToTheNewMapping() async throws {
    let injector = Injector()
    injector.map((any Gauge).self, scope: .graph) { _ in
      await Task.yield()
      return GaugeA(reading: 1)
    }
    injector.map(Seen.self) { injector in
      let first = try await injector.resolveAsync((any Gauge).self)
      injector.unmap((any Gauge).self)
      injector.map((any Gauge).self, scope: .graph) { _ in
        await Task.yield()
        return GaugeA(reading: 2)
      }
      return Seen(first: first, second: try await injector.resolveAsync((any Gauge).self))
    }
    for _ in 0..<50 {
      let seen = try await injector.resolveAsync(Seen.self)
      #expect(seen.first.reading == 1)
      #expect(seen.second.reading == 2)
      injector.unmap((any Gauge).self)
      injector.map((any Gauge).self, scope: .graph) { _ in GaugeA(reading: 1) }
    }
  }

  @Test func anObserverThatResolvesWithArgumentsLeavesTheOuterArgumentsAlone() throws {
    let injector = Injector()
    injector.map(String.self, named: "greeting", taking: String.self) { _, word in "\(word)!" }
    injector.map(Int.self, named: "double", taking: Int.self) { _, value in value * 2 }
    let nested = Mutex<[Int]>([])
    let observation = injector.observeResolutions { event in
      guard case .started = event.phase, event.key == InjectionKey(String.self, named: "greeting")
      else { return }
      let value = try? injector.resolve(Int.self, named: "double", arguments: 21)
      nested.withLock { $0.append(value ?? -1) }
    }
    let greeting = try injector.resolve(String.self, named: "greeting", arguments: "hi")
    observation.cancel()
    #expect(greeting == "hi!")
    #expect(nested.withLock { $0 } == [42])
  }

  @Test func argumentsReachOnlyTheFactoryOfTheKeyTheyWereGivenFor() throws {
    let injector = Injector()
    injector.map(Int.self, named: "inner", taking: Int.self) { _, value in value }
    injector.map(String.self, taking: String.self) { injector, word in
      // The inner key takes arguments too; resolving it without them is a mismatch, never the
      // outer resolution's arguments.
      #expect(throws: InjectionError.self) { try injector.resolve(Int.self, named: "inner") }
      return word + String(try injector.resolve(Int.self, named: "inner", arguments: 7))
    }
    #expect(try injector.resolve(String.self, arguments: "x") == "x7")
  }
}

// MARK: - Waits that could not be seen

extension ResolutionStateTests {
  /// A singleton whose factory reads a lazy value that another thread is resolving.
  fileprivate final class Station: Sendable {}
  /// What the lazy value resolves: it needs the ``Station`` singleton.
  fileprivate final class Signal: Sendable {}
  fileprivate final class Echo: Sendable {}

  @Test(.timeLimit(.minutes(1)))
  func aLazyReadAndASingletonBuildThatNeedEachOtherFailWithACycleInsteadOfWaitingForever() throws {
    let injector = Injector()
    let bInsideSignal = DispatchSemaphore(value: 0)
    let aReadsLazy = DispatchSemaphore(value: 0)
    let lazy = try injector.resolve(Lazy<Signal>.self)
    let signalBuilds = Counter()
    injector.map(Signal.self) { injector in
      signalBuilds.increment()
      if signalBuilds.value == 1 {
        bInsideSignal.signal()
        aReadsLazy.wait()
        Thread.sleep(forTimeInterval: 0.05)  // A waits for the lazy value first
      }
      _ = try injector.resolve(Station.self)
      return Signal()
    }
    injector.map(Station.self, scope: .singleton) { _ in
      bInsideSignal.wait()
      aReadsLazy.signal()
      _ = try lazy.value
      return Station()
    }
    let results = Locked<[String]>([])
    let finished = Threads.run(2, timeout: 10) { index in
      let outcome: String
      do throws(InjectionError) {
        if index == 0 {
          Thread.sleep(forTimeInterval: 0.01)  // B reads the lazy value first
          _ = try injector.resolve(Station.self)
        } else {
          _ = try lazy.value
        }
        outcome = "value"
      } catch {
        if case .cycle = error { outcome = "cycle" } else { outcome = "\(error)" }
      }
      results.withLock { $0.append(outcome) }
    }
    #expect(finished, "a thread waits forever")
    #expect(results.withLock { $0 }.contains("cycle"))
  }

  @Test(.timeLimit(.minutes(1)))
  func twoLazyValuesWhoseResolutionsReadEachOtherFailWithACycleInsteadOfSpinning() throws {
    let injector = Injector()
    let bothInside = Barrier(parties: 2)
    let signal = try injector.resolve(Lazy<Signal>.self)
    let echo = try injector.resolve(Lazy<Echo>.self)
    injector.map(Signal.self) { _ in
      _ = bothInside.arriveAndWait(timeout: 5)
      _ = try echo.value
      return Signal()
    }
    injector.map(Echo.self) { _ in
      _ = bothInside.arriveAndWait(timeout: 5)
      _ = try signal.value
      return Echo()
    }
    let cycles = Counter()
    let finished = Threads.run(2, timeout: 10) { index in
      do throws(InjectionError) {
        if index == 0 { _ = try signal.value } else { _ = try echo.value }
      } catch {
        if case .cycle = error { cycles.increment() }
      }
    }
    #expect(finished, "a thread spins forever")
    #expect(cycles.value == 2)
  }
}

// MARK: - Tasks that a build starts

extension ResolutionStateTests {
  fileprivate final class Feed: Sendable {
    let refresh = Mutex<Task<Feed, any Error>?>(nil)
  }

  @Test(.timeLimit(.minutes(1)))
  func aTaskStartedByAnAsyncSingletonsFactoryGetsTheValueOnceTheBuildIsDone() async throws {
    let injector = Injector()
    injector.map(Feed.self, scope: .singleton) { injector in
      await Task.yield()
      let feed = Feed()
      // A background refresh: it needs the singleton being built, and waits for it.
      feed.refresh.withLock {
        $0 = Task { try await injector.resolveAsync(Feed.self) }
      }
      // The refresh task asks for the value while this build still runs.
      try await Task.sleep(for: .milliseconds(20))
      return feed
    }
    let feed = try await injector.resolveAsync(Feed.self)
    let refresh = try #require(feed.refresh.withLock { $0 })
    let refreshed = try await refresh.value
    #expect(refreshed === feed)
  }

  fileprivate final class Relay: Sendable {}

  @Test(.timeLimit(.minutes(1)))
  func aTaskThatOutlivesTheBuildThatStartedItWaitsForAnotherBuildWithoutAFalseCycle()
    async throws
  {
    // The task holds the finished build's frame; the build it then waits for is allocated after
    // the finished one was released, and may get its address.
    for _ in 0..<20 {
      let injector = Injector()
      let later = AsyncGate()
      let relayMayFinish = AsyncGate()
      let started = Mutex<Task<Relay, any Error>?>(nil)
      injector.map(Station.self, scope: .singleton) { injector in
        started.withLock {
          $0 = Task {
            await later.wait()
            return try await injector.resolveAsync(Relay.self)
          }
        }
        return Station()
      }
      injector.map(Relay.self, scope: .singleton) { _ in
        await relayMayFinish.wait()
        return Relay()
      }
      _ = try await injector.resolveAsync(Station.self)
      let relay = Task { try await injector.resolveAsync(Relay.self) }
      try await Task.sleep(for: .milliseconds(5))  // the Relay build is in progress
      later.open()
      try await Task.sleep(for: .milliseconds(5))  // the started task waits for it
      relayMayFinish.open()
      let task = try #require(started.withLock { $0 })
      let fromTask = try await task.value
      #expect(try await relay.value === fromTask)
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func anAsyncSingletonThatAwaitsItselfInItsOwnTaskIsStillACycle() async throws {
    let injector = Injector()
    injector.map(Station.self, scope: .singleton) { injector in
      _ = try await injector.resolveAsync(Station.self)
      return Station()
    }
    await #expect {
      _ = try await injector.resolveAsync(Station.self)
    } throws: { error in
      guard let error = error as? InjectionError, case .cycle = error else { return false }
      return true
    }
  }
}
