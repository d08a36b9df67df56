import InjectionCore
import Synchronization

/// The eager singletons whose build failed while validation made its copy: each such build
/// either fails the copy (reported as `eagerSingletonFailed`), or, for one the injector built,
/// left the copy with the injector's value (`makeCopy`'s `fallingBackOnBuiltEagerSingletons`).
///
/// The copy's observer calls `observe(_:)` on whatever thread resolves.
final class RebuiltEagerSingletons: Sendable {
  struct Failure {
    let key: InjectionKey
    /// The first error met within its build.
    let error: String
    /// The copy that built it.
    let injector: Injector
  }

  private let state = Mutex((isOpen: true, failures: [Failure]()))

  /// Records a resolution that failed while the copy was made: within the build of an eager
  /// singleton, under the first key of its path (an error inside a build is not always
  /// reported for the eager singleton itself, as with a cycle).
  func observe(_ event: ResolutionEvent) {
    guard case .ended(.failed(let error)) = event.phase else { return }
    let key = event.path.first ?? event.key
    state.withLock {
      guard $0.isOpen, !$0.failures.contains(where: { $0.key == key }) else { return }
      $0.failures.append(Failure(key: key, error: error.description, injector: event.injector))
    }
  }

  /// Forgets the failures recorded so far, for a new copy.
  func reset() {
    state.withLock { $0.failures = [] }
  }

  /// The failures recorded, and stops recording: the copy is made.
  func close() -> [Failure] {
    state.withLock {
      $0.isOpen = false
      return $0.failures
    }
  }

  /// Whether `value`, or a value it holds (within a few levels), resolves something later,
  /// in the injector that built it, which validation does not explore when the copy holds the
  /// injector's value: a ``Provider`` or ``Lazy`` value, or an `@Injected` property not
  /// resolved yet.
  static func holdsDeferredResolution(_ value: Any, depth: Int = 4) -> Bool {
    if value is any DeferredResolution { return true }
    // An `@Injected` cell is not reflected further: its custom mirror may resolve its value,
    // in the app's injector.
    if let point = value as? any InjectionPoint {
      let type = point.key.unqualifiedTypeName
      return !point.isResolved || type.hasPrefix("Provider<") || type.hasPrefix("Lazy<")
    }
    guard depth > 0, !(value is any CustomReflectable) else { return false }
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
      for child in current.children
      where holdsDeferredResolution(child.value, depth: depth - 1) {
        return true
      }
      mirror = current.superclassMirror
    }
    return false
  }
}
