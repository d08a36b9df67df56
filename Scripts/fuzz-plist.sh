#!/usr/bin/env bash
# Fuzzes InjectionPlist's loader with libFuzzer for a bounded time: every input is parsed as a
# services file, turned into a module and built. A crash, a hang (over 5 s per input), more than
# 2 GiB of memory or an AddressSanitizer report fails the run; errors thrown by the loader are
# expected.
#
#   bash Scripts/fuzz-plist.sh [seconds]     (default: 60)
#
# Builds the `Fuzz` package in release with `-sanitize=fuzzer,address` (linked with lld) and
# starts from the seed corpus in Fuzz/Corpus (the origin projects' plists, plus structure-aware
# seeds: binary files with shared and cyclic references and odd trailers, tags with whitespace
# and attributes, nesting at and over the limit, huge and malformed numbers), copied to a
# scratch folder, with the dictionary of plist tokens Fuzz/plist.dict.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
corpus=$(mktemp -d)
cp "$root"/Fuzz/Corpus/*.plist "$corpus/"  # README.md stays behind

log=$(mktemp)
trap 'rm -rf "$corpus" "$log"' EXIT

swift build -c release --package-path "$root/Fuzz"
status=0
"$root/Fuzz/.build/release/PlistFuzzer" "$corpus" \
  -dict="$root/Fuzz/plist.dict" -max_len=16384 \
  -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
  >"$log" 2>&1 || status=$?
grep -E '^(#[0-9]+ *(INITED|DONE)|Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
if [ "$status" -ne 0 ]; then
  tail -n 60 "$log"
  echo "the fuzzer failed (exit status $status)"
fi
exit "$status"
