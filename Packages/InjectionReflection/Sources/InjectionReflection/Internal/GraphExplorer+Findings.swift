import InjectionCore

extension GraphExplorer {
  /// A note for each key that one injector of the snapshot maps more than once: its active
  /// mapping shadows the others.
  ///
  /// The injector's own mappings, then those it inherits (an ancestor's shadows apply to what
  /// the ancestor resolves); a child's mapping of a key its parent maps is an override, not a
  /// duplicate.
  static func duplicateMappings(in snapshot: InjectorSnapshot) -> [ValidationNote] {
    (snapshot.mappings + snapshot.inherited.flatMap(\.mappings))
      .filter { !$0.shadowed.isEmpty }
      .map { .duplicateMapping(key: $0.key, owner: $0.owner, shadowed: $0.shadowed) }
  }

  /// The fix lines of an error's diagnostic (from its `fix:` line on), without their indent;
  /// `nil` when it has none.
  static func fix(of error: InjectionError) -> String? {
    let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.drop { $0 == " " }.hasPrefix("fix: ") }) else {
      return nil
    }
    return lines[start...].map { $0.drop { $0 == " " } }.joined(separator: "\n")
  }
}
