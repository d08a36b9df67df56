/// What a car runs on.
///
/// Mapped as a singleton in every workload that uses it.
protocol Engine: AnyObject, Sendable {
  /// The engine's power, so that the protocol has a requirement to witness.
  var horsepower: Int { get }
}
