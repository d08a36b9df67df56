#!/usr/bin/env bash
# Proves that an app can depend on this repository by URL and version, importing only the
# modules it needs: clones HEAD into a temporary repository, tags it, and builds a small package
# that depends on it with `.package(url:from:)`, imports InjectionCore in its app target (an
# executable and the library it uses), InjectionReflection in the executable (which validates
# its graph before it runs), InjectionPlist in a second executable (which builds its greeter
# from a services file) and InjectionTestSupport in its test target, runs both apps and runs
# its tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

git clone --quiet "$root" "$work/swift-injection"
# Carry uncommitted changes too, so the check runs against the working tree.
(cd "$root" && git diff HEAD --binary) | (cd "$work/swift-injection" && git apply --allow-empty 2>/dev/null || true)
(cd "$root" && git ls-files --others --exclude-standard -z | xargs -0 -r cp --parents -t "$work/swift-injection")
(cd "$work/swift-injection" && git add -A && git -c user.name=ci -c user.email=ci@localhost \
  commit --quiet --allow-empty -m "consumer check" && git tag 1.0.0)

mkdir -p "$work/Consumer/Sources/Consumer" "$work/Consumer/Sources/ConsumerKit" \
  "$work/Consumer/Sources/PlistConsumer" \
  "$work/Consumer/Tests/ConsumerKitTests"
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
    .target(
      name: "ConsumerKit",
      dependencies: [.product(name: "InjectionCore", package: "swift-injection")]
    ),
    .executableTarget(
      name: "Consumer",
      dependencies: [
        "ConsumerKit",
        .product(name: "InjectionCore", package: "swift-injection"),
        .product(name: "InjectionReflection", package: "swift-injection"),
      ]
    ),
    .executableTarget(
      name: "PlistConsumer",
      dependencies: [
        .product(name: "InjectionCore", package: "swift-injection"),
        .product(name: "InjectionPlist", package: "swift-injection"),
      ]
    ),
    .testTarget(
      name: "ConsumerKitTests",
      dependencies: [
        "ConsumerKit",
        .product(name: "InjectionCore", package: "swift-injection"),
        .product(name: "InjectionTestSupport", package: "swift-injection"),
      ]
    ),
  ]
)
MANIFEST
cat > "$work/Consumer/Sources/ConsumerKit/Greeting.swift" <<'SOURCE'
import InjectionCore

public protocol Greeter: Sendable { func greet() -> String }
public struct English: Greeter {
  public init() {}
  public func greet() -> String { "hello from InjectionCore" }
}

public final class Welcome: Injectable {
  @Injected var greeter: any Greeter
  public init() {}
  public var text: String { greeter.greet() }
}

public let app: Injector = {
  let injector = Injector(label: "consumer")
  injector.map((any Greeter).self, scope: .singleton, with: English.init)
  return injector
}()
SOURCE
cat > "$work/Consumer/Sources/Consumer/main.swift" <<'SOURCE'
import ConsumerKit
import InjectionCore
import InjectionReflection

try app.validate()
print(try app.resolve(Welcome.self).text)
SOURCE
cat > "$work/Consumer/Sources/PlistConsumer/main.swift" <<'SOURCE'
import FoundationEssentials
import InjectionCore
import InjectionPlist

struct Greeting: Decodable, Sendable { let text: String }

let plist = """
  <plist version="1.0"><dict><key>Services</key><dict>
  <key>GreetingService</key><dict><key>text</key><string>hello from InjectionPlist</string></dict>
  </dict></dict></plist>
  """
let registry = ServiceRegistry()
registry.register(Greeting.self)
let injector = Injector(label: "plist consumer")
let file = try ServicesFile(data: Data(plist.utf8), source: "Services.plist")
try injector.addModule(ServicesModule(file: file, registry: registry))
print(try injector.resolve(Greeting.self).text)
SOURCE
cat > "$work/Consumer/Tests/ConsumerKitTests/WelcomeTests.swift" <<'SOURCE'
import ConsumerKit
import InjectionCore
import InjectionTestSupport
import Testing

struct Pirate: Greeter { func greet() -> String { "ahoy" } }

@Test(.injecting(from: app) { $0.map((any Greeter).self) { _ in Pirate() } })
func theWelcomeUsesTheTestsGreeter() throws {
  #expect(Welcome().text == "ahoy")
  #expect(try app.resolve(Welcome.self).text == "hello from InjectionCore")
}
SOURCE

cd "$work/Consumer"
swift build --quiet
output=$(swift run --skip-build Consumer)
echo "$output"
test "$output" = "hello from InjectionCore"
plist_output=$(swift run --skip-build PlistConsumer)
echo "$plist_output"
test "$plist_output" = "hello from InjectionPlist"
swift test --quiet 2>&1 | tail -n 3
