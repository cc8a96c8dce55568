#!/usr/bin/env bash
# Fuzzing with libFuzzer (the toolchain's -sanitize=fuzzer,address; runtimes ship in
# /opt/swift/usr/lib/swift/clang/lib/linux).
#
#   scripts/fuzz.sh TARGET SECONDS          fuzz TARGET for SECONDS from its seeds in Fuzz/corpus/TARGET
#   scripts/fuzz.sh TARGET --replay FILE... run TARGET on saved inputs (a finding, a corpus folder)
#   scripts/fuzz.sh --list                  the targets
#   scripts/fuzz.sh --build                 only build
#
# The committed seeds (and, for sandbox and script, the repository's plugins, specs and examples)
# are copied to a work folder, so a run never grows the repository; new
# inputs that reached new code stay in .build-fuzz/corpus/TARGET for the next run (delete it to
# start over). A finding (crash, failed property, timeout, leak, out of memory) is written to
# .build-fuzz/findings/TARGET/ (or $FUZZ_FINDINGS) and the script exits non-zero.
#
# Environment: FUZZ_TIMEOUT (seconds one input may take, default 10), FUZZ_RSS_MB (default 2048),
# FUZZ_DETECT_LEAKS (1: LeakSanitizer checks each input, the default; 0 while a known leak is
# open), FUZZ_ARGS (more libFuzzer flags), FUZZ_FINDINGS.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh >&2
# The libraries unoptimised (unless SWIPEHOST_OPTIMIZED_DEBUG=1 is set): optimised, with the
# fuzzer's instrumentation, the build took 651 s instead of 186 s in scripts/test.sh, and a run
# is timed, so faster code bought nothing there (docs/testing.md, "Debug builds").

scratch=.build-fuzz
flags=(--scratch-path "$scratch" --product swipefuzz --disable-index-store
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
    -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld)

build() {
    echo "fuzz: building swipefuzz with -sanitize=fuzzer,address in $scratch" >&2
    swift build "${flags[@]}" >&2
}

usage() {
    echo "usage: scripts/fuzz.sh TARGET SECONDS | TARGET --replay FILE... | --list | --build" >&2
    exit 2
}

[ $# -ge 1 ] || usage
case "$1" in
--build) build; exit 0 ;;
--list) swift build --product swipefuzz >&2; "$(swift build --show-bin-path)/swipefuzz" --list; exit 0 ;;
-*) usage ;;
esac
target="$1"
[ $# -ge 2 ] || usage
build
bin="$(swift build "${flags[@]}" --show-bin-path)/swipefuzz"
export SWIPEFUZZ_TARGET="$target"
export ASAN_OPTIONS="detect_leaks=${FUZZ_DETECT_LEAKS:-1}:${ASAN_OPTIONS:-}"
export SWIPEHOST_ROOT="$PWD"
# The Swift runtime's backtracer and ASan's signal handling fight over a crash: libFuzzer reports it.
export SWIFT_BACKTRACE="enable=no"
common=(-timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -malloc_limit_mb="${FUZZ_RSS_MB:-2048}")

if [ "$2" = "--replay" ]; then
    shift 2
    [ $# -ge 1 ] || usage
    exec "$bin" "${common[@]}" "$@"
fi

seconds="$2"
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
seeds="Fuzz/corpus/$target"
corpus="$scratch/corpus/$target"
findings="${FUZZ_FINDINGS:-$scratch/findings/$target}"
mkdir -p "$corpus" "$findings"
cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
# The repository's own plugins, specs and examples seed their targets too, as they are now
# (not as copies that would age in Fuzz/corpus).
case "$target" in
sandbox) for file in plugins/*.lua spec/*.lua spec/fixtures/*.lua; do cp "$file" "$corpus/repo-$(basename "$file")"; done ;;
script) for file in examples/*.swipe; do cp "$file" "$corpus/repo-$(basename "$file")"; done ;;
esac
before=$(ls "$findings" | wc -l)
echo "fuzz: $target for ${seconds}s (corpus $corpus, findings $findings)" >&2
status=0
# -jobs/-workers stay 1: the machine is small and shared. The run's own log goes to stderr.
"$bin" "${common[@]}" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$(cd "$findings" && pwd)/" ${FUZZ_ARGS:-} "$corpus" || status=$?
after=$(ls "$findings" | wc -l)
if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    echo "fuzz: $target found a problem (exit $status); new findings in $findings:" >&2
    ls -t "$findings" | head -n $((after - before > 0 ? after - before : 1)) | sed "s|^|  $findings/|" >&2
    echo "fuzz: replay with: scripts/fuzz.sh $target --replay FILE" >&2
    exit 1
fi
echo "fuzz: $target: no finding in ${seconds}s" >&2
