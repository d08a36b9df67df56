#!/usr/bin/env bash
# Proves that an app can depend on this repository by URL and version, importing only
# InjectionCore: clones HEAD into a temporary repository, tags it, and builds a small package that
# depends on it with `.package(url:from:)` and `.product(name: "InjectionCore", package: …)`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

git clone --quiet "$root" "$work/swift-injection"
# Carry uncommitted changes too, so the check runs against the working tree.
(cd "$root" && git diff HEAD --binary) | (cd "$work/swift-injection" && git apply --allow-empty 2>/dev/null || true)
(cd "$work/swift-injection" && git add -A && git -c user.name=ci -c user.email=ci@localhost \
  commit --quiet --allow-empty -m "consumer check" && git tag 1.0.0)

mkdir -p "$work/Consumer/Sources/Consumer"
cat > "$work/Consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(url: "file://$work/swift-injection", from: "1.0.0")
  ],
  targets: [
    .executableTarget(
      name: "Consumer",
      dependencies: [.product(name: "InjectionCore", package: "swift-injection")]
    )
  ]
)
MANIFEST
cat > "$work/Consumer/Sources/Consumer/main.swift" <<'SOURCE'
import InjectionCore

protocol Greeter: Sendable { func greet() -> String }
struct English: Greeter { func greet() -> String { "hello from InjectionCore" } }

let injector = Injector(label: "consumer")
injector.map((any Greeter).self, scope: .singleton, with: English.init)
print(try injector.resolve((any Greeter).self).greet())
SOURCE

cd "$work/Consumer"
swift build --quiet
output=$(swift run --skip-build Consumer)
echo "$output"
test "$output" = "hello from InjectionCore"
