import InjectionCore
import Testing

@Suite struct CurrentInjectorTests {
  @Test func withInjectorBindsTheCurrentInjectorForTheClosure() {
    let injector = Injector(label: "bound")

    let current = withInjector(injector) { Injector.current }

    #expect(current === injector)
  }

  @Test func withInjectorRestoresTheOuterBindingAfterwards() {
    let outer = Injector(label: "outer")
    let inner = Injector(label: "inner")

    let (during, after) = withInjector(outer) {
      let during = withInjector(inner) { Injector.current }
      return (during, Injector.current)
    }

    #expect(during === inner)
    #expect(after === outer)
  }

  @Test func withInjectorReturnsWhatTheOperationReturns() {
    let injector = Injector(label: "bound")

    let label = withInjector(injector) { Injector.current.label }

    #expect(label == "bound")
  }

  @Test func withInjectorRethrowsTheOperationsTypedError() {
    let injector = Injector(label: "bound")

    let error = #expect(throws: InjectionError.self) {
      try withInjector(injector) { () throws(InjectionError) -> Int in
        try Injector.current.resolve(Int.self)
      }
    }

    #expect(error?.notMapped?.searched == ["bound"])
  }

  @Test func asyncWithInjectorKeepsTheBindingAcrossSuspensions() async {
    let injector = Injector(label: "async")

    let current = await withInjector(injector) {
      await Task.yield()
      return Injector.current
    }

    #expect(current === injector)
  }

  @Test func childTasksInheritTheCurrentInjector() async {
    let injector = Injector(label: "inherited")

    let labels = await withInjector(injector) {
      await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 {
          group.addTask { Injector.current.label }
        }
        var labels: [String] = []
        for await label in group { labels.append(label) }
        return labels
      }
    }

    #expect(labels == Array(repeating: "inherited", count: 4))
  }

  @Test func unstructuredTaskInheritsTheCurrentInjector() async {
    let injector = Injector(label: "inherited")

    let current = await withInjector(injector) {
      await Task { Injector.current }.value
    }

    #expect(current === injector)
  }

  @Test func detachedTaskSeesTheSharedInjectorNotTheBinding() async {
    let injector = Injector(label: "bound")

    let current = await withInjector(injector) {
      await Task.detached { Injector.current }.value
    }

    #expect(current === Injector.shared)
    #expect(current !== injector)
  }

  @Test func sharedInjectorIsOneLabeledRoot() {
    #expect(Injector.shared === Injector.shared)
    #expect(Injector.shared.label == "shared")
    #expect(Injector.shared.parent == nil)
  }

  @Test func objectsCreatedInsideTheClosureResolveFromTheBoundInjector() async {
    let injector = Injector(label: "bound")
    let engine = V8Engine()
    injector.map((any Engine).self, to: engine)

    let roadster = await withInjector(injector) {
      await Task.yield()
      return InjectedPropertyTests.Roadster()
    }

    #expect(roadster.engine === engine)
  }

  @Test func injectorThatBuildsAnObjectWinsOverTheCurrentInjector() throws {
    let current = Injector(label: "current")
    current.map((any Engine).self, with: HybridEngine.init)
    let builder = Injector(label: "builder")
    builder.map((any Engine).self, with: V8Engine.init)

    let car = try withInjector(current) { try builder.resolve(Car.self) }

    #expect(car.engine is V8Engine)
  }
}
