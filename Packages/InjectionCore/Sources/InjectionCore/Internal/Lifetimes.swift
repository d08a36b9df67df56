/// How to dispose one value: the value as ``InjectionDisposable``, ``AsyncInjectionDisposable``,
/// or both.
// @unchecked Sendable: it holds a cached value of a mapping, the same value the injector hands
// to any thread that resolves its key (the mapping API takes that decision for the value); it
// is only moved between threads and disposed once, by the one thread that took its value out of
// the registry mutex (`Lifetimes` hands each value out once).
struct Disposer: @unchecked Sendable {
  let sync: (any InjectionDisposable)?
  let async: (any AsyncInjectionDisposable)?

  /// The disposer of `value`, or `nil` if it conforms to neither protocol.
  ///
  /// Two dynamic conformance checks: made when the value's owner ends, never when it is built
  /// or read (the first check of a type searches the conformance records: an app's launch does
  /// not pay it).
  init?(_ value: Any) {
    sync = value as? any InjectionDisposable
    async = value as? any AsyncInjectionDisposable
    if sync == nil, async == nil { return nil }
  }
}

/// A value a mapping cached, listed when it was cached: its place in the order of creation.
struct OwnedEntry {
  /// Its place in the injector's order of creation: later values have higher numbers.
  let sequence: UInt64
  /// The mapping that caches it; held, so that its identity is never reused while listed.
  let registration: AnyRegistration
}

/// A value taken out of the registry because its owner ended, to be disposed (if it can be)
/// and released after the registry mutex is unlocked.
// @unchecked Sendable: `value` is a mapping's cached value, which the injector hands to any
// thread (see `Disposer`); only the one thread that took it out of `Injector.registry` uses it.
struct ReleasedValue: @unchecked Sendable {
  let sequence: UInt64
  let key: Key
  let value: Any
  /// The mapping that cached it: its scope is what observers are told.
  let registration: AnyRegistration
}

/// The cached values an injector owns, in order of creation, and what it must still dispose
/// or report; part of ``Registry``, guarded by the injector's registry mutex.
///
/// Each value is listed once, when its mapping caches it (an append: no conformance check), and
/// handed out once, by the locked step that ends its owner (a removal, a reset, a shutdown):
/// whatever races, only one thread disposes it. Whether it can be disposed is asked only then.
struct Lifetimes {
  /// The owned values, by the identity of the mapping that caches each (a mapping caches one
  /// value at a time; the entry holds the mapping, so the identity is not reused while listed):
  /// an event takes its values in time proportional to its mappings, not to all owned values.
  var owned: [ObjectIdentifier: OwnedEntry] = [:]
  /// The number the next owned value gets.
  var nextSequence: UInt64 = 0
  /// Values released by a synchronous event that only ``AsyncInjectionDisposable`` can
  /// dispose: disposed by the next ``Injector/disposeReleasedValues(timeout:)`` or
  /// ``Injector/shutdown(timeout:)``.
  var released: [ReleasedValue] = []
  /// Failures of synchronous events, which cannot throw: reported by the next of those.
  var failures: [DisposalError.Failure] = []
  /// Whether ``Injector/shutdown(timeout:)`` (or its synchronous form) began.
  var isShutDown = false

  /// Lists a value that `registration` just cached.
  mutating func own(_ registration: AnyRegistration) {
    owned[ObjectIdentifier(registration)] = OwnedEntry(
      sequence: nextSequence, registration: registration)
    nextSequence &+= 1
  }

  /// Takes the values of `registrations` out of the list, latest first, each with the value
  /// its mapping holds now (read before a reset drops it).
  ///
  /// A registration stands for the mappings that cache its values
  /// (``AnyRegistration/ownedRegistrations()``): a keyed entry for its contribution, a mapping
  /// cached per argument for each argument's value.
  ///
  /// - Parameter retiring: Whether the registrations leave their injector (every event but a
  ///   reset): they are marked ``AnyRegistration/isRetired``, so that a build of theirs still
  ///   under way owns nothing when it ends.
  mutating func take(of registrations: [AnyRegistration], retiring: Bool = true)
    -> [ReleasedValue]
  {
    guard retiring || !owned.isEmpty else { return [] }
    var taken: [ReleasedValue] = []
    for outer in registrations {
      for registration in retiring ? outer.retire() : outer.ownedRegistrations() {
        guard let entry = owned.removeValue(forKey: ObjectIdentifier(registration)),
          let value = registration.ownedValue()
        else { continue }
        taken.append(
          ReleasedValue(
            sequence: entry.sequence, key: registration.key, value: value,
            registration: registration))
      }
    }
    return taken.sorted { $0.sequence > $1.sequence }
  }

  /// Takes every owned and released value out, latest first.
  mutating func takeAll() -> [ReleasedValue] {
    var taken = released
    for entry in owned.values {
      guard let value = entry.registration.ownedValue() else { continue }
      taken.append(
        ReleasedValue(
          sequence: entry.sequence, key: entry.registration.key, value: value,
          registration: entry.registration))
    }
    owned = [:]
    released = []
    return taken.sorted { $0.sequence > $1.sequence }
  }

  /// Takes the released values, latest first, and the failures to report.
  mutating func takeReleased() -> (values: [ReleasedValue], failures: [DisposalError.Failure]) {
    defer {
      released = []
      failures = []
    }
    return (released.sorted { $0.sequence > $1.sequence }, failures)
  }
}
