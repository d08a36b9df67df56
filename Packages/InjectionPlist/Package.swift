// swift-tools-version: 6.0
import PackageDescription

// One settings block, identical in every manifest of this repository.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "InjectionPlist",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "InjectionPlist", targets: ["InjectionPlist"])
  ],
  dependencies: [
    .package(path: "../InjectionCore")
  ],
  targets: [
    .target(
      name: "InjectionPlist",
      dependencies: [.product(name: "InjectionCore", package: "InjectionCore")],
      swiftSettings: swiftSettings
    )
  ],
  swiftLanguageModes: [.v6]
)
