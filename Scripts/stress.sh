#!/usr/bin/env bash
# Builds and runs the InjectionStress executable in one configuration:
#   release  optimized, as users ship it
#   asan     optimized, with AddressSanitizer (use-after-free, overflows)
#   tsan     debug, with ThreadSanitizer (data races)
# Each configuration has its own scratch path, so running one does not rebuild another.
# Usage: bash Scripts/stress.sh [release|asan|tsan] [seconds per scenario]
# STRESS_SCRATCH_PATH and STRESS_BUILD_FLAGS build in another scratch path with more flags:
# .ci/run points them at its test builds of the same configuration (the test builds compile
# InjectionStress too), so the library is not compiled a second time.
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=${1:-release}
seconds=${2:-3}
# Split into words on purpose: several flags in one variable.
read -r -a extra_flags <<<"${STRESS_BUILD_FLAGS:-}"

run() {
  echo "+ $*"
  "$@"
}

case "$configuration" in
  release)
    scratch=${STRESS_SCRATCH_PATH:-.build/stress-release}
    run swift build -c release ${extra_flags[@]+"${extra_flags[@]}"} --product InjectionStress \
      --scratch-path "$scratch"
    # glibc fills memory it hands out and takes back with a pattern, so that a use-after-free is
    # more likely to read garbage and crash than to read stale, valid data.
    run env MALLOC_PERTURB_="${MALLOC_PERTURB_:-165}" \
      "$scratch/release/InjectionStress" --seconds "$seconds"
    ;;
  asan)
    scratch=${STRESS_SCRATCH_PATH:-.build/stress-asan}
    run swift build -c release -Xswiftc -sanitize=address ${extra_flags[@]+"${extra_flags[@]}"} \
      --product InjectionStress --scratch-path "$scratch"
    # Swift's crash backtracer trips AddressSanitizer (a report about the backtracer itself);
    # AddressSanitizer prints the stack of a fatalError trap instead.
    run env SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" \
      ASAN_OPTIONS="${ASAN_OPTIONS:-handle_sigill=1}" \
      "$scratch/release/InjectionStress" --seconds "$seconds"
    ;;
  tsan)
    scratch=${STRESS_SCRATCH_PATH:-.build/stress-tsan}
    run swift build -c debug --sanitize=thread ${extra_flags[@]+"${extra_flags[@]}"} \
      --product InjectionStress --scratch-path "$scratch"
    # Swift's crash backtracer and ThreadSanitizer stall each other for half a minute on a crash.
    run env SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" \
      TSAN_OPTIONS="${TSAN_OPTIONS:-handle_sigill=1}" \
      "$scratch/debug/InjectionStress" --seconds "$seconds"
    ;;
  *)
    echo "usage: $0 [release|asan|tsan] [seconds]" >&2
    exit 2
    ;;
esac
