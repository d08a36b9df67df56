/// `InjectionBenchmarks --self-test`: the table's number formatting on the values a run can
/// produce, negative ones included (W12's heap can shrink during its memory check, and a
/// negative figure once stopped the smoke run with a `String(repeating:count:)` trap).
enum FormattingSelfTest {
  /// Each input, the formatter applied to it, and the text it must give.
  private static let cases: [(label: String, actual: @Sendable () -> String, expected: String)] = [
    ("fixed(0, 2)", { MarkdownTable.fixed(0, digits: 2) }, "0.00"),
    ("fixed(0.05, 2)", { MarkdownTable.fixed(0.05, digits: 2) }, "0.05"),
    ("fixed(-0.5, 2)", { MarkdownTable.fixed(-0.5, digits: 2) }, "-0.50"),
    ("fixed(-0.004, 2)", { MarkdownTable.fixed(-0.004, digits: 2) }, "0.00"),
    ("fixed(-12.345, 1)", { MarkdownTable.fixed(-12.345, digits: 1) }, "-12.3"),
    ("fixed(1234567.891, 2)", { MarkdownTable.fixed(1_234_567.891, digits: 2) }, "1,234,567.89"),
    ("fixed(-1234567, 0)", { MarkdownTable.fixed(-1_234_567, digits: 0) }, "-1,234,567"),
    ("fixed(9.999, 2)", { MarkdownTable.fixed(9.999, digits: 2) }, "10.00"),
    ("grouped(-1000)", { MarkdownTable.grouped(-1_000) }, "-1,000"),
    ("grouped(999)", { MarkdownTable.grouped(999) }, "999"),
    ("grouped(Int.min)", { MarkdownTable.grouped(Int.min) }, "-9,223,372,036,854,775,808"),
    ("format(-3.25)", { MarkdownTable.format(-3.25) }, "-3.25"),
    ("format(-2500)", { MarkdownTable.format(-2_500) }, "-2,500"),
    ("format(.nan)", { MarkdownTable.format(.nan) }, "n/a"),
    ("format(-.infinity)", { MarkdownTable.format(-.infinity) }, "n/a"),
    ("percent(-0.25)", { MarkdownTable.percent(-0.25) }, "-25%"),
  ]

  /// The cases that did not give the expected text, as readable lines; empty when all pass.
  static func failures() -> [String] {
    cases.compactMap { testCase in
      let actual = testCase.actual()
      return actual == testCase.expected
        ? nil : "\(testCase.label) gave \"\(actual)\", expected \"\(testCase.expected)\""
    }
  }
}
