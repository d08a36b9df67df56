import InjectionCore
import Synchronization

/// The resolution events of the builds of a validation copy's eager singletons, held until the
/// copy is made: those of an eager singleton that the copy took from the injector (its rebuild
/// failed, and the injector's build stands for it) are not what the app's build met, and are
/// left out of the graph.
///
/// The copy's observer calls `hold(_:)` on whatever thread resolves.
final class RebuiltEagerSingletons: Sendable {
  /// A resolution event of the copy's eager singletons, held until the copy is made, with the
  /// eager singleton whose build it is part of (the first key of its path).
  ///
  /// `@unchecked Sendable`: an event may carry the value a build returned, which need not be
  /// `Sendable`. Held events are appended while `makeCopy` builds the copy's eager singletons,
  /// synchronously, within `Run`'s initializer, and handed back to that initializer on its own
  /// thread once `makeCopy` returned or threw: a value is read by the thread whose call built it,
  /// after the build.
  struct HeldEvent: @unchecked Sendable {
    let event: ResolutionEvent
    let root: InjectionKey
  }

  private let state = Mutex((isOpen: true, events: [HeldEvent]()))

  /// Holds an event of the copy while it is made.
  ///
  /// - Returns: Whether the event is held; once the copy is made, none is.
  func hold(_ event: ResolutionEvent) -> Bool {
    let held = HeldEvent(event: event, root: event.path.first ?? event.key)
    return state.withLock {
      guard $0.isOpen else { return false }
      $0.events.append(held)
      return true
    }
  }

  /// Returns the events held, for a new copy: those of a copy that failed, which stand.
  func reset() -> [ResolutionEvent] {
    state.withLock { state in
      defer { state.events = [] }
      return state.events.map(\.event)
    }
  }

  /// The events held, and stops holding: the copy is made.
  func close() -> [HeldEvent] {
    state.withLock { state in
      state.isOpen = false
      defer { state.events = [] }
      return state.events
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
    // Another custom mirror is not reflected either, but those of the standard collections and
    // of an optional, which list what they hold.
    let listsWhatItHolds = value is any Collection || value is any OptionalValue
    guard depth > 0, listsWhatItHolds || !(value is any CustomReflectable) else { return false }
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

/// An `Optional`, whatever it wraps.
protocol OptionalValue {}
extension Optional: OptionalValue {}
