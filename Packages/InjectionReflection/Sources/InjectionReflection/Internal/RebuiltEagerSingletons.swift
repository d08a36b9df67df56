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
    state.withLock {
      // Once the copy is made, for every event validation explores, nothing is copied.
      guard $0.isOpen else { return false }
      $0.events.append(HeldEvent(event: event, root: event.path.first ?? event.key))
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

  /// The ``Provider`` and ``Lazy`` values that `value`, or a value it holds (within a few
  /// levels), holds; `nil` when it holds what validation cannot follow into the injector that
  /// built it: an `@Injected` property not resolved yet, or one that holds a provider or lazy
  /// value.
  static func deferredResolutions(in value: Any, depth: Int = 4) -> [any ResolvableElsewhere]? {
    if let deferred = value as? any ResolvableElsewhere { return [deferred] }
    if value is any DeferredResolution { return nil }
    // An `@Injected` cell is not reflected further: its custom mirror may resolve its value,
    // in the app's injector.
    if let point = value as? any InjectionPoint {
      let type = point.key.unqualifiedTypeName
      let isFollowed = point.isResolved && !type.hasPrefix("Provider<") && !type.hasPrefix("Lazy<")
      return isFollowed ? [] : nil
    }
    // Another custom mirror is not reflected either, but those of the standard collections and
    // of an optional, which list what they hold.
    let listsWhatItHolds = value is any Collection || value is any OptionalValue
    guard depth > 0, listsWhatItHolds || !(value is any CustomReflectable) else { return [] }
    var found: [any ResolvableElsewhere] = []
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
      for child in current.children {
        guard let inner = deferredResolutions(in: child.value, depth: depth - 1) else {
          return nil
        }
        found += inner
      }
      mirror = current.superclassMirror
    }
    return found
  }
}

/// What a ``Provider`` or ``Lazy`` value that the injector's eager singleton holds resolves
/// later, resolved in the copy of that injector instead.
struct KeyResolution: DeferredResolution {
  let deferred: any ResolvableElsewhere
  /// The copy of the injector that built the eager singleton.
  let injector: Injector

  var key: InjectionKey { deferred.key }
  var isProvider: Bool { deferred.isProvider }

  func resolveNow() throws(InjectionError) {
    try deferred.resolveNow(in: injector)
  }

  func resolveNowAsync(from injector: Injector) async throws(InjectionError) {
    _ = try await self.injector.resolveAsync(key)
  }
}

/// An `Optional`, whatever it wraps.
protocol OptionalValue {}
extension Optional: OptionalValue {}

/// A ``Provider`` or ``Lazy`` value whose key validation can resolve in another injector, as
/// the value resolves it in its own.
protocol ResolvableElsewhere: DeferredResolution {
  /// Resolves the key in `injector`, as a call or read resolves it in the value's injector.
  func resolveNow(in injector: Injector) throws(InjectionError)
}

extension Provider: ResolvableElsewhere {
  func resolveNow(in injector: Injector) throws(InjectionError) {
    _ = try injector.resolve(Value.self, named: key.name)
  }
}

extension Lazy: ResolvableElsewhere {
  func resolveNow(in injector: Injector) throws(InjectionError) {
    _ = try injector.resolve(Value.self, named: key.name)
  }
}
