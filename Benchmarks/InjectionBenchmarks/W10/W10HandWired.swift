// W10's hand-wired twins of W10Services.swift: the same 40 objects, built by plain
// initializers; ``W10HandWiredApp`` keeps the singletons.

final class HL1S1 {
  let d0: HL2S1
  let d1: HL2S0
  init(d0: HL2S1, d1: HL2S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S2 {
  let d0: HL2S2
  let d1: HL2S4
  init(d0: HL2S2, d1: HL2S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S3 {
  let d0: HL2S3
  let d1: HL2S2
  init(d0: HL2S3, d1: HL2S2) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S4 {
  let d0: HL2S4
  let d1: HL2S6
  init(d0: HL2S4, d1: HL2S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S5 {
  let d0: HL2S5
  let d1: HL2S4
  init(d0: HL2S5, d1: HL2S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S6 {
  let d0: HL2S6
  let d1: HL2S8
  init(d0: HL2S6, d1: HL2S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S7 {
  let d0: HL2S7
  let d1: HL2S6
  init(d0: HL2S7, d1: HL2S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S8 {
  let d0: HL2S8
  let d1: HL2S0
  init(d0: HL2S8, d1: HL2S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL1S9 {
  let d0: HL2S9
  let d1: HL2S8
  init(d0: HL2S9, d1: HL2S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S0 {
  let d0: HL3S0
  let d1: HL3S2
  init(d0: HL3S0, d1: HL3S2) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S1 {
  let d0: HL3S1
  let d1: HL3S0
  init(d0: HL3S1, d1: HL3S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S2 {
  let d0: HL3S2
  let d1: HL3S4
  init(d0: HL3S2, d1: HL3S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S3 {
  let d0: HL3S3
  let d1: HL3S2
  init(d0: HL3S3, d1: HL3S2) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S4 {
  let d0: HL3S4
  let d1: HL3S6
  init(d0: HL3S4, d1: HL3S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S5 {
  let d0: HL3S5
  let d1: HL3S4
  init(d0: HL3S5, d1: HL3S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S6 {
  let d0: HL3S6
  let d1: HL3S8
  init(d0: HL3S6, d1: HL3S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S7 {
  let d0: HL3S7
  let d1: HL3S6
  init(d0: HL3S7, d1: HL3S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S8 {
  let d0: HL3S8
  let d1: HL3S0
  init(d0: HL3S8, d1: HL3S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL2S9 {
  let d0: HL3S9
  let d1: HL3S8
  init(d0: HL3S9, d1: HL3S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S0 {
  let d0: HL4S0
  let d1: HL4S2
  init(d0: HL4S0, d1: HL4S2) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S1 {
  let d0: HL4S1
  let d1: HL4S0
  init(d0: HL4S1, d1: HL4S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S2 {
  let d0: HL4S2
  let d1: HL4S4
  init(d0: HL4S2, d1: HL4S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S3 {
  let d0: HL4S3
  let d1: HL4S2
  init(d0: HL4S3, d1: HL4S2) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S4 {
  let d0: HL4S4
  let d1: HL4S6
  init(d0: HL4S4, d1: HL4S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S5 {
  let d0: HL4S5
  let d1: HL4S4
  init(d0: HL4S5, d1: HL4S4) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S6 {
  let d0: HL4S6
  let d1: HL4S8
  init(d0: HL4S6, d1: HL4S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S7 {
  let d0: HL4S7
  let d1: HL4S6
  init(d0: HL4S7, d1: HL4S6) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S8 {
  let d0: HL4S8
  let d1: HL4S0
  init(d0: HL4S8, d1: HL4S0) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL3S9 {
  let d0: HL4S9
  let d1: HL4S8
  init(d0: HL4S9, d1: HL4S8) {
    self.d0 = d0
    self.d1 = d1
  }
}

final class HL4S0 {
  init() {}
}

final class HL4S1 {
  init() {}
}

final class HL4S2 {
  init() {}
}

final class HL4S3 {
  init() {}
}

final class HL4S4 {
  init() {}
}

final class HL4S5 {
  init() {}
}

final class HL4S6 {
  init() {}
}

final class HL4S7 {
  init() {}
}

final class HL4S8 {
  init() {}
}

final class HL4S9 {
  init() {}
}

/// W10's hand-wired root.
final class HW10Root {
  let d1: HL1S1
  let d2: HL1S2
  let d3: HL1S3
  let d4: HL1S4
  let d5: HL1S5
  let d6: HL1S6
  let d7: HL1S7
  let d8: HL1S8
  let d9: HL1S9
  init(
    d1: HL1S1, d2: HL1S2, d3: HL1S3, d4: HL1S4, d5: HL1S5, d6: HL1S6, d7: HL1S7, d8: HL1S8,
    d9: HL1S9
  ) {
    self.d1 = d1
    self.d2 = d2
    self.d3 = d3
    self.d4 = d4
    self.d5 = d5
    self.d6 = d6
    self.d7 = d7
    self.d8 = d8
    self.d9 = d9
  }
}

/// The hand-wired launch: singletons in optional slots filled on first use, transients
/// built by a direct initializer call; one non-inlined call per dependency, as the library
/// resolves each one.
final class W10HandWiredApp {
  private var slot1_2: HL1S2?
  private var slot1_4: HL1S4?
  private var slot1_6: HL1S6?
  private var slot1_8: HL1S8?
  private var slot2_0: HL2S0?
  private var slot2_2: HL2S2?
  private var slot2_4: HL2S4?
  private var slot2_6: HL2S6?
  private var slot2_8: HL2S8?
  private var slot3_0: HL3S0?
  private var slot3_2: HL3S2?
  private var slot3_4: HL3S4?
  private var slot3_6: HL3S6?
  private var slot3_8: HL3S8?
  private var slot4_0: HL4S0?
  private var slot4_2: HL4S2?
  private var slot4_4: HL4S4?
  private var slot4_6: HL4S6?
  private var slot4_8: HL4S8?

  init() {}

  @inline(never)
  func root() -> HW10Root {
    HW10Root(
      d1: l1s1(), d2: l1s2(), d3: l1s3(), d4: l1s4(), d5: l1s5(), d6: l1s6(), d7: l1s7(),
      d8: l1s8(), d9: l1s9())
  }

  @inline(never)
  func l1s1() -> HL1S1 {
    HL1S1(d0: l2s1(), d1: l2s0())
  }

  @inline(never)
  func l1s2() -> HL1S2 {
    if let made = slot1_2 { return made }
    let made = HL1S2(d0: l2s2(), d1: l2s4())
    slot1_2 = made
    return made
  }

  @inline(never)
  func l1s3() -> HL1S3 {
    HL1S3(d0: l2s3(), d1: l2s2())
  }

  @inline(never)
  func l1s4() -> HL1S4 {
    if let made = slot1_4 { return made }
    let made = HL1S4(d0: l2s4(), d1: l2s6())
    slot1_4 = made
    return made
  }

  @inline(never)
  func l1s5() -> HL1S5 {
    HL1S5(d0: l2s5(), d1: l2s4())
  }

  @inline(never)
  func l1s6() -> HL1S6 {
    if let made = slot1_6 { return made }
    let made = HL1S6(d0: l2s6(), d1: l2s8())
    slot1_6 = made
    return made
  }

  @inline(never)
  func l1s7() -> HL1S7 {
    HL1S7(d0: l2s7(), d1: l2s6())
  }

  @inline(never)
  func l1s8() -> HL1S8 {
    if let made = slot1_8 { return made }
    let made = HL1S8(d0: l2s8(), d1: l2s0())
    slot1_8 = made
    return made
  }

  @inline(never)
  func l1s9() -> HL1S9 {
    HL1S9(d0: l2s9(), d1: l2s8())
  }

  @inline(never)
  func l2s0() -> HL2S0 {
    if let made = slot2_0 { return made }
    let made = HL2S0(d0: l3s0(), d1: l3s2())
    slot2_0 = made
    return made
  }

  @inline(never)
  func l2s1() -> HL2S1 {
    HL2S1(d0: l3s1(), d1: l3s0())
  }

  @inline(never)
  func l2s2() -> HL2S2 {
    if let made = slot2_2 { return made }
    let made = HL2S2(d0: l3s2(), d1: l3s4())
    slot2_2 = made
    return made
  }

  @inline(never)
  func l2s3() -> HL2S3 {
    HL2S3(d0: l3s3(), d1: l3s2())
  }

  @inline(never)
  func l2s4() -> HL2S4 {
    if let made = slot2_4 { return made }
    let made = HL2S4(d0: l3s4(), d1: l3s6())
    slot2_4 = made
    return made
  }

  @inline(never)
  func l2s5() -> HL2S5 {
    HL2S5(d0: l3s5(), d1: l3s4())
  }

  @inline(never)
  func l2s6() -> HL2S6 {
    if let made = slot2_6 { return made }
    let made = HL2S6(d0: l3s6(), d1: l3s8())
    slot2_6 = made
    return made
  }

  @inline(never)
  func l2s7() -> HL2S7 {
    HL2S7(d0: l3s7(), d1: l3s6())
  }

  @inline(never)
  func l2s8() -> HL2S8 {
    if let made = slot2_8 { return made }
    let made = HL2S8(d0: l3s8(), d1: l3s0())
    slot2_8 = made
    return made
  }

  @inline(never)
  func l2s9() -> HL2S9 {
    HL2S9(d0: l3s9(), d1: l3s8())
  }

  @inline(never)
  func l3s0() -> HL3S0 {
    if let made = slot3_0 { return made }
    let made = HL3S0(d0: l4s0(), d1: l4s2())
    slot3_0 = made
    return made
  }

  @inline(never)
  func l3s1() -> HL3S1 {
    HL3S1(d0: l4s1(), d1: l4s0())
  }

  @inline(never)
  func l3s2() -> HL3S2 {
    if let made = slot3_2 { return made }
    let made = HL3S2(d0: l4s2(), d1: l4s4())
    slot3_2 = made
    return made
  }

  @inline(never)
  func l3s3() -> HL3S3 {
    HL3S3(d0: l4s3(), d1: l4s2())
  }

  @inline(never)
  func l3s4() -> HL3S4 {
    if let made = slot3_4 { return made }
    let made = HL3S4(d0: l4s4(), d1: l4s6())
    slot3_4 = made
    return made
  }

  @inline(never)
  func l3s5() -> HL3S5 {
    HL3S5(d0: l4s5(), d1: l4s4())
  }

  @inline(never)
  func l3s6() -> HL3S6 {
    if let made = slot3_6 { return made }
    let made = HL3S6(d0: l4s6(), d1: l4s8())
    slot3_6 = made
    return made
  }

  @inline(never)
  func l3s7() -> HL3S7 {
    HL3S7(d0: l4s7(), d1: l4s6())
  }

  @inline(never)
  func l3s8() -> HL3S8 {
    if let made = slot3_8 { return made }
    let made = HL3S8(d0: l4s8(), d1: l4s0())
    slot3_8 = made
    return made
  }

  @inline(never)
  func l3s9() -> HL3S9 {
    HL3S9(d0: l4s9(), d1: l4s8())
  }

  @inline(never)
  func l4s0() -> HL4S0 {
    if let made = slot4_0 { return made }
    let made = HL4S0()
    slot4_0 = made
    return made
  }

  @inline(never)
  func l4s1() -> HL4S1 {
    HL4S1()
  }

  @inline(never)
  func l4s2() -> HL4S2 {
    if let made = slot4_2 { return made }
    let made = HL4S2()
    slot4_2 = made
    return made
  }

  @inline(never)
  func l4s3() -> HL4S3 {
    HL4S3()
  }

  @inline(never)
  func l4s4() -> HL4S4 {
    if let made = slot4_4 { return made }
    let made = HL4S4()
    slot4_4 = made
    return made
  }

  @inline(never)
  func l4s5() -> HL4S5 {
    HL4S5()
  }

  @inline(never)
  func l4s6() -> HL4S6 {
    if let made = slot4_6 { return made }
    let made = HL4S6()
    slot4_6 = made
    return made
  }

  @inline(never)
  func l4s7() -> HL4S7 {
    HL4S7()
  }

  @inline(never)
  func l4s8() -> HL4S8 {
    if let made = slot4_8 { return made }
    let made = HL4S8()
    slot4_8 = made
    return made
  }

  @inline(never)
  func l4s9() -> HL4S9 {
    HL4S9()
  }
}
