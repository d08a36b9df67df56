// swift-tools-version: 6.0
import PackageDescription

// One settings block, identical in every manifest of this repository.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// The release-mode benchmarks, in a package of their own so that the root package's
// `swift build` and `swift test` never compile them:
// `swift run -c release --package-path Benchmarks InjectionBenchmarks`.
let package = Package(
  name: "InjectionBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    .package(name: "swift-injection", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "InjectionBenchmarks",
      dependencies: [
        .product(name: "InjectionCore", package: "swift-injection"),
        .product(name: "InjectionPlist", package: "swift-injection"),
        .product(name: "InjectionReflection", package: "swift-injection"), "HeapStatistics",
      ],
      path: "InjectionBenchmarks",
      swiftSettings: swiftSettings,
      plugins: ["W4Sources"]
    ),
    // Reads the heap's bytes in use (glibc's mallinfo2), for W4's bytes per mapping.
    .target(name: "HeapStatistics", path: "HeapStatistics"),
    // Writes W4's generated types; run by the plugin at build time.
    .executableTarget(
      name: "W4Generator",
      path: "W4Generator",
      swiftSettings: swiftSettings
    ),
    .plugin(
      name: "W4Sources",
      capability: .buildTool(),
      dependencies: ["W4Generator"],
      path: "Plugins/W4Sources"
    ),
  ],
  swiftLanguageModes: [.v6]
)
