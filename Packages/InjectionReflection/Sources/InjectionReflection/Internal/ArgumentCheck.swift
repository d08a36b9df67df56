import InjectionCore

/// What one exploration does with the mappings that take arguments: the samples the caller
/// gave, the keys allowed unchecked, and the ``Provider`` values found whose key takes
/// arguments.
///
/// Used by one task at a time, as its ``GraphExplorer/Run`` is.
final class ArgumentCheck {
  /// The keys mapped with a factory that takes arguments.
  let argumentKeys: Set<InjectionKey>
  private let samples: [InjectionKey: [any ArgumentSample]]
  /// The sampled keys, in the order first given.
  private let sampledKeys: [InjectionKey]
  private let unchecked: Set<InjectionKey>
  /// How many of ``sampledKeys`` were taken for a top-level resolution.
  private var sampledTaken = 0
  /// The path to the first ``Provider`` found for each key that takes arguments and has no
  /// sample.
  private var providerPaths: [InjectionKey: [InjectionKey]] = [:]

  init(_ arguments: [ValidationArguments], argumentKeys: Set<InjectionKey>) {
    self.argumentKeys = argumentKeys
    var samples: [InjectionKey: [any ArgumentSample]] = [:]
    var order: [InjectionKey] = []
    var unchecked: Set<InjectionKey> = []
    for argument in arguments {
      guard let sample = argument.sample else {
        unchecked.insert(argument.key)
        continue
      }
      if samples[argument.key] == nil { order.append(argument.key) }
      samples[argument.key, default: []].append(sample)
    }
    self.samples = samples
    self.sampledKeys = order
    self.unchecked = unchecked
  }

  /// What to resolve for a ``Provider`` or ``Lazy`` value found whose key takes arguments:
  /// a provider is called with the key's samples; one without samples is remembered, with its
  /// path, and `nil` is returned; a lazy value is read as the app would (which fails).
  func resolution(
    of value: any DeferredResolution, path: [InjectionKey]
  ) -> (any DeferredResolution)? {
    guard value.isProvider else { return value }
    guard let samples = samples[value.key] else {
      if providerPaths[value.key] == nil { providerPaths[value.key] = path }
      return nil
    }
    return SampledProvider(provider: value, samples: samples)
  }

  /// Whether the caller allowed `key` unchecked (``ValidationArguments/unchecked(_:)``).
  func allowsUnchecked(_ key: InjectionKey) -> Bool { unchecked.contains(key) }

  /// Whether a sampled key is left to resolve at the top level.
  var hasSamplesLeft: Bool { sampledTaken < sampledKeys.count }

  /// The next sampled key to resolve at the top level, in `copy`, among those not in
  /// `checked` and not `removed` (excluded); it is added to `checked`.
  func nextSample(
    in copy: Injector, checked: inout Set<InjectionKey>, removed: Set<InjectionKey>
  ) -> SampledKey? {
    while sampledTaken < sampledKeys.count {
      let key = sampledKeys[sampledTaken]
      sampledTaken += 1
      guard !removed.contains(key), checked.insert(key).inserted, let samples = samples[key]
      else { continue }
      return SampledKey(key: key, injector: copy, samples: samples)
    }
    return nil
  }

  /// The mappings that take arguments that nothing built: a problem each, or a note for a key
  /// allowed unchecked.
  ///
  /// - Parameters:
  ///   - removed: The keys left out (excluded): not reported.
  ///   - resolved: The keys a resolution started for (with arguments, from a factory or a
  ///     sample; without, which failed and is a problem already).
  ///   - reported: The keys of the problems found.
  func unverified(
    removed: Set<InjectionKey>, resolved: Set<InjectionKey>, reported: Set<InjectionKey>
  ) -> (problems: [ValidationProblem], notes: [ValidationNote]) {
    var problems: [ValidationProblem] = []
    var notes: [ValidationNote] = []
    let keys = argumentKeys.subtracting(removed).subtracting(resolved).subtracting(reported)
    for key in keys.sorted(by: { DependencyGraph.order($0) < DependencyGraph.order($1) }) {
      let path = providerPaths[key] ?? []
      if unchecked.contains(key) {
        notes.append(.unverifiedArguments(key: key, path: path))
      } else {
        problems.append(.unverifiedArguments(key: key, path: path))
      }
    }
    return (problems, notes)
  }
}

/// A ``Provider`` whose key takes arguments, called with each sample of its key.
struct SampledProvider: DeferredResolution {
  let provider: any DeferredResolution
  let samples: [any ArgumentSample]

  var key: InjectionKey { provider.key }
  var isProvider: Bool { true }

  func resolveNow() throws(InjectionError) {
    for sample in samples { _ = try sample.call(provider) }
  }

  func resolveNowAsync(from injector: Injector) async throws(InjectionError) {
    try resolveNow()
  }
}

/// A key that takes arguments, resolved at the top level with each of its samples.
struct SampledKey: DeferredResolution {
  let key: InjectionKey
  let injector: Injector
  let samples: [any ArgumentSample]

  var isProvider: Bool { false }

  func resolveNow() throws(InjectionError) {
    for sample in samples { try sample.resolve(in: injector) }
  }

  func resolveNowAsync(from injector: Injector) async throws(InjectionError) {
    try resolveNow()
  }
}
