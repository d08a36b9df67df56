import InjectionCore
import InjectionTestSupport
import Synchronization
import Testing

/// A value cached per argument, for these tests.
private final class Badge: Sendable {
  let id: Int
  let serial: Int
  init(id: Int, serial: Int) {
    self.id = id
    self.serial = serial
  }
}

@Suite struct PerArgumentOverrideTests {
  @Test func anOverrideCachedPerArgumentCachesInTheTestInjectorOnly() throws {
    let base = Injector(label: "base")
    base.map(Badge.self, taking: Int.self, scope: .perArgument) { _, id in
      Badge(id: id, serial: 0)
    }
    let baseBadge = try base.resolve(Badge.self, arguments: 1)
    let serials = Atomic<Int>(0)
    try withTestInjector(from: base) {
      $0.map(Badge.self, taking: Int.self, scope: .perArgument) { _, id in
        Badge(id: id, serial: serials.add(1, ordering: .relaxed).newValue)
      }
    } operation: { scope in
      let injector = scope.injector
      let first = try injector.resolve(Badge.self, arguments: 1)
      #expect(first.serial == 1)
      #expect(try injector.resolve(Badge.self, arguments: 1) === first)
      #expect(try injector.resolve(Badge.self, arguments: 2).serial == 2)
    }
    #expect(try base.resolve(Badge.self, arguments: 1) === baseBadge)
    #expect(base.snapshot().mapping(for: InjectionKey(Badge.self))?.cachedValueCount == 1)
  }

  @Test func aMappingCachedPerArgumentOfTheBaseStartsEmptyInTheTestInjector() throws {
    let base = Injector(label: "base")
    let builds = Atomic<Int>(0)
    base.map(Badge.self, taking: Int.self, scope: .perArgument) { _, id in
      Badge(id: id, serial: builds.add(1, ordering: .relaxed).newValue)
    }
    let baseBadge = try base.resolve(Badge.self, arguments: 1)
    try withTestInjector(from: base) { scope in
      let badge = try scope.injector.resolve(Badge.self, arguments: 1)
      #expect(badge !== baseBadge)
      #expect(badge.serial == 2)
      #expect(try scope.injector.resolve(Badge.self, arguments: 1) === badge)
    }
  }
}
