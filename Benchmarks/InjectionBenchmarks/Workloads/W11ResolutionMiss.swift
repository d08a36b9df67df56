import InjectionCore

/// W11: a resolution miss (`try?` of an unmapped class and of an unmapped name of a mapped
/// type, and an optional resolve of an unmapped protocol) against a hit in the same injector,
/// with M = 10, 1,000 and 10,000 mappings (issue 19).
///
/// There is no hand-wired miss: the baseline of each figure is the hit,
/// `try injector.resolve(Ticket.self, named: "ticket-0")`, a singleton built before anything is
/// timed. Each M has a fresh injector with M named singleton mappings of `Ticket`
/// (`"ticket-0"` to `"ticket-<M − 1>"`). A miss should cost about what a hit costs, however many
/// mappings there are: ``BenchmarkReport/missGrowthViolations`` fails the run when a miss at the
/// most mappings costs more than ``allowedGrowth`` times the miss at the fewest. A miss may
/// cost a thousand times a hit, so each repetition runs as many operations as fit the plan's
/// ``Plan/missBudget``.
enum W11ResolutionMiss {
  /// What misses: the JSON report's `variant`.
  enum Variant: String, CaseIterable {
    /// `try? injector.resolve(Absent.self)`: a class that is neither mapped nor `Injectable`.
    case unmappedClass = "unmapped-class"
    /// `try? injector.resolve(Ticket.self, named: "absent")`: `Ticket` is mapped, under other
    /// names.
    case unmappedName = "unmapped-name"
    /// `try injector.resolve((any Engine)?.self)`: an optional resolve of a protocol that the
    /// injector does not map; `nil`, nothing thrown.
    case unmappedProtocol = "unmapped-protocol"

    /// How the table names the miss.
    var title: String {
      switch self {
      case .unmappedClass: "an unmapped class, `try? injector.resolve(Absent.self)`"
      case .unmappedName:
        "an unmapped name of a mapped type, `try? injector.resolve(Ticket.self, named: \"absent\")`"
      case .unmappedProtocol:
        "an unmapped protocol, optional, `try injector.resolve((any Engine)?.self)`"
      }
    }
  }

  static let id = "W11"
  /// How much more a miss at the most mappings may cost than at the fewest.
  static let allowedGrowth = 3.0
  /// The least ns per miss that the growth is computed from, so that a figure a few ns above a
  /// tiny one cannot fail the run.
  static let floorNanoseconds = 200.0

  static func run(mappings: Int, _ plan: Plan, into blackhole: inout Blackhole) throws
    -> [WorkloadFigure]
  {
    let injector = Injector(label: "W11")
    let engine: any Engine = HybridEngine()
    for index in 0..<mappings {
      injector.map(Ticket.self, named: "ticket-\(index)", scope: .singleton) { _ in
        Ticket(row: index, seat: "A", engine: engine)
      }
    }
    _ = try injector.resolve(Ticket.self, named: "ticket-0")  // built before anything is timed
    for variant in Variant.allCases {
      try expectMiss(variant, in: injector)
    }

    let hit = try plan.missBudget.median(plan.missRepetitions) { operations in
      try Stopwatch.nanosecondsPerOperation(operations: operations) {
        for _ in 0..<operations {
          blackhole.consume(try injector.resolve(Ticket.self, named: "ticket-0"))
        }
      }
    }
    var figures: [WorkloadFigure] = []
    for variant in Variant.allCases {
      let miss = try plan.missBudget.median(plan.missRepetitions) { operations in
        try misses(variant, operations: operations, in: injector, into: &blackhole)
      }
      figures.append(
        WorkloadFigure(
          id: id, title: "M = \(MarkdownTable.grouped(mappings)): \(variant.title)",
          baseline: hit, injection: miss, variant: variant.rawValue, mappings: mappings))
    }
    withExtendedLifetime(injector) {}
    return figures
  }

  /// How much more the miss at `most` mappings costs than at `fewest`, each taken as at least
  /// ``floorNanoseconds``.
  static func growth(from fewest: Double, to most: Double) -> Double {
    max(most, floorNanoseconds) / max(fewest, floorNanoseconds)
  }

  /// Times `operations` misses of `variant` in `injector`; ns per miss.
  private static func misses(
    _ variant: Variant, operations: Int, in injector: Injector, into blackhole: inout Blackhole
  ) throws -> Double {
    switch variant {
    case .unmappedClass:
      timed(operations, into: &blackhole) { try? injector.resolve(Absent.self) }
    case .unmappedName:
      timed(operations, into: &blackhole) { try? injector.resolve(Ticket.self, named: "absent") }
    case .unmappedProtocol:
      try timed(operations, into: &blackhole) { try injector.resolve((any Engine)?.self) }
    }
  }

  /// Times `operations` calls of `miss`, which finds nothing; ns per call.
  ///
  /// A value it finds after all goes into the blackhole, and so does the count of misses.
  @inline(__always)
  private static func timed(
    _ operations: Int, into blackhole: inout Blackhole, _ miss: () throws -> AnyObject?
  ) rethrows -> Double {
    var misses = 0
    let figure = try Stopwatch.nanosecondsPerOperation(operations: operations) {
      for _ in 0..<operations {
        if let found = try miss() {
          blackhole.consume(found)
        } else {
          misses &+= 1
        }
      }
    }
    blackhole.absorb(misses)
    return figure
  }

  /// Checks, before anything is timed, that the variant's resolution misses.
  ///
  /// The optional resolve must return `nil`, the others throw `InjectionError.notMapped`: a
  /// figure of anything else would not be a miss.
  private static func expectMiss(_ variant: Variant, in injector: Injector) throws {
    let result: Result<AnyObject?, InjectionError>
    switch variant {
    case .unmappedClass:
      result = Result { () throws(InjectionError) -> AnyObject? in
        try injector.resolve(Absent.self)
      }
    case .unmappedName:
      result = Result { () throws(InjectionError) -> AnyObject? in
        try injector.resolve(Ticket.self, named: "absent")
      }
    case .unmappedProtocol:
      result = Result { () throws(InjectionError) -> AnyObject? in
        try injector.resolve((any Engine)?.self)
      }
    }
    let isMiss: Bool
    switch result {
    case .success(let found): isMiss = variant == .unmappedProtocol && found == nil
    case .failure(let error):
      if case .notMapped = error { isMiss = variant != .unmappedProtocol } else { isMiss = false }
    }
    guard isMiss else {
      throw BenchmarkFailure("W11 \(variant.rawValue): not a miss but \(result)")
    }
  }
}
