#!/usr/bin/env bash
# The whole Swift test suite under a sanitizer, in its own scratch path:
#   scripts/sanitize.sh [address|undefined|thread] [--no-build] [SWIFT-TEST-OPTION...]
# (default address). --no-build runs what an earlier call built; options after it go to
# `swift test` (--filter, --skip: scripts/test.sh runs the command-line suite apart, against the
# release binaries).
# address:   AddressSanitizer with LeakSanitizer (.build-asan). Leak checking follows
#            ASAN_OPTIONS; SANITIZE_DETECT_LEAKS=0 turns it off while a known leak is open.
# undefined: UndefinedBehaviorSanitizer on the C code (Lua shim) and Swift (.build-ubsan); any
#            report fails the run.
# thread:    ThreadSanitizer (.build-tsan), over the suites with concurrency (the spec runner's
#            worker pool and the command-line tests); SANITIZE_FILTER overrides the filter.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh >&2
# The libraries built optimised, the tests not (Package.swift, docs/testing.md "Debug builds"):
# the suites took less than half the CPU. SWIPEHOST_OPTIMIZED_DEBUG=0 builds them unoptimised.
export SWIPEHOST_OPTIMIZED_DEBUG="${SWIPEHOST_OPTIMIZED_DEBUG:-1}"
kind="${1:-address}"
[ $# -eq 0 ] || shift
build=1
if [ "${1:-}" = "--no-build" ]; then
    build=0
    shift
fi
# The Swift runtime's backtracer and the sanitizers' signal handlers fight over a crash.
export SWIFT_BACKTRACE="enable=no"
filter=()
case "$kind" in
address)
    scratch=.build-asan
    flags=(-Xswiftc -sanitize=address -Xcc -fsanitize=address -Xswiftc -use-ld=lld)
    export ASAN_OPTIONS="detect_leaks=${SANITIZE_DETECT_LEAKS:-1}:abort_on_error=0:${ASAN_OPTIONS:-}"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:${LSAN_OPTIONS:-}"
    ;;
undefined)
    scratch=.build-ubsan
    flags=(-Xswiftc -sanitize=undefined -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all -Xswiftc -use-ld=lld)
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
    ;;
thread)
    scratch=.build-tsan
    flags=(-Xswiftc -sanitize=thread -Xcc -fsanitize=thread -Xswiftc -use-ld=lld)
    export TSAN_OPTIONS="halt_on_error=1:${TSAN_OPTIONS:-}"
    filter=(--filter "${SANITIZE_FILTER:-SwipeTestingTests|SwipeHostCLITests}")
    ;;
*) echo "usage: scripts/sanitize.sh [address|undefined|thread] [--no-build] [SWIFT-TEST-OPTION...]" >&2; exit 2 ;;
esac
start=$(date +%s)
if [ "$build" -eq 1 ]; then
    echo "== sanitize: building the tests with $kind sanitizer in $scratch" >&2
    swift build --build-tests --scratch-path "$scratch" "${flags[@]}"
fi
echo "== sanitize: running the tests under $kind sanitizer" >&2
# Options given after the kind replace the default filter.
if [ $# -gt 0 ]; then filter=("$@"); fi
swift test --skip-build --scratch-path "$scratch" "${flags[@]}" ${filter[@]+"${filter[@]}"}
echo "== sanitize: $kind: passed in $(( $(date +%s) - start ))s" >&2
