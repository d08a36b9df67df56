/// The generated W4 types, one disjoint set per N; filled in by the files of `W4Generated/`.
enum W4Catalog {}
