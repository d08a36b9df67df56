// swift-tools-version: 6.0
import PackageDescription

// One settings block, identical in every manifest of this repository.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "InjectionReflection",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "InjectionReflection", targets: ["InjectionReflection"])
  ],
  dependencies: [
    .package(path: "../InjectionCore")
  ],
  targets: [
    .target(
      name: "InjectionReflection",
      dependencies: [.product(name: "InjectionCore", package: "InjectionCore")],
      swiftSettings: swiftSettings
    )
  ],
  swiftLanguageModes: [.v6]
)
