import InjectionCore

/// W10's level 1 and its root.
final class W10FeatureModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(W10Root.self)
    mappings.map(L1S1.self)
    mappings.map(L1S2.self, scope: .singleton)
    mappings.map(L1S3.self)
    mappings.map(L1S4.self, scope: .singleton)
    mappings.map(L1S5.self)
    mappings.map(L1S6.self, scope: .singleton)
    mappings.map(L1S7.self)
    mappings.map(L1S8.self, scope: .singleton)
    mappings.map(L1S9.self)
  }
}

/// W10's level 2.
final class W10ServiceModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(L2S0.self, scope: .singleton) { try L2S0(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S1.self) { try L2S1(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S2.self, scope: .singleton) { try L2S2(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S3.self) { try L2S3(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S4.self, scope: .singleton) { try L2S4(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S5.self) { try L2S5(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S6.self, scope: .singleton) { try L2S6(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S7.self) { try L2S7(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S8.self, scope: .singleton) { try L2S8(d0: $0.resolve(), d1: $0.resolve()) }
    mappings.map(L2S9.self) { try L2S9(d0: $0.resolve(), d1: $0.resolve()) }
  }
}

/// W10's level 3.
final class W10DataModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(L3S0.self, scope: .singleton)
    mappings.map(L3S1.self)
    mappings.map(L3S2.self, scope: .singleton)
    mappings.map(L3S3.self)
    mappings.map(L3S4.self, scope: .singleton)
    mappings.map(L3S5.self)
    mappings.map(L3S6.self, scope: .singleton)
    mappings.map(L3S7.self)
    mappings.map(L3S8.self, scope: .singleton)
    mappings.map(L3S9.self)
  }
}

/// W10's level 4.
final class W10CoreModule: InjectionModule {
  func configure(_ mappings: ModuleMappings) {
    mappings.map(L4S0.self, scope: .singleton) { _ in L4S0() }
    mappings.map(L4S1.self) { _ in L4S1() }
    mappings.map(L4S2.self, scope: .singleton) { _ in L4S2() }
    mappings.map(L4S3.self) { _ in L4S3() }
    mappings.map(L4S4.self, scope: .singleton) { _ in L4S4() }
    mappings.map(L4S5.self) { _ in L4S5() }
    mappings.map(L4S6.self, scope: .singleton) { _ in L4S6() }
    mappings.map(L4S7.self) { _ in L4S7() }
    mappings.map(L4S8.self, scope: .singleton) { _ in L4S8() }
    mappings.map(L4S9.self) { _ in L4S9() }
  }
}
