/// What a value built by a model-based sequence carries: which mapping made it, which injector
/// built it, the how-manieth such build it was, and the stamps of its dependency.
///
/// Every build (a factory run, an instance created for `map(_:to:)`, an automatic creation)
/// makes one stamp, so two resolutions that return equal stamps returned the same value, and a
/// new build shows as a higher ``ordinal``. The ordinal counts builds of one mapping by one
/// injector along one ``path``, so that it does not depend on the order in which `makeCopy`
/// builds independent eager singletons.
///
/// Written `#3@i1:2`: mapping 3, built by injector `i1`, its second build; `#0` is a `Widget`
/// created automatically (ordinal 0: its `init()` cannot tell who builds it), `@app` an instance
/// made for `map(_:to:)`; a dependency follows in parentheses, and `via #5` is the path.
struct Stamp: Hashable, Sendable, CustomStringConvertible {
  /// The ``Recipe/tag`` of the mapping whose factory made the value; 0 for automatic creation.
  let tag: Int
  /// The label of the injector whose factory call built it; `"app"` for an instance, empty for
  /// automatic creation.
  let builder: String
  /// The tags of the transient builds that this one is nested in, up to and including the
  /// nearest cached value being built; empty for a cached value and for a top-level build.
  let path: [Int]
  let ordinal: Int
  /// The stamp of the value the factory resolved first, if it resolved one.
  let dependencies: [Stamp]

  var description: String {
    var text = "#\(tag)"
    if !builder.isEmpty { text += "@\(builder):\(ordinal)" }
    if !path.isEmpty { text += " via " + path.map { "#\($0)" }.joined(separator: ",") }
    if !dependencies.isEmpty { text += "(" + dependencies.map(\.description).joined() + ")" }
    return text
  }
}
