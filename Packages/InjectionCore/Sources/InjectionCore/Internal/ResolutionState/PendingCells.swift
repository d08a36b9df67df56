/// The `@Injected` properties created while the builds on one thread's path made their values,
/// to be resolved before each value's hook runs; and those a failed build left unresolved.
///
/// Owned by ``ResolutionContext``: ``InjectedCell`` registers itself while its owner is built;
/// `build` resolves the cells of its own frame; a singleton build whose value was handed out
/// keeps the cells its failure left for its next build.
struct PendingCells {
  private var cells: [InjectedCellBase] = []
  /// The cells left unresolved by the last failed ``resolve(_:depth:)``, with the depth of the
  /// build they belong to.
  private var unresolved: (depth: Int, cells: [InjectedCellBase])?

  /// Where the next build's cells begin.
  var count: Int { cells.count }

  mutating func append(_ cell: InjectedCellBase) {
    cells.append(cell)
  }

  /// Takes the cells from `first` on.
  mutating func take(from first: Int) -> [InjectedCellBase] {
    guard cells.count > first else { return [] }
    let taken = Array(cells[first...])
    cells.removeSubrange(first...)
    return taken
  }

  /// Drops the cells from `first` on: the build they belong to is over.
  mutating func removeAll(from first: Int) {
    if cells.count > first { cells.removeSubrange(first...) }
  }

  /// Records the cells a build at `depth` left unresolved when one of them failed.
  mutating func keepUnresolved(_ cells: [InjectedCellBase], depth: Int) {
    unresolved = (depth, cells)
  }

  /// The cells that the build at `depth` left unresolved, if its failure came from one of them;
  /// forgets them either way.
  mutating func takeUnresolved(ofBuildAtDepth depth: Int) -> [InjectedCellBase] {
    defer { unresolved = nil }
    guard let unresolved, unresolved.depth == depth else { return [] }
    return unresolved.cells
  }

  /// Forgets cells that an earlier failed build left unresolved.
  mutating func clearUnresolved() {
    unresolved = nil
  }
}
