#!/usr/bin/env bash
# Compares each module's public API with the last release, so that a breaking change is a
# decision, never an accident.
#
#   bash Scripts/check-api.sh            # fails on a break that is not announced
#   bash Scripts/check-api.sh --update   # records the current API as the baseline (a release)
#   bash Scripts/check-api.sh --self-test
#
# The baselines are `swift-api-digester` dumps of the API (not the ABI) of each module in
# Packages/, made by `Scripts/release.sh` from the tagged commit and checked in under
# Scripts/api-baseline/<Module>.json. Each module is built on its own
# (`swift build --package-path Packages/<Module>`) and its API compared with its baseline.
# A break (a removed or renamed declaration, a changed type or signature, a lost conformance)
# fails the check unless the same line, as the digester prints it, is in
# Scripts/api-baseline/announced-breaks.txt, with a CHANGELOG entry under Changed or Removed.
# Additions never fail it. See CONTRIBUTING.md, "Changing the public API".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
baselines="$root/Scripts/api-baseline"
announced="$baselines/announced-breaks.txt"
digester=$(command -v swift-api-digester || true)
if [ -z "$digester" ]; then
  digester="$(dirname "$(command -v swift)")/swift-api-digester"
fi

modules() {
  for package in "$root"/Packages/*/; do
    basename "$package"
  done
}

# Prints the folder that holds the module files of a standalone build of `$1`.
build_module() {
  local module=$1
  swift build --quiet --package-path "$root/Packages/$module" >&2
  echo "$(swift build --package-path "$root/Packages/$module" --show-bin-path)/Modules"
}

# Writes the public API of `$1` to `$2`. The digester also lists `package` declarations (marked
# `isInternal`); they are left out, so that making a public declaration `package` is a break.
dump() {
  local module=$1 output=$2 modules_dir raw
  modules_dir=$(build_module "$module")
  raw=$(mktemp)
  "$digester" -dump-sdk -module "$module" -I "$modules_dir" -o "$raw" -avoid-location -avoid-tool-args
  python3 - "$raw" "$output" <<'FILTER'
import json, sys

def public(node):
    if isinstance(node, dict):
        return {key: public(value) for key, value in node.items()}
    if isinstance(node, list):
        return [public(item) for item in node if not (isinstance(item, dict) and item.get("isInternal"))]
    return node

with open(sys.argv[1]) as raw:
    api = public(json.load(raw))
with open(sys.argv[2], "w") as output:
    json.dump(api, output, indent=1)
    output.write("\n")
FILTER
  rm -f "$raw"
}

# Prints the breaks of `$1` against the baseline `$2`, one per line, with the announced ones
# left out.
breaks() {
  local module=$1 baseline=$2 current report allowlist
  current=$(mktemp)
  report=$(mktemp)
  allowlist=$(mktemp)
  dump "$module" "$current"
  # The digester reads every line of an allowlist as a break; comments are ours.
  grep -vE '^\s*(#|$)' "$announced" >"$allowlist" 2>/dev/null || true
  "$digester" -diagnose-sdk -input-paths "$baseline" -input-paths "$current" \
    -breakage-allowlist-path "$allowlist" -o "$report" >/dev/null 2>&1
  # The report is a list of sections (`/* Removed Decls */`) with one line per break.
  grep -vE '^\s*$|^/\*.*\*/$' "$report" || true
  rm -f "$current" "$report" "$allowlist"
}

check() {
  local failed=0 module found
  for module in $(modules); do
    if [ ! -f "$baselines/$module.json" ]; then
      echo "error: no API baseline for $module ($baselines/$module.json); a new module gets one" \
        "with the next release (bash Scripts/check-api.sh --update)"
      failed=1
      continue
    fi
    found=$(breaks "$module" "$baselines/$module.json")
    if [ -n "$found" ]; then
      echo "error: $module breaks its public API of the last release, and the break is not announced:"
      sed 's/^/  /' <<<"$found"
      failed=1
    else
      echo "ok: $module keeps the public API of the last release"
    fi
  done
  if [ "$failed" -ne 0 ]; then
    cat <<'HELP'

A break is deliberate or it is a mistake. If it is a mistake, keep the old declaration (deprecate
it and add the new one). If it is deliberate, copy each line above into
Scripts/api-baseline/announced-breaks.txt and say what changed, and what to do instead, in
CHANGELOG.md under [Unreleased] -> Changed or Removed.
HELP
    return 1
  fi
}

update() {
  local module
  mkdir -p "$baselines"
  for module in $(modules); do
    dump "$module" "$baselines/$module.json"
    echo "recorded: $baselines/$module.json"
  done
  # A release starts with no announced breaks: the baselines are now its API.
  printf '%s\n' "# Breaks of the public API since the last release, announced in CHANGELOG.md; one line" \
    "# each, exactly as Scripts/check-api.sh prints it. Emptied by each release." >"$announced"
}

# Proves that the check fails on a break and passes once the break is announced: in a copy of
# InjectionCore, makes the public `Injector.description` `package` (a break the digester alone
# would miss), expects the check to fail naming it, then announces the printed line and expects
# the check to pass.
self_test() {
  local work output line
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  mkdir -p "$work/Packages" "$work/Scripts"
  cp -R "$root/Packages/InjectionCore" "$work/Packages/"
  rm -rf "$work/Packages/InjectionCore/.build"
  cp -R "$baselines" "$work/Scripts/api-baseline"
  cp "$0" "$work/Scripts/check-api.sh"
  local file="$work/Packages/InjectionCore/Sources/InjectionCore/Injector.swift"
  grep -q '  public var description: String' "$file" \
    || { echo "self-test: Injector.description is not where the self-test expects it" >&2; return 1; }
  sed -i 's/  public var description: String/  package var description: String/' "$file"
  sed -i 's/, CustomStringConvertible {/ {/' "$file"
  if output=$(bash "$work/Scripts/check-api.sh" 2>&1); then
    echo "self-test: the check passed with Injector.description made package:" >&2
    echo "$output" >&2
    return 1
  fi
  line=$(grep -E '^  .*Injector\.description' <<<"$output" | head -n 1 | sed 's/^  //')
  if [ -z "$line" ]; then
    echo "self-test: the check failed without naming Injector.description:" >&2
    echo "$output" >&2
    return 1
  fi
  echo "self-test: a public declaration made package fails the check:"
  grep -E '^error:|^  ' <<<"$output" | sed 's/^/  /'
  grep -E '^  ' <<<"$output" | sed 's/^  //' >>"$work/Scripts/api-baseline/announced-breaks.txt"
  if ! output=$(bash "$work/Scripts/check-api.sh" 2>&1); then
    echo "self-test: the check still fails with the breaks announced:" >&2
    echo "$output" >&2
    return 1
  fi
  echo "self-test: announced in announced-breaks.txt, the same break passes"
}

case "${1:-}" in
  "") check ;;
  --update) update ;;
  --self-test) self_test ;;
  *)
    echo "usage: bash Scripts/check-api.sh [--update | --self-test]" >&2
    exit 2
    ;;
esac
