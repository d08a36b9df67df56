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
  /// Heap bytes in use per mapping, right after mapping N types on a fresh injector; `nil`
  /// where the platform does not say.
  let heapBytesPerMapping: Double?
  /// Resident-set growth per mapping over the same mapping pass; `nil` likewise.
  let residentBytesPerMapping: Double?

  var resolveRatio: Double { resolve / baselineResolve }
}
