import InjectionCore

/// A transient that needs nothing.
///
/// `Injectable` so that W2 can also be run with wheels created automatically (unmapped); the
/// main W2 run maps it as a transient.
final class Wheel: Injectable {
  init() {}
}
