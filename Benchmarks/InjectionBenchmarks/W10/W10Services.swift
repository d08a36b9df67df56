import InjectionCore

// W10's 40 services: `Root` and nine more in level 1, ten in each of levels 2 to 4.
// Even-numbered services are singletons, odd ones transients; a singleton depends on
// singletons only, a transient on one transient and one singleton of the level below.
// Levels 1 and 3 take their dependencies with `@Injected` (an `Injected` constant in a
// singleton, which must be `Sendable`), levels 2 and 4 through their initializer, called by
// a factory. The hand-wired twins are in W10HandWired.swift.

final class L1S1: Injectable {
  @Injected var d0: L2S1
  @Injected var d1: L2S0
  init() {}
}

final class L1S2: Injectable, Sendable {
  let d0 = Injected<L2S2>()
  let d1 = Injected<L2S4>()
  init() {}
}

final class L1S3: Injectable {
  @Injected var d0: L2S3
  @Injected var d1: L2S2
  init() {}
}

final class L1S4: Injectable, Sendable {
  let d0 = Injected<L2S4>()
  let d1 = Injected<L2S6>()
  init() {}
}

final class L1S5: Injectable {
  @Injected var d0: L2S5
  @Injected var d1: L2S4
  init() {}
}

final class L1S6: Injectable, Sendable {
  let d0 = Injected<L2S6>()
  let d1 = Injected<L2S8>()
  init() {}
}

final class L1S7: Injectable {
  @Injected var d0: L2S7
  @Injected var d1: L2S6
  init() {}
}

final class L1S8: Injectable, Sendable {
  let d0 = Injected<L2S8>()
  let d1 = Injected<L2S0>()
  init() {}
}

final class L1S9: Injectable {
  @Injected var d0: L2S9
  @Injected var d1: L2S8
  init() {}
}

final class L2S0: Sendable {
  let d0: L3S0
  let d1: L3S2
  init(d0: L3S0, d1: L3S2) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S1 {
  let d0: L3S1
  let d1: L3S0
  init(d0: L3S1, d1: L3S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S2: Sendable {
  let d0: L3S2
  let d1: L3S4
  init(d0: L3S2, d1: L3S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S3 {
  let d0: L3S3
  let d1: L3S2
  init(d0: L3S3, d1: L3S2) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S4: Sendable {
  let d0: L3S4
  let d1: L3S6
  init(d0: L3S4, d1: L3S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S5 {
  let d0: L3S5
  let d1: L3S4
  init(d0: L3S5, d1: L3S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S6: Sendable {
  let d0: L3S6
  let d1: L3S8
  init(d0: L3S6, d1: L3S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S7 {
  let d0: L3S7
  let d1: L3S6
  init(d0: L3S7, d1: L3S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S8: Sendable {
  let d0: L3S8
  let d1: L3S0
  init(d0: L3S8, d1: L3S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L2S9 {
  let d0: L3S9
  let d1: L3S8
  init(d0: L3S9, d1: L3S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class L3S0: Injectable, Sendable {
  let d0 = Injected<L4S0>()
  let d1 = Injected<L4S2>()
  init() {}
}

final class L3S1: Injectable {
  @Injected var d0: L4S1
  @Injected var d1: L4S0
  init() {}
}

final class L3S2: Injectable, Sendable {
  let d0 = Injected<L4S2>()
  let d1 = Injected<L4S4>()
  init() {}
}

final class L3S3: Injectable {
  @Injected var d0: L4S3
  @Injected var d1: L4S2
  init() {}
}

final class L3S4: Injectable, Sendable {
  let d0 = Injected<L4S4>()
  let d1 = Injected<L4S6>()
  init() {}
}

final class L3S5: Injectable {
  @Injected var d0: L4S5
  @Injected var d1: L4S4
  init() {}
}

final class L3S6: Injectable, Sendable {
  let d0 = Injected<L4S6>()
  let d1 = Injected<L4S8>()
  init() {}
}

final class L3S7: Injectable {
  @Injected var d0: L4S7
  @Injected var d1: L4S6
  init() {}
}

final class L3S8: Injectable, Sendable {
  let d0 = Injected<L4S8>()
  let d1 = Injected<L4S0>()
  init() {}
}

final class L3S9: Injectable {
  @Injected var d0: L4S9
  @Injected var d1: L4S8
  init() {}
}

final class L4S0: Sendable {
  init() {}
}

final class L4S1: Sendable {
  init() {}
}

final class L4S2: Sendable {
  init() {}
}

final class L4S3: Sendable {
  init() {}
}

final class L4S4: Sendable {
  init() {}
}

final class L4S5: Sendable {
  init() {}
}

final class L4S6: Sendable {
  init() {}
}

final class L4S7: Sendable {
  init() {}
}

final class L4S8: Sendable {
  init() {}
}

final class L4S9: Sendable {
  init() {}
}

/// W10's root: needs the nine other services of level 1.
final class W10Root: Injectable {
  @Injected var d1: L1S1
  @Injected var d2: L1S2
  @Injected var d3: L1S3
  @Injected var d4: L1S4
  @Injected var d5: L1S5
  @Injected var d6: L1S6
  @Injected var d7: L1S7
  @Injected var d8: L1S8
  @Injected var d9: L1S9
  init() {}
}
