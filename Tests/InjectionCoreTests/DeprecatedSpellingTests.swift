import InjectionCore
import Testing

/// The 0.1.0 spellings kept as deprecated forwards still do what they did.
///
/// Each is called from a deprecated method that a protocol requirement reaches, so the test
/// compiles without a deprecation warning (CI builds tests with `-warnings-as-errors`) while it
/// still calls the deprecated declaration itself.
@Suite struct DeprecatedSpellingTests {
  protocol ZeroOneSpellings {
    func contribute(_ value: Int, instanceTo mapper: some Mapper)
  }

  struct ZeroOne: ZeroOneSpellings {
    @available(*, deprecated, message: "calls the 0.1.0 spelling on purpose")
    func contribute(_ value: Int, instanceTo mapper: some Mapper) {
      mapper.contribute(Int.self, instance: value)
    }
  }

  @Test func anInstanceContributedWithTheOldLabelJoinsTheCollection() throws {
    let injector = Injector()
    let spellings: any ZeroOneSpellings = ZeroOne()
    spellings.contribute(1, instanceTo: injector)
    injector.contribute(Int.self, to: 2)
    #expect(try injector.resolveAll(Int.self) == [1, 2])
    #expect(!injector.isMapped(Int.self))
  }
}
