/// The generated W4 types, one disjoint set per N; filled in by the files that `W4Generator`
/// writes when the benchmarks are built.
enum W4Catalog {}
