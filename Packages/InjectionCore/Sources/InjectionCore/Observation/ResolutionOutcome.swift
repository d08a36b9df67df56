/// How a resolution ended.
///
/// Not `Sendable`: it carries the resolved value, which need not be.
public enum ResolutionOutcome {
  /// A new value was built for this resolution (a transient, or the first build of a cached
  /// value): here it is, so that a test can check that it is released later.
  case built(Any)
  /// A cached value was served: a singleton built before, a mapped instance, a live `.weak`
  /// object.
  case cached(Any)
  /// The resolution failed with this error.
  case failed(InjectionError)

  /// The resolved value, or `nil` for a failure.
  public var value: Any? {
    switch self {
    case .built(let value), .cached(let value): value
    case .failed: nil
    }
  }
}
