#!/usr/bin/env bash
# Keeps the known issues of the test run explained and their number from growing unnoticed
# (CONTRIBUTING.md, "Known issues in the test run").
#
#   swift test 2>&1 | tee test.log && bash Scripts/check-known-issues.sh test.log
#   bash Scripts/check-known-issues.sh --self-test
#
# Fails when a `withKnownIssue` call in Tests/ has no `// Known issue: …` comment on the line
# before it, or when the "with N known issues" of the log's summary line is not the number
# that .ci/known-issues holds (with no such phrase, the run had none: N is 0).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

fail() {
  echo "error: $*" >&2
  exit 1
}

# The calls without a reason: `withKnownIssue` in code (not after `//`), with no
# `// Known issue:` comment on the line before.
unexplained() { # directory
  find "$1" -name '*.swift' -print0 | sort -z | xargs -0 -r awk '
    FNR == 1 { previous = "" }
    {
      code = $0
      sub(/\/\/.*/, "", code)
      if (code ~ /withKnownIssue[[:space:]]*[({]/ && previous !~ /\/\/ Known issue: [^ ]/) {
        print FILENAME ":" FNR ": " $0
      }
      previous = $0
    }'
}

# The "with N known issues" of the summary line that Swift Testing prints last.
known_in_log() { # log
  local summary
  summary=$(grep -E 'Test run with [0-9]+ tests? (in [0-9]+ suites? )?(passed|failed)' "$1" | tail -n 1 || true)
  [ -n "$summary" ] || fail "$1 has no Swift Testing summary line ('Test run with N tests … passed'): did swift test run?"
  if [[ "$summary" =~ \ ([0-9]+)\ known\ issues? ]]; then
    echo "${BASH_REMATCH[1]}"
  else
    echo 0
  fi
}

expected_count() { # file
  local count
  count=$(grep -vE '^\s*(#|$)' "$1" | head -n 1 | tr -d '[:space:]')
  [[ "$count" =~ ^[0-9]+$ ]] || fail "$1 must hold the expected number of known issues on its first line that is not a comment"
  echo "$count"
}

if [ "${1:-}" = "--self-test" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/Tests"
  printf '%s\n' '  // Known issue: the placeholder fails the test.' '  withKnownIssue {' \
    '  // withKnownIssue { in a comment is not a call' >"$work/Tests/Good.swift"
  [ -z "$(unexplained "$work/Tests")" ] || fail "self-test: an explained call was reported"
  printf '%s\n' '  let x = 1' '  try await withKnownIssue {' >"$work/Tests/Bad.swift"
  [ "$(unexplained "$work/Tests")" = "$work/Tests/Bad.swift:2:   try await withKnownIssue {" ] \
    || fail "self-test: a call without a reason was not reported: $(unexplained "$work/Tests")"
  echo '􁁛  Test run with 701 tests in 90 suites passed after 9.1 seconds with 45 known issues.' >"$work/a.log"
  [ "$(known_in_log "$work/a.log")" = 45 ] || fail "self-test: 45 known issues not read"
  echo '􁁛  Test run with 3 tests in 1 suite passed after 0.1 seconds.' >"$work/b.log"
  [ "$(known_in_log "$work/b.log")" = 0 ] || fail "self-test: a run without known issues not read as 0"
  echo '✘ Test run with 7 tests in 2 suites failed after 0.1 seconds with 3 issues (including 2 known issues).' >"$work/c.log"
  [ "$(known_in_log "$work/c.log")" = 2 ] || fail "self-test: the known issues of a failed run not read"
  echo "ok: self-test (a call without a reason is found, the summary's count is read)"
  exit 0
fi

[ $# -eq 1 ] || fail "usage: bash Scripts/check-known-issues.sh LOG (the output of swift test), or --self-test"
log=$1

missing=$(unexplained "$root/Tests")
[ -z "$missing" ] || fail "each withKnownIssue call needs a '// Known issue: <what it provokes>' comment on the line before it:
${missing//$root\//}"

expected=$(expected_count "$root/.ci/known-issues")
actual=$(known_in_log "$log")
if [ "$actual" != "$expected" ]; then
  fail "swift test recorded $actual known issues; .ci/known-issues expects $expected. A test that provokes a failure on purpose (withKnownIssue) says why in its comment; update .ci/known-issues in the same commit (CONTRIBUTING.md, \"Known issues in the test run\")"
fi
echo "ok: $actual known issues, as .ci/known-issues expects; every withKnownIssue call says why"
