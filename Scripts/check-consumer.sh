#!/usr/bin/env bash
# Proves that the README's installation snippet works as written: clones HEAD (with any
# uncommitted changes, committed in the clone), tags the clone with Scripts/release.sh (without
# the CI run) at the version the snippet names, and builds a package whose Package.swift is the
# README's snippet, word for word but for the URL, which points at the clone. Its library
# `MyApp` imports InjectionCore and its tests InjectionTestSupport, as the snippet says; the
# check appends two executables to the manifest, one importing InjectionReflection (which
# validates the graph before it runs) and one InjectionPlist (which builds a greeter from a
# services file), runs both and runs the tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The README's installation snippet: the ```swift block that follows "## Installation".
snippet=$(awk '
  /^## Installation/ { section = 1; next }
  section && /^## / { exit }
  section && /^```swift$/ { inside = 1; next }
  inside && /^```$/ { exit }
  inside { print }
' "$root/README.md")
if ! grep -q 'let package = Package(' <<<"$snippet"; then
  echo "error: README.md's \"## Installation\" section has no \`\`\`swift block with a Package.swift" >&2
  exit 1
fi
url=$(grep -oE '\.package\(url: "[^"]+"' <<<"$snippet" | head -n 1 | sed -E 's/.*url: "([^"]+)"/\1/')
version=$(grep -oE 'from: "[^"]+"' <<<"$snippet" | head -n 1 | sed -E 's/from: "([^"]+)"/\1/')
name=$(basename "$url" .git)
echo "README.md's snippet depends on $url (package \"$name\") from $version"

# A clone under the URL's last path component, so that `package: "$name"` names it.
clone="$work/$name"
git clone --quiet "$root" "$clone"
(cd "$root" && git diff HEAD --binary) | (cd "$clone" && git apply --allow-empty 2>/dev/null || true)
(cd "$root" && git ls-files --others --exclude-standard -z | xargs -0 -r cp --parents -t "$clone")
(
  cd "$clone"
  git tag -l | xargs -r git tag -d >/dev/null
  # On a release commit, CHANGELOG.md's latest release is the README's version and [Unreleased] is
  # empty: tag that. Between releases, prepare the next patch release as CONTRIBUTING.md says
  # (the [Unreleased] entries move to a new section, the README names the new version), so the
  # consumer, which keeps the README's snippet as it is, resolves HEAD's code as a release.
  latest=$(grep -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\] - ' CHANGELOG.md | head -n 1 | sed -E 's/## \[(.*)\] - /\1/')
  unreleased=$(awk '/^## \[Unreleased\]/ { inside = 1; next } /^## / { exit } inside && /^[-*] / { n++ } END { print n + 0 }' CHANGELOG.md)
  tag=$version
  if [ "$latest" != "$version" ] || [ "$unreleased" -ne 0 ]; then
    tag=$(awk -F. '{ print $1 "." $2 "." $3 + 1 }' <<<"${latest:-0.0.0}")
    echo "preparing release $tag in the clone ($unreleased unreleased changes after $latest)"
    python3 - "$tag" "$latest" <<'PREPARE'
import datetime, re, sys
tag, latest = sys.argv[1], sys.argv[2]
changelog = open("CHANGELOG.md").read()
changelog = changelog.replace(
    "## [Unreleased]\n", f"## [Unreleased]\n\n## [{tag}] - {datetime.date.today()}\n", 1)
changelog = re.sub(r"^\[Unreleased\]: (.*)/compare/[^/]+\.\.\.HEAD$",
                   lambda m: f"[Unreleased]: {m[1]}/compare/{tag}...HEAD\n[{tag}]: {m[1]}/releases/tag/{tag}",
                   changelog, count=1, flags=re.M)
open("CHANGELOG.md", "w").write(changelog)
readme = open("README.md").read()
readme = re.sub(r'(\.package\(url: "[^"]+", from: ")[^"]+(")', lambda m: m[1] + tag + m[2], readme, count=1)
open("README.md", "w").write(readme)
PREPARE
  fi
  if [ -n "$(git status --porcelain)" ]; then
    git add -A
    git -c user.name=ci -c user.email=ci@localhost commit --quiet -m "consumer check: release $tag"
  fi
  GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@localhost bash Scripts/release.sh --skip-ci "$tag"
)

consumer="$work/MyApp"
mkdir -p "$consumer/Sources/MyApp" "$consumer/Sources/Consumer" "$consumer/Sources/PlistConsumer" \
  "$consumer/Tests/MyAppTests"
{
  sed "s|$url|file://$clone|" <<<"$snippet"
  cat <<MANIFEST

// Appended by Scripts/check-consumer.sh: the two other products, each in an executable.
package.targets += [
  .executableTarget(
    name: "Consumer",
    dependencies: [
      "MyApp",
      .product(name: "InjectionCore", package: "$name"),
      .product(name: "InjectionReflection", package: "$name"),
    ]
  ),
  .executableTarget(
    name: "PlistConsumer",
    dependencies: [
      .product(name: "InjectionCore", package: "$name"),
      .product(name: "InjectionPlist", package: "$name"),
    ]
  ),
]
MANIFEST
} >"$consumer/Package.swift"
cat >"$consumer/Sources/MyApp/Greeting.swift" <<'SOURCE'
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
cat >"$consumer/Sources/Consumer/main.swift" <<'SOURCE'
import InjectionCore
import InjectionReflection
import MyApp

try app.validate(roots: Welcome.self)
print(try app.resolve(Welcome.self).text)
SOURCE
cat >"$consumer/Sources/PlistConsumer/main.swift" <<'SOURCE'
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
cat >"$consumer/Tests/MyAppTests/WelcomeTests.swift" <<'SOURCE'
import InjectionCore
import InjectionTestSupport
import MyApp
import Testing

struct Pirate: Greeter { func greet() -> String { "ahoy" } }

@Test(.injecting(from: app) { $0.map((any Greeter).self) { _ in Pirate() } })
func theWelcomeUsesTheTestsGreeter() throws {
  #expect(Welcome().text == "ahoy")
  #expect(try app.resolve(Welcome.self).text == "hello from InjectionCore")
}
SOURCE

cd "$consumer"
swift build --quiet
resolved=$(grep -oE '"version" *: *"[^"]+"' Package.resolved | head -n 1)
echo "resolved $name: $resolved"
tag=$(git -C "$clone" describe --tags --exact-match)
grep -qF "\"$tag\"" <<<"$resolved" || {
  echo "error: the consumer did not resolve the tag $tag that Scripts/release.sh made ($resolved)" >&2
  exit 1
}
output=$(swift run --skip-build Consumer)
echo "$output"
test "$output" = "hello from InjectionCore"
plist_output=$(swift run --skip-build PlistConsumer)
echo "$plist_output"
test "$plist_output" = "hello from InjectionPlist"
swift test --quiet 2>&1 | tail -n 3
