import InjectionCore

/// A wheel.
///
/// It is `Injectable`, so an injector creates one without any mapping.
final class Wheel: Injectable {
  init() {}
}
