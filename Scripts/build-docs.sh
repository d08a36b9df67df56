#!/usr/bin/env bash
# Builds the DocC reference of each module with a catalog (InjectionCore, InjectionPlist,
# InjectionReflection, InjectionTestSupport) with the toolchain's own tools (no
# swift-docc-plugin) and fails on any DocC warning.
#
#   bash Scripts/build-docs.sh [Module …]
#
# For each module (all of them by default):
# 1. `swift package dump-symbol-graph` builds the standalone package Packages/<Module> and
#    extracts its public symbol graph (and those of its extensions to other modules);
# 2. `docc convert --warnings-as-errors` combines it with the catalog
#    Packages/<Module>/Sources/<Module>/<Module>.docc;
# 3. every public symbol must be curated in the catalog (checked with python3 when it exists).
#
# Environment:
#   DOCS_SCRATCH_PATH   SwiftPM scratch directory (default: /tmp/build-docs), kept between runs so
#                       that the next run builds incrementally; separate from the checkout's .build
#   DOCS_OUTPUT_PATH    where the .doccarchive of each module goes, as <Module>.doccarchive
#                       (default: $DOCS_SCRATCH_PATH)
#   DOCS_HOSTING_BASE_PATH  passed to docc as --hosting-base-path when set (for static hosting)
#
# Exit status: 0 when every archive was built without a warning, non-zero otherwise.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch_root=${DOCS_SCRATCH_PATH:-/tmp/build-docs}
output_root=${DOCS_OUTPUT_PATH:-$scratch_root}

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in
  -h | --help) usage && exit 0 ;;
  -*) usage >&2 && exit 64 ;;
esac
modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  modules=(InjectionCore InjectionPlist InjectionReflection InjectionTestSupport)
fi

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

build_module() {
module=$1
package="$root/Packages/$module"
catalog="$package/Sources/$module/$module.docc"
scratch="$scratch_root/$module"
output="$output_root/$module.doccarchive"
started=$(date +%s)
echo "==> $module: symbol graph (swift package dump-symbol-graph, scratch path $scratch)"
quietly swift package --package-path "$package" --scratch-path "$scratch" dump-symbol-graph \
  --emit-extension-block-symbols
# SwiftPM reports where it wrote the graphs; fall back to <scratch>/<triple>/symbolgraph.
symbol_graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [ -z "$symbol_graphs" ]; then
  bin=$(swift build --package-path "$package" --scratch-path "$scratch" --show-bin-path)
  symbol_graphs="$(dirname "$bin")/symbolgraph"
fi
if [ ! -f "$symbol_graphs/$module.symbols.json" ]; then
  echo "error: no symbol graph for $module in $symbol_graphs" >&2
  exit 1
fi
# Only this module's graphs (and its extensions of other modules), not its dependencies'.
graphs="$scratch/graphs"
rm -rf "$graphs" && mkdir -p "$graphs"
cp "$symbol_graphs/$module.symbols.json" "$graphs/"
find "$symbol_graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$graphs/" \;

echo "==> $module: DocC (docc convert --warnings-as-errors)"
hosting=()
if [ -n "${DOCS_HOSTING_BASE_PATH:-}" ]; then
  hosting=(--hosting-base-path "$DOCS_HOSTING_BASE_PATH")
fi
rm -rf "$output"
mkdir -p "$(dirname "$output")"
# docc prints each diagnostic with its source excerpt; with --warnings-as-errors any warning is an
# error and docc exits non-zero.
docc convert "$catalog" \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name "$module" \
  --fallback-bundle-identifier "swift-injection.$module" \
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

echo "==> $module: curation (every public symbol appears in a Topics section of the catalog)"
if command -v python3 >/dev/null; then
  python3 - "$graphs" "$catalog" "$module" <<'PYTHON'
import json, pathlib, re, sys

graphs = [json.loads(path.read_text()) for path in pathlib.Path(sys.argv[1]).glob("*.symbols.json")]
catalog = pathlib.Path(sys.argv[2])
module = sys.argv[3]
# The modules whose types this one extends: Module@Testing.symbols.json extends Testing.
extended = {
    path.name.split("@", 1)[1].split(".", 1)[0]
    for path in pathlib.Path(sys.argv[1]).glob("*@*.symbols.json")
}

# Links written in Topics sections, resolved relative to the page's symbol.
curated = set()
for page in catalog.rglob("*.md"):
    text = page.read_text()
    title = re.match(r"# ``(?:" + module + r"/)?([^`]*)``", text)
    base = title.group(1) if title and title.group(1) != module else ""
    topics = text.split("## Topics", 1)[1] if "## Topics" in text else ""
    for link in re.findall(r"^- ``([^`]+)``", topics, re.M):
        path = link if not base or link.startswith(base + "/") else f"{base}/{link}"
        # Drop disambiguation suffixes (-8za4a, -(M.Type), ->Bool) to compare paths only.
        path = re.sub(r"(\))-[^/]*$", r"\1", path)
        curated.add(path)
        # A link to a member of another module's type starts with that module's name
        # (``Testing/Trait/injecting(_:from:_:)``); its symbol's path does not.
        first, _, rest = path.partition("/")
        if first in extended and rest:
            curated.add(rest)

# DocC lists default implementations on the page of the requirement they implement.
defaults = {
    r["source"] for graph in graphs for r in graph["relationships"]
    if r["kind"] == "defaultImplementationOf"
}
mangled = "s:" + str(len(module)) + module
missing = []
checked = 0
for symbol in (symbol for graph in graphs for symbol in graph["symbols"]):
    precise = symbol["identifier"]["precise"]
    path = "/".join(symbol["pathComponents"])
    if precise in defaults:
        continue
    # An extension block stands for another module's type; its members are curated.
    if symbol["kind"]["identifier"] == "swift.extension":
        continue
    # Members inherited from another module's protocol (`!=` of Equatable) stay where DocC puts
    # them; members inherited from this module's protocols (Mapper's `map`) are curated.
    if "::SYNTHESIZED::" in precise and not precise.startswith(mangled):
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
}

for module in "${modules[@]}"; do
  build_module "$module"
done
