public import InjectionCore

extension Injector {
  /// Checks this injector and its roots as ``validate(roots:rootKeys:excluding:)-4nh8v`` does,
  /// building the mappings that take arguments with the samples given, and throws a report of
  /// every problem at once.
  ///
  /// ```swift
  /// try injector.validate(
  ///   roots: PlaceOrderHandler.self,
  ///   arguments: [.sample(42, for: LookupHandler.self), .unchecked(ReceiptPrinter.self)])
  /// ```
  ///
  /// A mapping made with `map(_:named:taking:_:scope:_:)` is built from arguments the app
  /// gives at each resolution. Validation builds it with each sample of its key: once at the
  /// top level, and through each `Provider` of the key it finds (whose problems then carry the
  /// path to the provider). A mapping that takes arguments, that has no sample and that
  /// nothing validation ran resolved with arguments of its own is a
  /// ``ValidationProblem/unverifiedArguments(key:path:)``, or a note if it is allowed
  /// ``ValidationArguments/unchecked(_:named:)``. A sample of the wrong types, or for a key
  /// that takes none, is a problem too, as that resolution would be in the app.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  ///   - arguments: Samples to build the mappings that take arguments with, and the keys
  ///     allowed unchecked.
  /// - Returns: The report, which then has notes at most.
  /// - Throws: ``ValidationError`` with the whole report when it has a problem.
  @discardableResult
  public func validate(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = [],
    arguments: [ValidationArguments]
  ) throws(ValidationError) -> ValidationReport {
    let report = makeValidationReport(
      roots: roots, rootKeys: rootKeys, excluding: excluding, arguments: arguments)
    guard report.isValid else { throw ValidationError(report: report) }
    return report
  }

  /// Reports what ``validationReport(roots:rootKeys:excluding:)-7tumh`` reports, building the
  /// mappings that take arguments with the samples given.
  ///
  /// ```swift
  /// let report = injector.validationReport(
  ///   roots: PlaceOrderHandler.self, arguments: [.sample(42, for: LookupHandler.self)])
  /// ```
  ///
  /// See the synchronous `validate(roots:rootKeys:excluding:arguments:)` for how samples are used.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  ///   - arguments: Samples to build the mappings that take arguments with, and the keys
  ///     allowed unchecked.
  /// - Returns: The report, with the graph.
  public func validationReport(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = [],
    arguments: [ValidationArguments]
  ) -> ValidationReport {
    makeValidationReport(
      roots: roots, rootKeys: rootKeys, excluding: excluding, arguments: arguments)
  }

  /// Checks, with `await`, this injector and its roots as
  /// ``validate(roots:rootKeys:excluding:)-7lp2a`` does, building the mappings that take
  /// arguments with the samples given, and throws a report of every problem at once.
  ///
  /// ```swift
  /// try await injector.validate(
  ///   roots: PlaceOrderHandler.self, arguments: [.sample(42, for: LookupHandler.self)])
  /// ```
  ///
  /// See the synchronous `validate(roots:rootKeys:excluding:arguments:)` for how samples are used;
  /// the samples are resolved after every root and mapping.
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  ///   - arguments: Samples to build the mappings that take arguments with, and the keys
  ///     allowed unchecked.
  /// - Returns: The report, which then has notes at most.
  /// - Throws: ``ValidationError`` with the whole report when it has a problem.
  @discardableResult
  public func validate(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = [],
    arguments: [ValidationArguments]
  ) async throws(ValidationError) -> ValidationReport {
    let report = await makeValidationReportAsync(
      roots: roots, rootKeys: rootKeys, excluding: excluding, arguments: arguments)
    guard report.isValid else { throw ValidationError(report: report) }
    return report
  }

  /// Reports, with `await`, what ``validationReport(roots:rootKeys:excluding:)-28y5c``
  /// reports, building the mappings that take arguments with the samples given.
  ///
  /// ```swift
  /// let report = await injector.validationReport(
  ///   roots: PlaceOrderHandler.self, arguments: [.sample(42, for: LookupHandler.self)])
  /// ```
  ///
  /// - Parameters:
  ///   - roots: Types the app resolves, mapped or not.
  ///   - rootKeys: Mapped keys the app resolves.
  ///   - excluding: Keys not to build.
  ///   - arguments: Samples to build the mappings that take arguments with, and the keys
  ///     allowed unchecked.
  /// - Returns: The report, with the graph.
  public func validationReport(
    roots: any Any.Type..., rootKeys: [InjectionKey] = [], excluding: [InjectionKey] = [],
    arguments: [ValidationArguments]
  ) async -> ValidationReport {
    await makeValidationReportAsync(
      roots: roots, rootKeys: rootKeys, excluding: excluding, arguments: arguments)
  }
}
