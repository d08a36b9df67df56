public import InjectionCore

/// What ``ValidationProblem`` and ``ValidationNote`` share: a kind, a key and a path, so that a
/// test can assert on a finding without a `switch` over every case.
///
/// ```swift
/// let report = injector.validationReport(roots: PlaceOrderHandler.self)
/// let problem = try #require(report.problems.first)
/// #expect(problem.kind == .missingMapping)
/// #expect(problem.key == InjectionKey((any Database).self))
/// #expect(problem.path == [InjectionKey(PlaceOrderHandler.self), InjectionKey(OrderService.self)])
/// ```
public protocol ValidationFinding: Sendable, Hashable, CustomStringConvertible {
  /// The kinds of finding of this type: one per case, without its values.
  associatedtype Kind: Sendable, Hashable, CaseIterable

  /// Which case the finding is.
  var kind: Kind { get }

  /// The key the finding is about: the key missing, failing or noted; for a cycle, the key
  /// where it starts and ends.
  var key: InjectionKey { get }

  /// What needed ``key``, outermost first, without `key` itself; empty where nothing needed it
  /// (a root or a mapping checked on its own) or where no path applies (a hook that never
  /// runs, an invalid mapping, an eager singleton). For a cycle, the whole cycle.
  var path: [InjectionKey] { get }
}
