#!/usr/bin/env bash
# Builds the DocC reference of InjectionCore with the toolchain's own tools (no swift-docc-plugin)
# and fails on any DocC warning.
#
#   bash Scripts/build-docs.sh
#
# 1. `swift package dump-symbol-graph` builds the standalone package Packages/InjectionCore and
#    extracts its public symbol graph;
# 2. `docc convert --warnings-as-errors` combines it with the catalog
#    Packages/InjectionCore/Sources/InjectionCore/InjectionCore.docc;
# 3. every public symbol must be curated in the catalog (checked with python3 when it exists).
#
# Environment:
#   DOCS_SCRATCH_PATH   SwiftPM scratch directory (default: /tmp/build-docs), kept between runs so
#                       that the next run builds incrementally; separate from the checkout's .build
#   DOCS_OUTPUT_PATH    where the .doccarchive goes
#                       (default: $DOCS_SCRATCH_PATH/InjectionCore.doccarchive)
#   DOCS_HOSTING_BASE_PATH  passed to docc as --hosting-base-path when set (for static hosting)
#
# Exit status: 0 when the archive was built without a warning, non-zero otherwise.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
package="$root/Packages/InjectionCore"
catalog="$package/Sources/InjectionCore/InjectionCore.docc"
scratch=${DOCS_SCRATCH_PATH:-/tmp/build-docs}
output=${DOCS_OUTPUT_PATH:-$scratch/InjectionCore.doccarchive}

usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in
  "") ;;
  -h | --help) usage && exit 0 ;;
  *) usage >&2 && exit 64 ;;
esac

started=$(date +%s)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Runs a command quietly; prints its output only when it fails.
quietly() {
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    echo "error: failed: $*" >&2
    exit 1
  fi
}

if ! command -v docc >/dev/null; then
  echo "error: docc not found; it ships with the Swift toolchain (next to swift)" >&2
  exit 1
fi

echo "==> Symbol graph (swift package dump-symbol-graph, scratch path $scratch)"
quietly swift package --package-path "$package" --scratch-path "$scratch" dump-symbol-graph
# SwiftPM reports where it wrote the graphs; fall back to <scratch>/<triple>/symbolgraph.
symbol_graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [ -z "$symbol_graphs" ]; then
  bin=$(swift build --package-path "$package" --scratch-path "$scratch" --show-bin-path)
  symbol_graphs="$(dirname "$bin")/symbolgraph"
fi
if [ ! -f "$symbol_graphs/InjectionCore.symbols.json" ]; then
  echo "error: no symbol graph for InjectionCore in $symbol_graphs" >&2
  exit 1
fi

echo "==> DocC (docc convert --warnings-as-errors)"
hosting=()
if [ -n "${DOCS_HOSTING_BASE_PATH:-}" ]; then
  hosting=(--hosting-base-path "$DOCS_HOSTING_BASE_PATH")
fi
rm -rf "$output"
mkdir -p "$(dirname "$output")"
# docc prints each diagnostic with its source excerpt; with --warnings-as-errors any warning is an
# error and docc exits non-zero.
docc convert "$catalog" \
  --additional-symbol-graph-dir "$symbol_graphs" \
  --fallback-display-name InjectionCore \
  --fallback-bundle-identifier swift-injection.InjectionCore \
  --fallback-default-module-kind Framework \
  --warnings-as-errors \
  --output-path "$output" \
  ${hosting[@]+"${hosting[@]}"} >"$log" 2>&1 || {
  cat "$log" >&2
  echo "error: docc reported the problems above" >&2
  exit 1
}
# Belt and braces: a docc that did not honor --warnings-as-errors still fails the run here.
if grep -qE '^(warning|error):' "$log"; then
  cat "$log" >&2
  echo "error: docc reported the problems above" >&2
  exit 1
fi

echo "==> Curation (every public symbol appears in a Topics section of the catalog)"
if command -v python3 >/dev/null; then
  python3 - "$symbol_graphs/InjectionCore.symbols.json" "$catalog" <<'PYTHON'
import json, pathlib, re, sys

graph = json.loads(pathlib.Path(sys.argv[1]).read_text())
catalog = pathlib.Path(sys.argv[2])

# Links written in Topics sections, resolved relative to the page's symbol.
curated = set()
for page in catalog.rglob("*.md"):
    text = page.read_text()
    title = re.match(r"# ``(?:InjectionCore/)?([^`]*)``", text)
    base = title.group(1) if title and title.group(1) != "InjectionCore" else ""
    topics = text.split("## Topics", 1)[1] if "## Topics" in text else ""
    for link in re.findall(r"^- ``([^`]+)``", topics, re.M):
        path = link if not base or link.startswith(base + "/") else f"{base}/{link}"
        # Drop disambiguation suffixes (-8za4a, -(M.Type), ->Bool) to compare paths only.
        curated.add(re.sub(r"(\))-[^/]*$", r"\1", path))

# DocC lists default implementations on the page of the requirement they implement.
defaults = {r["source"] for r in graph["relationships"] if r["kind"] == "defaultImplementationOf"}
missing = []
checked = 0
for symbol in graph["symbols"]:
    precise = symbol["identifier"]["precise"]
    path = "/".join(symbol["pathComponents"])
    if precise in defaults:
        continue
    # Members inherited from another module's protocol (`!=` of Equatable) stay where DocC puts
    # them; members inherited from this module's protocols (Mapper's `map`) are curated.
    if "::SYNTHESIZED::" in precise and not precise.startswith("s:13InjectionCore"):
        continue
    checked += 1
    if path not in curated:
        missing.append(path)
if missing:
    print("error: public symbols not curated in any Topics section of the catalog:", file=sys.stderr)
    for path in sorted(set(missing)):
        print(f"  {path}", file=sys.stderr)
    sys.exit(1)
print(f"ok: all {checked} public symbols that need curating are curated")
PYTHON
else
  echo "skipped: python3 not found"
fi

echo "==> Built $output without warnings in $(($(date +%s) - started)) s"
