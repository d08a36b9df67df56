import Foundation

/// Keeps objects that form reference cycles on purpose reachable until the process exits.
///
/// Circular singletons (each holding the other through `@Injected`) are a retain cycle that no
/// injector can break. Keeping them reachable lets LeakSanitizer (on in the asan configuration)
/// report only what the library itself leaks.
enum IntendedCycles {
  private static let store = Store()

  /// Keeps `objects` alive until the process exits.
  static func keep(_ objects: AnyObject...) {
    store.append(objects)
  }

  /// The kept objects.
  ///
  /// `@unchecked Sendable`: `objects` is read and written only while `lock` is held.
  private final class Store: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [AnyObject] = []

    func append(_ more: [AnyObject]) {
      lock.lock()
      defer { lock.unlock() }
      objects.append(contentsOf: more)
    }
  }
}
