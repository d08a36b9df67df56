#!/usr/bin/env bash
# Fails when a warm W10 launch (make an injector, add 4 modules of 40 services, resolve the
# root: Benchmarks, W10AppLaunch) asks the Swift runtime for generic metadata.
#
#   bash Scripts/check-launch-metadata.sh [path to a release InjectionBenchmarks] [launches]
#
# Code of InjectionCore that is not specialized for a type asks the runtime for the metadata
# of every generic type it names with that type (`Optional<T>`, `SomeState<T>`): a hash-table
# lookup of several hundred instructions, on every call (Documentation/DesignDecisions.md,
# "The build path"). Nothing in the process can count those calls without changing what it
# measures, so this runs the benchmark's probe (`--w10-metadata-probe N`: one launch that makes
# what a first launch makes, then N warm ones inside `W10AppLaunch.metadataProbe`) under
# callgrind, collecting only inside that function, and counts the calls that callgrind saw
# to the runtime's entry points that instantiate or look up generic metadata. Callgrind counts
# every call, whoever makes it (InjectionCore, the standard library, the runtime itself), and
# the count does not depend on the machine's load. A few seconds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-"$root/Benchmarks/.build/release/InjectionBenchmarks"}
launches=${2:-20}
if [ ! -x "$binary" ]; then
  echo "no benchmark binary at $binary: swift build -c release --package-path Benchmarks" >&2
  exit 2
fi
command -v valgrind >/dev/null || {
  echo "valgrind is needed (apt-get install valgrind)" >&2
  exit 2
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "+ valgrind --tool=callgrind ... $binary --w10-metadata-probe $launches"
valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" --collect-atstart=no \
  --toggle-collect='*W10AppLaunch*metadataProbe*' \
  "$binary" --w10-metadata-probe "$launches" >"$out/stdout" 2>"$out/valgrind.log" || {
  cat "$out/valgrind.log" >&2
  exit 1
}
grep -q "^$launches warm launches" "$out/stdout" || {
  echo "the probe did not run its launches:" >&2
  cat "$out/stdout" "$out/valgrind.log" >&2
  exit 1
}

python3 - "$out/callgrind.out" "$launches" <<'PYTHON'
import re
import sys

path, launches = sys.argv[1], int(sys.argv[2])
# The runtime's entry points that instantiate or look up the metadata of a generic type, a
# tuple or a function type (what unspecialized code asks for when it names one).
lookup = re.compile(
    r"^(swift_getGenericMetadata|swift_getCanonicalSpecializedMetadata"
    r"|swift_getTupleTypeMetadata\d?|swift_getFunctionTypeMetadata\w*"
    r"|swift_getExistentialMetatypeMetadata|swift_getMetatypeMetadata)$"
)
names = {}


def name(text):
    match = re.match(r"\((\d+)\)(?: (.*))?", text)
    if not match:
        return text
    if match.group(2) is not None:
        names[match.group(1)] = match.group(2)
    return names.get(match.group(1), text)


caller = callee = None
pending = None
total = 0
calls = {}
for line in open(path, errors="replace"):
    line = line.rstrip("\n")
    if line.startswith("fn="):
        caller = name(line[3:])
    elif line.startswith("cfn="):
        callee = name(line[4:])
    elif line.startswith("calls="):
        pending = int(line[6:].split()[0])
    elif pending is not None:
        if callee and lookup.match(callee):
            total += pending
        # A binary's generic metadata accessors (`…Ma`, named after the type) call the runtime
        # through this helper: its callers say which types were looked up.
        if callee and (lookup.match(callee) or callee == "__swift_instantiateGenericMetadata"):
            if caller != "__swift_instantiateGenericMetadata":
                calls[caller] = calls.get(caller, 0) + pending
        pending = None

print(f"generic metadata lookups in {launches} warm W10 launches: {total} "
      f"({total / launches:.2f} per launch)")
for caller, count in sorted(calls.items(), key=lambda item: -item[1])[:20]:
    print(f"  {count:8d}  asked by {caller}")
if total:
    print("FAILED: a warm launch asks the runtime for generic metadata (see the callers above; "
          "Documentation/DesignDecisions.md, \"The build path\")")
    sys.exit(1)
PYTHON
