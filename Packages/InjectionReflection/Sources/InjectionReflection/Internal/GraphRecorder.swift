import InjectionCore
import Synchronization

/// Records what resolutions in a validation copy touch: the keys, who needed each, the
/// `@Injected` property that holds each dependency, and the failures.
///
/// The copy's observer calls `observe(_:)` on whatever thread resolves.
final class GraphRecorder: Sendable {
  struct Dependency: Hashable {
    let from: InjectionKey
    let to: InjectionKey
  }

  struct State {
    /// Every key resolved.
    var seen: Set<InjectionKey> = []
    var dependencies: Set<Dependency> = []
    /// From a ``Provider`` or ``Lazy`` value to the key it resolves later: an edge of the graph
    /// when that key has a node, though validation does not resolve it.
    var deferredDependencies: Set<Dependency> = []
    /// The ``Provider`` and ``Lazy`` values built, each with the path to it (its own key
    /// last) and the injector it is bound to (the one that resolved it), for validation to
    /// resolve what they resolve later.
    var deferredValues: [DeferredValue] = []
    var failedDependencies: Set<Dependency> = []
    /// The names of the `@Injected` properties of each built key's value, by dependency.
    var properties: [Dependency: Set<String>] = [:]
    var missing: Set<InjectionKey> = []
    var unmappedOptionals: [(key: InjectionKey, path: [InjectionKey])] = []
    /// The `@Injected` properties of each class or struct built, by its type.
    ///
    /// A type's stored properties are the same in all its values, so `Mirror` reflects one value per type.
    /// Keyed by the metatype's identity, which lives as long as the process.
    var propertiesByType: [ObjectIdentifier: [(key: InjectionKey, name: String)]] = [:]
    /// The resolutions inside builds that may make captive dependencies.
    var held: [HeldResolution] = []
    /// Whether the value built for each owned key (a singleton or eager singleton) is disposable.
    ///
    /// Disposable: `InjectionDisposable` or `AsyncInjectionDisposable`. In the order the values
    /// were built (a later build of a key says it): what the graph says of a key whose mapping
    /// alone cannot tell (a protocol or class key). A list, not a dictionary: the graph looks
    /// each key up once, in its own.
    var builtDisposable: [(key: InjectionKey, isDisposable: Bool)] = []
    /// Whether the instances of each class built are disposable, by the class's identity
    /// (metadata lives as long as the process): the two dynamic casts are made once per class.
    var disposableByClass: [ObjectIdentifier: Bool] = [:]
  }

  let state = Mutex(State())
  /// The keys that a nearer injector maps than an ancestor that caches values (see
  /// ``mayBeHeld(_:nearerKeys:)``).
  let nearerKeys: Set<InjectionKey>

  init(nearerKeys: Set<InjectionKey> = []) {
    self.nearerKeys = nearerKeys
  }

  /// Records one resolution event.
  func observe(_ event: ResolutionEvent) {
    switch event.phase {
    case .started:
      let isHeld = Self.mayBeHeld(event, nearerKeys: nearerKeys)
      state.withLock { state in
        state.seen.insert(event.key)
        if let from = event.path.last {
          state.dependencies.insert(Dependency(from: from, to: event.key))
        }
        if isHeld { state.held.append(HeldResolution(key: event.key, path: event.path)) }
      }
    case .ended(.built(let value)):
      let properties = properties(of: value)
      // Only for the values an injector owns: two conformance checks per class built.
      let isOwned = event.scope == .singleton || event.scope == .eagerSingleton
      let isDisposable = isOwned ? isDisposable(value) : nil
      let isUnmappedOptional = event.servedBy == nil && Self.isNilOptional(value)
      let later = value as? any DeferredResolution
      state.withLock { state in
        if let later {
          state.deferredDependencies.insert(Dependency(from: event.key, to: later.key))
          // An identity while held: the injector is one of the run's copies, which `Run.copyChain`
          // keeps alive until the report is made, and only those are observed.
          state.deferredValues.append(
            DeferredValue(
              value: later, path: event.path + [event.key],
              injector: ObjectIdentifier(event.injector)))
        }
        for (key, name) in properties {
          state.properties[Dependency(from: event.key, to: key), default: []].insert(name)
        }
        if isUnmappedOptional {
          state.unmappedOptionals.append((event.key, event.path))
        }
        if let isDisposable { state.builtDisposable.append((event.key, isDisposable)) }
      }
    case .ended(.cached), .disposed:
      break
    case .ended(.failed(let error)):
      record(error)
    }
  }

  /// Records the dependencies that an error of a resolution shows to be broken.
  func record(_ error: InjectionError) {
    state.withLock { state in
      switch error {
      case .notMapped(let key, let path, _, _):
        state.missing.insert(key)
        if let from = path.last {
          state.dependencies.insert(Dependency(from: from, to: key))
          state.failedDependencies.insert(Dependency(from: from, to: key))
        }
      case .asyncMapping(let key, let path):
        // Needed synchronously before it was built: the edge that needed it failed.
        if let from = (path.last == key ? path.dropLast() : path[...]).last {
          state.dependencies.insert(Dependency(from: from, to: key))
          state.failedDependencies.insert(Dependency(from: from, to: key))
        }
      case .cycle(let path):
        for (from, to) in zip(path, path.dropFirst()) {
          state.dependencies.insert(Dependency(from: from, to: to))
          state.failedDependencies.insert(Dependency(from: from, to: to))
        }
      default:
        break
      }
    }
  }

  /// The keys and names of the `@Injected` properties of `value`, reflected once per class or
  /// struct type (an enum's or an optional's payload differs between values: those are
  /// reflected each time).
  private func properties(of value: Any) -> [(key: InjectionKey, name: String)] {
    let type = Swift.type(of: value)
    let identity = ObjectIdentifier(type)
    if let known = state.withLock({ $0.propertiesByType[identity] }) { return known }
    let mirror = Mirror(reflecting: value)
    let properties = InjectionPoints.properties(of: value)
    if mirror.displayStyle == .class || mirror.displayStyle == .struct {
      state.withLock { $0.propertiesByType[identity] = properties }
    }
    return properties
  }

  /// Whether `value` is `InjectionDisposable` or `AsyncInjectionDisposable`.
  ///
  /// Asked once per class: whether an object conforms depends on its class alone. Any other
  /// value is asked each time (an optional, say, conforms as the value it holds does).
  private func isDisposable(_ value: Any) -> Bool {
    let type = Swift.type(of: value)
    guard type is AnyObject.Type else { return Self.conformsToDisposal(value) }
    let identity = ObjectIdentifier(type)
    if let known = state.withLock({ $0.disposableByClass[identity] }) { return known }
    let isDisposable = Self.conformsToDisposal(value)
    state.withLock { $0.disposableByClass[identity] = isDisposable }
    return isDisposable
  }

  /// The two dynamic casts: whether `value` conforms to either disposal protocol.
  private static func conformsToDisposal(_ value: Any) -> Bool {
    value is any InjectionDisposable || value is any AsyncInjectionDisposable
  }

  /// Whether `value` is an optional holding nothing.
  private static func isNilOptional(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }
}
