#!/usr/bin/env bash
# Every test, as CI runs it (.ci/run): set up a fresh Debian machine, lint, then three builds,
# each made once and shared by the stages that need it:
#   - the tests under AddressSanitizer (.build-asan, debug): the Swift suites run once, there,
#     with LeakSanitizer, so the C shim, the Lua glue, the Unsafe code and the server are
#     checked for memory errors by every test that reaches them;
#   - a release build (.build) of swipehost and swipehost-bench: the command-line suite (run
#     from the sanitized test bundle, its binaries these), the plugins' check, the README's
#     picture, the specs under both runners, explore, the bench's quick run and the callgrind
#     gate use it. The playground's server, swipehost-serve, is the sanitized one of the test
#     build: the command-line suite's serve tests, the browser test and the soak run it under
#     AddressSanitizer and LeakSanitizer (an optimised build of its server stack cost 417 s of
#     CPU, a fifth of the run; docs/testing.md);
#   - the fuzz targets (.build-fuzz, libFuzzer with AddressSanitizer), each run briefly.
# and the embedding example, a package of its own. docs/testing.md ("What the test command
# runs") says what each stage guards; the README's "Development" gives the quicker loops.
#
# The machine has two cores, and a release build keeps about one of them busy (the optimiser
# works on a whole module at a time): the release build, then the fuzz targets' and the
# embedding example's, run in the background beside the sanitizer stage and the command-line
# suite (their output in .artifacts/ci/, shown when one fails). The packages are resolved once
# and each build folder starts from a copy of the checkouts (a resolve of its own took a minute).
# Each stage's wall time is printed at the end (and when a stage fails, up to that stage), the
# background steps' beside them.
set -euo pipefail
cd "$(dirname "$0")/.."
stage_names=()
stage_seconds=()
stage_started=$SECONDS
stage_current="setup"
stage() {
    stage_names+=("$stage_current")
    stage_seconds+=($((SECONDS - stage_started)))
    stage_current="$1"
    stage_started=$SECONDS
    echo "== $1"
}
stage_report() {
    local status=$?
    stage_names+=("$stage_current")
    stage_seconds+=($((SECONDS - stage_started)))
    echo "== stage times (wall clock)"
    local i
    for i in "${!stage_names[@]}"; do
        printf '%6d s  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"
    done
    for i in "${!background_names[@]}"; do
        printf '%6d s  (in the background) %s\n' "${background_seconds[$i]}" "${background_names[$i]}"
    done
    printf '%6d s  total%s\n' "$SECONDS" "$([ "$status" -eq 0 ] || echo ", failed in: $stage_current")"
    # A failed stage leaves nothing running behind it.
    local pid
    for pid in ${background_pids[@]+"${background_pids[@]}"}; do kill -- -"$pid" 2>/dev/null || true; done
}
trap stage_report EXIT

# The background steps: NAME COMMAND pairs run one after the other in their own process group,
# each step's output in .artifacts/ci/NAME.log and its status and seconds in NAME.status; a
# failed step stops the ones after it. `await NAME DESCRIPTION` waits for a step (the wait is
# a stage of its own when there is one), and shows its log and fails when the step failed.
background_dir=.artifacts/ci
rm -rf "$background_dir"
mkdir -p "$background_dir"
background_pids=()
background_names=()
background_seconds=()
background() {
    set -m
    (
        set +e
        while [ "$#" -gt 0 ]; do
            local name="$1" command="$2" started=$SECONDS status=0
            shift 2
            bash -c "$command" >"$background_dir/$name.log" 2>&1 || status=$?
            echo "$status $((SECONDS - started))" >"$background_dir/$name.status"
            [ "$status" -eq 0 ] || exit "$status"
        done
    ) &
    background_pids+=($!)
    set +m
}
await() {
    local name="$1" description="$2" status seconds
    if [ ! -f "$background_dir/$name.status" ]; then
        stage "waiting for: $description"
        while [ ! -f "$background_dir/$name.status" ]; do
            if ! jobs -rp | grep -q . && [ ! -f "$background_dir/$name.status" ]; then
                echo "test.sh: the background steps ended before $name (see $background_dir)" >&2
                exit 1
            fi
            sleep 1
        done
    fi
    read -r status seconds <"$background_dir/$name.status"
    background_names+=("$description")
    background_seconds+=("$seconds")
    if [ "$status" -ne 0 ]; then
        cat "$background_dir/$name.log" >&2
        echo "test.sh: $description failed (status $status; its output is above and in $background_dir/$name.log)" >&2
        exit 1
    fi
}
source scripts/setup.sh
# The browser test's packages (chromium, Playwright) are installed now, not in the middle.
bash scripts/browser_test.sh --install-only

