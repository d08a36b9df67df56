import InjectionCore
import Testing

/// A collection resolved from an injector that was shut down, or through its child.
@Suite struct ShutdownCollectionTests {
  final class Plugin: InjectionDisposable, Sendable {
    func dispose() {}
  }

  @Test func resolvingACollectionAfterShutdownThrowsShutDownNotAnEmptyArray() throws {
    let injector = Injector(label: "app")
    injector.contribute(Plugin.self, scope: .singleton) { _ in Plugin() }
    #expect(try injector.resolveAll(Plugin.self).count == 1)

    try injector.shutdownSynchronously()

    #expect(throws: InjectionError.self) { try injector.resolveAll(Plugin.self) }
    do {
      _ = try injector.resolveAll(Plugin.self)
    } catch {
      guard case .shutDown(let label, _) = error else {
        Issue.record("threw \(error), expected shutDown")
        return
      }
      #expect(label == "app")
    }
  }

  @Test func aChildsCollectionThrowsShutDownWhenItsParentWasShutDown() throws {
    let parent = Injector(label: "app")
    parent.contribute(Plugin.self, scope: .singleton) { _ in Plugin() }
    let child = parent.makeChild(label: "request")

    try parent.shutdownSynchronously()

    #expect {
      _ = try child.resolveAll(Plugin.self)
    } throws: { error in
      guard let error = error as? InjectionError, case .shutDown(let label, _) = error else {
        return false
      }
      return label == "app"
    }
    #expect {
      _ = try child.resolveAll(InjectionKey([Plugin].self))
    } throws: { error in
      guard let error = error as? InjectionError, case .shutDown = error else { return false }
      return true
    }
  }
}
