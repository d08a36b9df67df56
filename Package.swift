// swift-tools-version: 6.0
import PackageDescription

// One settings block, identical in every manifest of this repository.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "swift-injection",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "InjectionCore", targets: ["InjectionCore"]),
    .library(name: "InjectionPlist", targets: ["InjectionPlist"]),
    .library(name: "InjectionReflection", targets: ["InjectionReflection"]),
    .library(name: "InjectionTestSupport", targets: ["InjectionTestSupport"]),
  ],
  targets: [
    .target(
      name: "InjectionCore",
      path: "Packages/InjectionCore/Sources/InjectionCore",
      swiftSettings: swiftSettings
    ),
    .target(
      name: "InjectionPlist",
      dependencies: ["InjectionCore"],
      path: "Packages/InjectionPlist/Sources/InjectionPlist",
      swiftSettings: swiftSettings
    ),
    .target(
      name: "InjectionReflection",
      dependencies: ["InjectionCore"],
      path: "Packages/InjectionReflection/Sources/InjectionReflection",
      swiftSettings: swiftSettings
    ),
    .target(
      name: "InjectionTestSupport",
      dependencies: ["InjectionCore"],
      path: "Packages/InjectionTestSupport/Sources/InjectionTestSupport",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "CarDemo",
      dependencies: ["InjectionCore", "InjectionReflection"],
      path: "Examples/CarDemo",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "PlistServices",
      dependencies: ["InjectionCore", "InjectionPlist"],
      path: "Examples/PlistServices",
      resources: [.copy("Services.plist")],
      swiftSettings: swiftSettings
    ),
    // The helpers that the test targets and the stress suite share (counters, gates, thread
    // races, circular model types); a regular target, not a product.
    .target(
      name: "InjectionTestHelpers",
      dependencies: ["InjectionCore"],
      path: "Tests/InjectionTestHelpers",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "InjectionStress",
      dependencies: ["InjectionCore", "InjectionReflection", "InjectionTestHelpers"],
      path: "Tests/InjectionStress",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "InjectionCoreTests",
      dependencies: ["InjectionCore", "InjectionTestHelpers"],
      path: "Tests/InjectionCoreTests",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "InjectionPlistTests",
      dependencies: ["InjectionCore", "InjectionPlist"],
      path: "Tests/InjectionPlistTests",
      resources: [.copy("Fixtures")],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "PlistServicesTests",
      dependencies: ["PlistServices"],
      path: "Tests/PlistServicesTests",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "InjectionReflectionTests",
      dependencies: ["InjectionCore", "InjectionReflection", "InjectionTestHelpers"],
      path: "Tests/InjectionReflectionTests",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "InjectionTestSupportTests",
      dependencies: ["InjectionCore", "InjectionTestSupport"],
      path: "Tests/InjectionTestSupportTests",
      swiftSettings: swiftSettings
    ),
    // Every fix line the library prints, pasted and compiled with the settings above
    // (ExistentialAny), and checked against what the library prints.
    .testTarget(
      name: "FixLineTests",
      dependencies: [
        "InjectionCore", "InjectionReflection", "InjectionTestSupport", "InjectionTestHelpers",
      ],
      path: "Tests/FixLineTests",
      swiftSettings: swiftSettings
    ),
    // The examples of the READMEs of the libraries the migration guides start from, ported and
    // checked (Documentation/MigratingFrom*.md).
    .testTarget(
      name: "MigrationExamplesTests",
      dependencies: [
        "InjectionCore", "InjectionPlist", "InjectionReflection", "InjectionTestSupport",
      ],
      path: "Tests/MigrationExamplesTests",
      resources: [.copy("Services.plist")],
      swiftSettings: swiftSettings
    ),
    // Documentation/Errors.md checked against the library: an entry for every error, failure
    // and program stop, each example the message the library prints.
    .testTarget(
      name: "ErrorsDocumentTests",
      dependencies: [
        "InjectionCore", "InjectionPlist", "InjectionReflection", "InjectionTestSupport",
        "InjectionTestHelpers",
      ],
      path: "Tests/ErrorsDocumentTests",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "CarDemoTests",
      dependencies: ["CarDemo", "InjectionReflection", "InjectionTestSupport"],
      path: "Tests/CarDemoTests",
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