stage "luacheck"
# Any warning fails (luacheck exits 1 on warnings, 2 on errors).
luacheck --no-color -q plugins spec Sources/*/Lua
stage "swift-format lint --strict (.swift-format; scripts/format.sh fixes what it reports)"
# Any finding fails; --strict turns swift-format's warnings into errors.
bash scripts/format.sh --check

stage "swift package resolve (once: each build folder starts from a copy of its checkouts)"
swift package resolve >/dev/null
for scratch in .build-asan .build-fuzz; do
    # Only a folder that has never resolved: later runs resolve in their own folder as usual.
    if [ ! -f "$scratch/workspace-state.json" ]; then
        mkdir -p "$scratch"
        cp -al .build/checkouts .build/repositories .build/workspace-state.json "$scratch"/ 2>/dev/null \
            || cp -a .build/checkouts .build/repositories .build/workspace-state.json "$scratch"/
    fi
done
release_products="swipehost swipehost-bench"
background \
    release "for product in $release_products; do swift build -c release --product \$product || exit; done" \
    fuzz-build "bash scripts/fuzz.sh --build" \
    embed-build "swift build --disable-index-store --package-path examples/embed"

stage "the Swift suites under AddressSanitizer and LeakSanitizer, but the command line's (scripts/sanitize.sh address)"
bash scripts/sanitize.sh address --skip SwipeHostCLITests

await release "release build ($release_products)"
# The binaries the stages below run, in one folder, for `swipehost serve` runs the
# swipehost-serve in its own folder: the release swipehost and swipehost-bench, and the
# sanitized swipehost-serve (hard links, so that each runs as itself).
release_bin="$(swift build -c release --show-bin-path)"
asan_bin="$(swift build --scratch-path .build-asan --show-bin-path)"
bin_dir="$background_dir/bin"
mkdir -p "$bin_dir"
ln -f "$release_bin/swipehost" "$release_bin/swipehost-bench" "$asan_bin/swipehost-serve" "$bin_dir/"
bin="$bin_dir/swipehost"
# What the sanitized server reads when it runs outside scripts/sanitize.sh: a leak fails its exit.
export SWIFT_BACKTRACE="enable=no"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:${LSAN_OPTIONS:-}"

stage "the command-line suite, sanitized, running the release binaries (and the sanitized server)"
# The suite runs swipehost as a user does, over and over: a sanitized debug binary took most of
# the sanitizer stage's time (docs/testing.md). The code those binaries run is under the
# sanitizer in the suites above; here the binaries are the ones that ship.
SWIPEHOST_TEST_BINARY="$bin" bash scripts/sanitize.sh address --no-build --filter SwipeHostCLITests

# The background builds end before anything that times itself runs.
await fuzz-build "the fuzz targets' build (scripts/fuzz.sh --build)"
await embed-build "examples/embed's build (debug, a package of its own)"

stage "scripts/browser_test.sh (the playground in Debian's chromium; screenshot in .artifacts/)"
bash scripts/browser_test.sh --bin "$bin"
stage "swipehost check plugins/*.lua, render-docs --check, the specs"
"$bin" check plugins/*.lua
# The README's picture is what swipehost render draws now.
SWIPEHOST="$bin" bash scripts/render-docs.sh --check
"$bin" test
if [ -x /usr/bin/busted ]; then
    # The #swipehost blocks use what only swipehost test has (assert.snapshot, t:render).
    "$bin" lua /usr/bin/busted --exclude-tags=swipehost spec/
fi
stage "scripts/explore-shipped.sh (swipehost explore over every shipped and example plugin, a fixed seed: a failure fails)"
bash scripts/explore-shipped.sh --bin "$bin"
stage "swipehost bench --quick (every figure measured once: the benchmark works)"
# The figures --only accepts, read off bench --help (its lines joined: the help wraps them).
help=$("$bin" bench --help | tr '\n' ' ' | tr -s ' ')
names=${help#*Measure only this figure (repeatable): }
names=${names%%. *}
expected=$(tr ',' '\n' <<<"$names" | grep -c .)
figures=$("$bin" bench --quick --json | grep -c '"name"')
[ "$figures" -eq "$expected" ] || { echo "bench printed $figures figures, expected $expected" >&2; exit 1; }
echo "bench: $figures figures"
stage "examples/embed (embedding from Swift, a package of its own)"
swift run --skip-build --package-path examples/embed EmbedExample . | grep -q '"event":"delete","row":2'
echo "examples/embed: ok"

# The fuzz targets run one after the other beside the gate, which counts instructions (a busy
# machine changes no count) and keeps one core busy.
fuzz_targets="script config jsonl sandbox report playground"
background fuzz "for target in $fuzz_targets; do bash scripts/fuzz.sh \$target ${FUZZ_SECONDS:-12} || exit; done"
stage "scripts/callgrind-gate.sh (instructions per unit of each workload: within 5% of bench/baselines.json, under its targets)"
bash scripts/callgrind-gate.sh
await fuzz "scripts/fuzz.sh (each target for ${FUZZ_SECONDS:-12} s from its committed seeds; a finding fails): $fuzz_targets"

# The soak runs the sanitized server: a quarter of the release's load (8 sessions at 30 inputs/s),
# targets measured for that build (docs/limits.md, "Load and soak"; its p99 read 174-258 ms and its
# RSS 189 MB, the sanitizer's own memory most of it), and a leak fails the server's exit. The
# release build's targets (32 sessions at 60 inputs/s) are checked by running soak.py on it.
stage "scripts/soak.py --duration 5 --sessions 8 --rate 30 (the sanitized playground under load: reloads, a slow reader)"
python3 scripts/soak.py --bin "$bin" --duration 5 --sessions 8 --rate 30 \
    --max-p99-ms 600 --max-peak-rss-mb 320 --max-final-rss-mb 320
