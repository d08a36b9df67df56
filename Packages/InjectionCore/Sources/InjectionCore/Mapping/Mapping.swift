/// One mapping, ready to be added to an injector or recorded by a module.
///
/// You never build a `Mapping` yourself: the `map` methods of ``Mapper`` do, and hand it to
/// ``Mapper/add(_:)``.
public struct Mapping: Sendable {
  @usableFromInline let registration: AnyRegistration

  @usableFromInline
  init(registration: AnyRegistration) {
    self.registration = registration
  }
}
