/// W4 at one N, in ns per type.
struct TypeCountFigure {
  let typeCount: Int
  let passesPerRepetition: Int
  let map: Double
  let resolve: Double
  let baselineResolve: Double
  /// The first pass of the process over this N's types: mapping and resolving.
  let coldMap: Double
  let coldResolve: Double

  var resolveRatio: Double { resolve / baselineResolve }
}
