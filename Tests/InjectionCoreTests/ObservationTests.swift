import InjectionCore
import Synchronization
import Testing

extension ObservationTests {
  /// What an observer saw, as text: `started Car`, `ended built Wheel in Car`, ….
  ///
  /// `Sendable`: its list is a mutex.
  final class Recorder: Sendable {
    private let lines = Mutex<[String]>([])

    var events: [String] { lines.withLock { $0 } }

    func record(_ event: ResolutionEvent) {
      let key = event.key.typeName.split(separator: ".").last.map(String.init) ?? ""
      let inside = event.path.last.map { " in \($0.typeName.split(separator: ".").last ?? "")" }
      let line: String
      switch event.phase {
      case .started: line = "started \(key)"
      case .ended(.built): line = "ended built \(key)"
      case .ended(.cached): line = "ended cached \(key)"
      case .ended(.failed): line = "ended failed \(key)"
      case .disposed: line = "disposed \(key)"
      }
      lines.withLock { $0.append(line + (inside ?? "")) }
    }
  }
}

@Suite struct ObservationTests {
  @Test func observerSeesEachResolutionStartAndEndInOrderWithItsPath() throws {
    let injector = Injector(label: "app")
    injector.map((any Engine).self, scope: .singleton) { _ in V8Engine() }
    let recorder = Recorder()
    let observation = injector.observeResolutions { recorder.record($0) }

    _ = try injector.resolve(Car.self)
    _ = try injector.resolve((any Engine).self)

    #expect(
      recorder.events == [
        "started Car",
        "started Engine in Car", "ended built Engine in Car",
        "started Wheel in Car", "ended built Wheel in Car",
        "ended built Car",
        "started Engine", "ended cached Engine",
      ])
    observation.cancel()
  }

  @Test func eventsNameTheAskedAndTheServingInjectorAndTheScope() throws {
    let parent = Injector(label: "parent")
    parent.map((any Engine).self, scope: .singleton) { _ in V8Engine() }
    let child = parent.makeChild(label: "child")
    let events = Mutex<[(asked: String, servedBy: String?, scope: Scope?)]>([])
    let observation = parent.observeResolutions { event in
      guard case .ended = event.phase else { return }
      events.withLock { $0.append((event.injector.label, event.servedBy?.label, event.scope)) }
    }

    _ = try child.resolve((any Engine).self)
    _ = try child.resolve(Wheel.self)

    let seen = events.withLock { $0 }
    #expect(seen.map(\.asked) == ["child", "child"])
    #expect(seen.map(\.servedBy) == ["parent", nil])
    #expect(seen.map(\.scope) == [.singleton, nil])
    observation.cancel()
  }

  @Test func aFailedResolutionEndsWithItsError() throws {
    let injector = Injector(label: "app")
    let failures = Mutex<[InjectionError]>([])
    let observation = injector.observeResolutions { event in
      if case .ended(.failed(let error)) = event.phase { failures.withLock { $0.append(error) } }
    }

    #expect(throws: InjectionError.self) { try injector.resolve((any Engine).self) }

    let errors = failures.withLock { $0 }
    #expect(errors.count == 1)
    guard case .notMapped(let key, _, _, _)? = errors.first else {
      Issue.record("expected notMapped, got \(errors)")
      return
    }
    #expect(key == InjectionKey((any Engine).self))
    observation.cancel()
  }

  @Test func theBuiltValueComesWithTheEventSoATestCanWatchItBeReleased() throws {
    let injector = Injector(label: "app")
    injector.map(Wheel.self)
    let built = Mutex<[WeakReference<Wheel>]>([])
    let observation = injector.observeResolutions { event in
      guard case .ended(.built(let value)) = event.phase, let wheel = value as? Wheel else {
        return
      }
      built.withLock { $0.append(WeakReference(wheel)) }
    }

    var wheel: Wheel? = try injector.resolve(Wheel.self)
    #expect(built.withLock { $0.first?.object } === wheel)
    wheel = nil

    #expect(built.withLock { $0.count } == 1)
    #expect(built.withLock { $0.first?.object } == nil)
    withExtendedLifetime(wheel) {}
    observation.cancel()
  }

  @Test func cancellingOrReleasingTheObservationStopsTheEvents() throws {
    let injector = Injector(label: "app")
    let count = Atomic(0)
    let cancelled = injector.observeResolutions { _ in count.add(1, ordering: .relaxed) }
    _ = try injector.resolve(Wheel.self)
    cancelled.cancel()
    cancelled.cancel()
    _ = try injector.resolve(Wheel.self)
    #expect(count.load(ordering: .relaxed) == 2)

    var released: ResolutionObservation? = injector.observeResolutions { _ in
      count.add(1, ordering: .relaxed)
    }
    _ = try injector.resolve(Wheel.self)
    withExtendedLifetime(released) {}
    released = nil
    _ = try injector.resolve(Wheel.self)
    #expect(count.load(ordering: .relaxed) == 4)
  }
}
