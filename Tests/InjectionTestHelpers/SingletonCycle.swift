public import InjectionCore

/// Circular singletons: a pilot and a copilot, each needs the other through `@Injected`.
///
/// Mapped as singletons, they are a legal cycle: each gets the other's one instance. They keep
/// each other alive for as long as either is reachable.
public enum SingletonCycle {
  /// One end of the circle: needs the ``Copilot``.
  public final class Pilot: Injectable {
    /// The copilot singleton.
    @Injected public var copilot: Copilot

    /// Makes a pilot whose copilot the injector resolves.
    public init() {}
  }

  /// The other end of the circle: needs the ``Pilot``.
  public final class Copilot: Injectable {
    /// The pilot singleton.
    @Injected public var pilot: Pilot

    /// Makes a copilot whose pilot the injector resolves.
    public init() {}
  }
}

// @unchecked Sendable: no lock of its own; its only stored property is an `@Injected` wrapper,
// assigned once by `init`, whose storage publishes the resolved value once, atomically.
extension SingletonCycle.Pilot: @unchecked Sendable {}

// @unchecked Sendable: as for `Pilot`, its only stored property is an `@Injected` wrapper.
extension SingletonCycle.Copilot: @unchecked Sendable {}
