#!/usr/bin/env bash
# Proves that the README's installation lines work as written, for the repository as published:
# only the branch `main`, no tags.
#
# 1. Clones HEAD without its tags (with any uncommitted changes, committed in the clone) as the
#    branch `main`, and builds a package whose Package.swift is the README's snippet word for word
#    but for the URL, which points at the clone: its `branch: "main"` line must resolve that
#    commit. Its library `MyApp` imports InjectionCore and its tests InjectionTestSupport, as the
#    snippet says; the check appends two executables to the manifest, one importing
#    InjectionReflection (which validates the graph before it runs) and one InjectionPlist (which
#    builds a greeter from a services file), runs both and runs the tests.
# 2. Checks that the README's versioned line (`from: "x.y.z"`, the README's words "once a release
#    tag is published") does not resolve against that clone, which has no tag.
# 3. Tags a throwaway clone of it with Scripts/release.sh (without the CI run) and resolves the
#    snippet with the versioned line in place of the branch line: it must resolve that tag.
# Both lines are read from README.md's "## Installation" section, never written here. Every other
# `.package(url:` line of the guides that names the repository's URL must be one of them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "error: $*" >&2
  exit 1
}

# The README's installation snippet: the ```swift block of "## Installation" with a Package.swift,
# and the versioned line: the line of the section's other ```swift block.
section=$(awk '
  /^## Installation/ { inside = 1; next }
  inside && /^## / { exit }
  inside { print }
' "$root/README.md")
snippet=$(awk '
  /^```swift$/ { block++; inside = 1; text = ""; next }
  inside && /^```$/ { inside = 0; if (text ~ /let package = Package\(/) { printf "%s", text; exit } next }
  inside { text = text $0 "\n" }
' <<<"$section")
grep -q 'let package = Package(' <<<"$snippet" \
  || fail "README.md's \"## Installation\" section has no \`\`\`swift block with a Package.swift"
branch_line=$(grep -E '^\s*\.package\(url: "[^"]+", branch: "[^"]+"\)' <<<"$snippet" || true)
[ "$(grep -c . <<<"$branch_line")" -eq 1 ] \
  || fail "README.md's Package.swift has no (or more than one) '.package(url: …, branch: …)' line"
versioned_line=$(awk '
  /^```swift$/ { inside = 1; next }
  inside && /^```$/ { inside = 0; next }
  inside && /^\s*\.package\(url: "[^"]+", from: "[^"]+"\)/ { print }
' <<<"$section")
[ "$(grep -c . <<<"$versioned_line")" -eq 1 ] \
  || fail "README.md's \"## Installation\" section has no (or more than one) '.package(url: …, from: …)' line in a \`\`\`swift block"
url=$(sed -E 's/.*url: "([^"]+)".*/\1/' <<<"$branch_line")
branch=$(sed -E 's/.*branch: "([^"]+)".*/\1/' <<<"$branch_line")
version=$(sed -E 's/.*from: "([^"]+)".*/\1/' <<<"$versioned_line")
[ "$(sed -E 's/.*url: "([^"]+)".*/\1/' <<<"$versioned_line")" = "$url" ] \
  || fail "README.md's versioned line names another URL than its Package.swift ($url)"
name=$(basename "$url" .git)
echo "README.md's snippet depends on $url (package \"$name\") at branch $branch"
echo "README.md's versioned line depends on it from $version"

# The guides may repeat the README's lines, and nothing else.
others=$( (cd "$root" && grep -rnF ".package(url: \"$url\"" --include='*.md' README.md Documentation Packages) \
  | grep -vF -e "$(sed -E 's/^\s+//' <<<"$branch_line")" -e "$(sed -E 's/^\s+//' <<<"$versioned_line")" || true)
[ -z "$others" ] || fail "these lines depend on $url otherwise than README.md's installation lines:
$others"

# The repository as published: a clone, under the URL's last path component (so that
# `package: "$name"` names it), with the branch `main` and no tag. The branch is this
# repository's, not the README's: a README that names another branch does not resolve.
published_branch=main
published="$work/published/$name"
mkdir -p "$work/published"
git clone --quiet --no-tags "$root" "$published"
(cd "$root" && git diff HEAD --binary) | (cd "$published" && git apply --allow-empty 2>/dev/null || true)
(cd "$root" && git ls-files --others --exclude-standard -z | xargs -0 -r cp --parents -t "$published")
(
  cd "$published"
  if [ -n "$(git status --porcelain)" ]; then
    git add -A
    git -c user.name=ci -c user.email=ci@localhost commit --quiet -m "consumer check: uncommitted changes"
  fi
  git checkout --quiet -B "$published_branch"
  git for-each-ref --format='%(refname)' refs/heads refs/remotes refs/tags \
    | { grep -vxF "refs/heads/$published_branch" || true; } | xargs -r -n 1 git update-ref -d
)
[ -z "$(git -C "$published" tag -l)" ] || fail "the published clone has tags"
published_commit=$(git -C "$published" rev-parse HEAD)

# A consumer package whose manifest is the README's snippet with `dependency_line` in place of its
# branch line, and the URL pointing at `clone`.
write_manifest() { # consumer clone dependency_line
  mkdir -p "$1"
  python3 -c '
import sys
snippet, branch_line, line, url, clone = sys.argv[1:]
assert snippet.count(branch_line) == 1
indent = branch_line[: len(branch_line) - len(branch_line.lstrip())]
print(snippet.replace(branch_line, indent + line.strip()).replace(url, clone), end="")
' "$snippet" "$branch_line" "$3" "$url" "file://$2" >"$1/Package.swift"
}

# 2. The versioned line does not resolve while no tag is published.
untagged="$work/untagged/MyApp"
write_manifest "$untagged" "$published" "$versioned_line"
if (cd "$untagged" && swift package resolve >"$work/untagged.log" 2>&1); then
  fail "the README's versioned line resolved against a clone without tags; the README says it does not"
fi
grep -qE "no versions of '$name' match the requirement" "$work/untagged.log" || {
  cat "$work/untagged.log" >&2
  fail "the README's versioned line failed against a clone without tags, but not for want of a tag"
}
echo "ok: without a tag, the versioned line does not resolve: $(grep -oE "no versions of '$name' match.*" "$work/untagged.log" | head -n 1)"

# 3. A throwaway clone of the published one, tagged by Scripts/release.sh.
tagged="$work/tagged/$name"
mkdir -p "$work/tagged"
git clone --quiet --no-tags "$published" "$tagged"
(
  cd "$tagged"
  # On a release commit, CHANGELOG.md's latest release is the README's version and [Unreleased] is
  # empty: tag that. Between releases, prepare the next patch release as CONTRIBUTING.md says
  # (the [Unreleased] entries move to a new section, the README names the new version), so the
  # consumer, which keeps the README's line as it is, resolves HEAD's code as a release.
  latest=$(grep -oE '^## \[[0-9]+\.[0-9]+\.[0-9]+\] - ' CHANGELOG.md | head -n 1 | sed -E 's/## \[(.*)\] - /\1/')
  unreleased=$(awk '/^## \[Unreleased\]/ { inside = 1; next } /^## / { exit } inside && /^[-*] / { n++ } END { print n + 0 }' CHANGELOG.md)
  tag=$version
  if [ "$latest" != "$version" ] || [ "$unreleased" -ne 0 ]; then
    tag=$(awk -F. '{ print $1 "." $2 "." $3 + 1 }' <<<"${latest:-0.0.0}")
    echo "preparing release $tag in the throwaway clone ($unreleased unreleased changes after $latest)"
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
    git add -A
    git -c user.name=ci -c user.email=ci@localhost commit --quiet -m "consumer check: release $tag"
  fi
  GIT_COMMITTER_NAME=ci GIT_COMMITTER_EMAIL=ci@localhost bash Scripts/release.sh --skip-ci "$tag"
)
tag=$(git -C "$tagged" describe --tags --exact-match)
versioned="$work/versioned/MyApp"
write_manifest "$versioned" "$tagged" "$versioned_line"
(cd "$versioned" && swift package resolve)
resolved=$(grep -oE '"version" *: *"[^"]+"' "$versioned/Package.resolved" | head -n 1)
grep -qF "\"$tag\"" <<<"$resolved" \
  || fail "the README's versioned line did not resolve the tag $tag that Scripts/release.sh made ($resolved)"
echo "ok: the versioned line resolves the tag $tag that Scripts/release.sh made"

# 1. The branch line, word for word, against the published clone: resolve, build, run, test.
consumer="$work/branch/MyApp"
mkdir -p "$consumer/Sources/MyApp" "$consumer/Sources/Consumer" "$consumer/Sources/PlistConsumer" \
  "$consumer/Tests/MyAppTests"
{
  sed "s|$url|file://$published|" <<<"$snippet"
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
swift build --quiet \
  || fail "the README's Package.swift did not resolve or build against the repository as published ($published_branch, no tags)"
pin=$(python3 -c '
import json, sys
pins = json.load(open("Package.resolved"))["pins"]
pin = next(p for p in pins if p["identity"] == sys.argv[1])
print(pin["state"].get("branch"), pin["state"]["revision"])
' "$name")
echo "resolved $name: branch and revision $pin"
[ "$pin" = "$published_branch $published_commit" ] \
  || fail "the README's branch line did not resolve $published_branch at $published_commit ($pin)"
output=$(swift run --skip-build Consumer)
echo "$output"
test "$output" = "hello from InjectionCore"
plist_output=$(swift run --skip-build PlistConsumer)
echo "$plist_output"
test "$plist_output" = "hello from InjectionPlist"
swift test --quiet 2>&1 | tail -n 3
