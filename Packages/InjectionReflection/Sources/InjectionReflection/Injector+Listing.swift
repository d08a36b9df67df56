public import InjectionCore

extension Injector {
  /// A readable listing of this injector's mappings, grouped by who made them: direct
  /// mappings, then each module in the order added, then what each ancestor contributes.
  ///
  /// ```text
  /// Injector "app":
  ///   direct:
  ///     Engine: singleton factory, direct, built, hook: notCalled
  ///   module GarageModule:
  ///     Garage: singleton factory, module InjectionReflectionTests.GarageModule, hook: notCalled,
  ///       disposed if conforming
  ///   inherited from "platform":
  ///     direct:
  ///       Dashboard: singleton factory, direct, hook: notCalled, disposed if conforming
  /// ```
  ///
  /// Built from `snapshot()`: taking it never blocks resolutions for long.
  public var mappingListing: String {
    let snapshot = snapshot()
    var lines = ["Injector \"\(label)\":"]
    lines += Self.groupedLines(snapshot.mappings, modules: snapshot.modules, indent: "  ")
    for ancestor in snapshot.inherited {
      lines.append("  inherited from \"\(ancestor.injector)\":")
      lines += Self.groupedLines(ancestor.mappings, modules: [], indent: "    ")
    }
    return lines.joined(separator: "\n")
  }

  private static func groupedLines(
    _ mappings: [MappingSnapshot], modules: [ModuleSnapshot], indent: String
  ) -> [String] {
    var groups: [(title: String, mappings: [MappingSnapshot])] = []
    let direct = mappings.filter { $0.owner == .direct }
    if !direct.isEmpty { groups.append(("direct", direct)) }
    var moduleNames = modules.map(\.name)
    for mapping in mappings {
      if case .module(let name) = mapping.owner, !moduleNames.contains(name) {
        moduleNames.append(name)
      }
    }
    for name in moduleNames {
      let owned = mappings.filter { $0.owner == .module(name) }
      guard !owned.isEmpty else { continue }
      groups.append(("module \(InjectionKey(typeName: name).unqualifiedTypeName)", owned))
    }
    if groups.isEmpty { return ["\(indent)(no mappings)"] }
    return groups.flatMap { group in
      ["\(indent)\(group.title):"] + group.mappings.map { "\(indent)  \($0)" }
    }
  }
}
