// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer target of InjectionPlist's loader: `bash Scripts/fuzz-plist.sh [seconds]`.
// A package of its own, so that the root package never builds with the fuzzer's flags.
let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../Packages/InjectionPlist")
  ],
  targets: [
    .executableTarget(
      name: "PlistFuzzer",
      dependencies: [.product(name: "InjectionPlist", package: "InjectionPlist")],
      path: "PlistFuzzer",
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .unsafeFlags(["-parse-as-library", "-sanitize=fuzzer,address"]),
      ],
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]
    )
  ],
  swiftLanguageModes: [.v6]
)
