import Foundation
import InjectionCore
import InjectionTestHelpers
import Synchronization

/// Issue 19, point 2: a `.graph` key re-mapped by one thread while others run outer builds that
/// resolve it twice.
///
/// Graph values were kept by the registration's address without holding the registration: a
/// mapping made in the place of a released one could get its address, and the outer build was
/// served the old mapping's value (or trapped in a cast when the new mapping was of another
/// type). Each mapping tags its values with its generation; a resolution that starts after a
/// generation was published must get a value of that generation or a later one, and two
/// resolutions of one generation within one outer build get the same instance.
enum GraphRemapWhileBuilding {
  protocol Reading: AnyObject, Sendable {
    var generation: Int { get }
  }

  final class ReadingA: Reading {
    let generation: Int
    init(generation: Int) { self.generation = generation }
  }

  final class ReadingB: Reading {
    let generation: Int
    init(generation: Int) { self.generation = generation }
  }

  /// The outer build: what its factory saw.
  final class Sample: Sendable {
    init() {}
  }

  private static let readers = 3

  static let scenario = Scenario(name: "graph-remap-while-building") { run in
    let injector = Injector(label: "graph-remap")
    let published = Atomic<Int>(0)
    injector.map((any Reading).self, scope: .graph) { _ in ReadingA(generation: 0) }
    injector.map(ReadingA.self, scope: .graph) { _ in ReadingA(generation: 0) }
    injector.map(Sample.self) { injector in
      let before = published.load(ordering: .acquiring)
      let first = try injector.resolve((any Reading).self)
      let second = try injector.resolve((any Reading).self)
      run.expect(
        first.generation >= before && second.generation >= before,
        "a graph resolution that began at generation \(before) got a value of generation "
          + "\(min(first.generation, second.generation)): a released mapping's value")
      if first.generation == second.generation {
        run.expect(first === second, "one mapping gave two values within one graph")
      }
      // A concrete key whose mapping alternates with another type's: the old mapping's value
      // would fail the cast to this type.
      if let concrete = try injector.resolve(ReadingA?.self) {
        run.expect(concrete.generation >= before, "ReadingA? gave a released mapping's value")
      }
      return Sample()
    }
    let stop = Flag()
    let writer = Latch(count: 1)
    let thread = Thread {
      var generation = 0
      while !stop.isSet {
        generation += 1
        let tag = generation
        // Mapping the key again replaces the mapping (and releases it once nobody holds it).
        injector.map((any Reading).self, scope: .graph) { _ in
          tag.isMultiple(of: 2)
            ? ReadingA(generation: tag) as any Reading : ReadingB(generation: tag)
        }
        injector.unmap(ReadingA.self)
        if tag.isMultiple(of: 2) {
          injector.map(ReadingA.self, scope: .graph) { _ in ReadingA(generation: tag) }
        } else {
          injector.map(ReadingB.self, scope: .graph) { _ in ReadingB(generation: tag) }
          injector.unmap(ReadingB.self)
          injector.map(ReadingA.self, scope: .graph) { _ in ReadingA(generation: tag) }
        }
        published.store(tag, ordering: .releasing)
      }
      writer.countDown()
    }
    thread.start()
    Threads.run(readers) { _ in
      while run.isRunning {
        do {
          _ = try injector.resolve(Sample.self)
        } catch {
          run.fail("resolving Sample threw: \(error)")
        }
        run.recordIteration()
      }
    }
    stop.set()
    writer.wait()
  }
}
