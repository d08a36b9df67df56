/// How to dispose one owned value: the value as ``InjectionDisposable``,
/// ``AsyncInjectionDisposable``, or both.
// @unchecked Sendable: it holds a cached value of a mapping, the same value the injector hands
// to any thread that resolves its key (the mapping API takes that decision for the value); it
// is only moved between threads and disposed once, by the one thread that took it out of the
// registry mutex (`Lifetimes` hands each entry out once).
struct Disposer: @unchecked Sendable {
  let sync: (any InjectionDisposable)?
  let async: (any AsyncInjectionDisposable)?

  /// The disposer of `value`, or `nil` if it conforms to neither protocol.
  init?(_ value: Any) {
    sync = value as? any InjectionDisposable
    async = value as? any AsyncInjectionDisposable
    if sync == nil, async == nil { return nil }
  }
}

/// A value an injector owns that can be disposed, recorded when it was cached.
// @unchecked Sendable: `disposer` is (see `Disposer`); `registration` is only compared by
// identity outside the registry mutex; `key` and `sequence` are values.
struct OwnedValue: @unchecked Sendable {
  /// Its place in the injector's order of creation: later values have higher numbers.
  let sequence: UInt64
  let key: Key
  /// The mapping that cached it; held, so that its identity is never reused while the value is
  /// listed.
  let registration: AnyRegistration
  let disposer: Disposer
}

/// The values an injector owns that can be disposed, and what it must still report; part of
/// ``Registry``, guarded by the injector's registry mutex.
///
/// Each value is listed once, when its mapping caches it, and handed out once, by the step that
/// ends its owner (a removal, a reset, a shutdown): whatever races, only one thread disposes it.
/// Nothing here is ever released under the mutex by these methods: what they hand out is
/// disposed and released by the caller after unlocking.
struct Lifetimes {
  /// The owned values, in order of creation.
  var owned: [OwnedValue] = []
  /// The number the next owned value gets.
  var nextSequence: UInt64 = 0
  /// Values released by a synchronous event that only ``AsyncInjectionDisposable`` can dispose:
  /// disposed by the next ``Injector/disposeReleasedValues()`` or ``Injector/shutdown()``.
  var released: [OwnedValue] = []
  /// Failures of synchronous events, which cannot throw: reported by the next of those.
  var failures: [DisposalError.Failure] = []
  /// Whether ``Injector/shutdown()`` (or its synchronous form) began.
  var isShutDown = false

  /// Lists a value that a mapping just cached.
  mutating func own(_ disposer: Disposer, key: Key, registration: AnyRegistration) {
    owned.append(
      OwnedValue(sequence: nextSequence, key: key, registration: registration, disposer: disposer))
    nextSequence &+= 1
  }

  /// Takes the owned values of `registrations` out of the list, latest first.
  ///
  /// - Parameter retiring: Whether the registrations leave their injector (every event but a
  ///   reset): they are marked ``AnyRegistration/isRetired``, so that a build of theirs still
  ///   under way owns nothing when it ends.
  mutating func take(of registrations: [AnyRegistration], retiring: Bool = true) -> [OwnedValue] {
    if retiring {
      for registration in registrations { registration.isRetired = true }
    }
    guard !owned.isEmpty, !registrations.isEmpty else { return [] }
    let ids = Set(registrations.map(ObjectIdentifier.init))
    var taken: [OwnedValue] = []
    owned.removeAll { value in
      guard ids.contains(ObjectIdentifier(value.registration)) else { return false }
      taken.append(value)
      return true
    }
    return taken.reversed()
  }

  /// Takes every owned and released value out of the list, latest first.
  mutating func takeAll() -> [OwnedValue] {
    defer {
      owned = []
      released = []
    }
    return (owned + released).sorted { $0.sequence > $1.sequence }
  }

  /// Takes the released values and the failures to report.
  mutating func takeReleased() -> (values: [OwnedValue], failures: [DisposalError.Failure]) {
    defer {
      released = []
      failures = []
    }
    return (released.sorted { $0.sequence > $1.sequence }, failures)
  }
}
