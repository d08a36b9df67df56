import PackagePlugin

/// Generates W4's 11,100 types (`W4Generator`) when the benchmarks are built, so that their
/// source is never checked in and the root package never compiles it.
@main
struct W4Sources: BuildToolPlugin {
  /// The files `W4Generator` writes: ten parts for N = 10,000, one each for N = 1,000 and
  /// N = 100, and the catalog that lists them.
  static let fileNames =
    (0..<10).map { "W4Set10000Part0\($0).swift" }
    + ["W4Set1000Part00.swift", "W4Set100Part00.swift", "W4Catalog+Sets.swift"]

  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "W4Generated")
    return [
      .buildCommand(
        displayName: "Generating W4's 11,100 types",
        executable: try context.tool(named: "W4Generator").url,
        arguments: [output.path()],
        outputFiles: Self.fileNames.map { output.appending(path: $0) }
      )
    ]
  }
}
