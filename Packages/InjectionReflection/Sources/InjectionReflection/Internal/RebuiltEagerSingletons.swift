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

  /// The ``Provider`` and ``Lazy`` values that `value`, or a value it holds (resolved
  /// `@Injected` properties included), holds; `nil` when it holds what validation cannot follow
  /// into the injector that built it: an `@Injected` property not resolved yet, or values nested
  /// deeper than `maximumDepth` levels.
  ///
  /// Each object is walked once: `value` holds every object the walk meets while it runs, so an
  /// object's identity names it for the whole walk.
  static func deferredResolutions(in value: Any) -> [any ResolvableElsewhere]? {
    var walked = Set<ObjectIdentifier>()
    return deferredResolutions(in: value, depth: maximumDepth, walked: &walked)
  }

  /// How many levels of stored properties and elements the walk follows: far more than values
  /// nest in practice; a value nested deeper makes its holder a value validation cannot follow
  /// (a problem), never a silent pass.
  static let maximumDepth = 64

  private static func deferredResolutions(
    in value: Any, depth: Int, walked: inout Set<ObjectIdentifier>
  ) -> [any ResolvableElsewhere]? {
    if let deferred = value as? any ResolvableElsewhere { return [deferred] }
    if value is any DeferredResolution { return nil }
    // An `@Injected` cell is not reflected (its custom mirror may resolve its value, in the
    // app's injector): the value it resolved is read without resolving, and followed. One not
    // resolved yet would resolve on its first read, from an injector validation does not hold.
    if let point = value as? any InjectionPoint {
      guard point.isResolved, let resolved = point.resolvedValue else { return nil }
      return deferredResolutions(in: resolved, depth: depth, walked: &walked)
    }
    // Another custom mirror is not reflected either, but those of the standard collections and
    // of an optional, which list what they hold.
    let listsWhatItHolds = value is any Collection || value is any OptionalValue
    guard listsWhatItHolds || !(value is any CustomReflectable) else { return [] }
    if type(of: value) is AnyClass {
      guard walked.insert(ObjectIdentifier(value as AnyObject)).inserted else { return [] }
    }
    var found: [any ResolvableElsewhere] = []
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
      for child in current.children {
        guard depth > 0,
          let inner = deferredResolutions(in: child.value, depth: depth - 1, walked: &walked)
        else { return nil }
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
