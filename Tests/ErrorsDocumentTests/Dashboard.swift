import InjectionCore
import Synchronization

/// Has an `@Injected` property, read after it is created (the messages of a failed read name
/// this file and line).
final class Dashboard: Injectable {
  @Injected var engine: any Engine
  init() {}
}

/// A `Sendable` owner of an `@Injected` property, which a factory can keep aside.
final class Gauge: Sendable {
  let engine = Injected<any Engine>()
}

/// Where a factory keeps the gauge it made.
final class EscapedGauge: Sendable {
  let gauge = Mutex<Gauge?>(nil)

  /// A gauge made while `injector` built a value whose build then failed: its property, which
  /// that build was to resolve, is resolved when it is first read.
  static func fromAFailedBuild(of injector: Injector) -> Gauge {
    let escaped = EscapedGauge()
    injector.map(Settings.self) { _ in
      escaped.gauge.withLock { $0 = Gauge() }
      return Settings()
    }
    _ = try? injector.resolve(Settings.self)
    return escaped.gauge.withLock { $0 }!
  }
}
