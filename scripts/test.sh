#!/usr/bin/env bash
# Every test, as CI runs it (.ci/run): set up a fresh Debian machine, lint, then three builds,
# each made once and shared by the stages that need it:
#   - the tests under AddressSanitizer (.build-asan, debug): the Swift suites run once, there,
#     with LeakSanitizer, so the C shim, the Lua glue, the Unsafe code and the server are
#     checked for memory errors by every test that reaches them;
#   - a release build (.build) of swipehost, swipehost-bench and swipehost-serve: the
#     command-line suite (run from the sanitized test bundle, its binaries these), the playground
#     in a real browser, the plugins' check, the README's picture, the specs under both runners,
#     the bench's quick run, the callgrind gate and the soak all use it;
#   - the fuzz targets (.build-fuzz, libFuzzer with AddressSanitizer), each run briefly.
# and the embedding example, a package of its own. docs/testing.md ("What CI runs") says what
# each stage guards; the README's "Development" gives the quicker loops. Each stage's wall time
# is printed at the end (and when a stage fails, up to that stage).
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
    printf '%6d s  total%s\n' "$SECONDS" "$([ "$status" -eq 0 ] || echo ", failed in: $stage_current")"
}
trap stage_report EXIT
source scripts/setup.sh
# The browser test's packages (chromium, Playwright) are installed now, not in the middle.
bash scripts/browser_test.sh --install-only

stage "luacheck"
# Any warning fails (luacheck exits 1 on warnings, 2 on errors).
luacheck --no-color -q plugins spec Sources/*/Lua
stage "swift-format lint --strict (.swift-format; scripts/format.sh fixes what it reports)"
# Any finding fails; --strict turns swift-format's warnings into errors.
bash scripts/format.sh --check

stage "the Swift suites under AddressSanitizer and LeakSanitizer, but the command line's (scripts/sanitize.sh address)"
bash scripts/sanitize.sh address --skip SwipeHostCLITests

stage "release build (swipehost, swipehost-bench, swipehost-serve)"
for product in swipehost swipehost-bench swipehost-serve; do
    swift build -c release --product "$product" >/dev/null
done
bin="$(swift build -c release --show-bin-path)/swipehost"

stage "the command-line suite, sanitized, running the release binaries"
# The suite runs swipehost as a user does, over and over: a sanitized debug binary took most of
# the sanitizer stage's time (docs/testing.md). The code those binaries run is under the
# sanitizer in the suites above; here the binaries are the ones that ship.
SWIPEHOST_TEST_BINARY="$bin" bash scripts/sanitize.sh address --no-build --filter SwipeHostCLITests

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
stage "swipehost bench --quick (every figure measured once: the benchmark works)"
# The figures --only accepts, read off bench --help (its lines joined: the help wraps them).
help=$("$bin" bench --help | tr '\n' ' ' | tr -s ' ')
names=${help#*Measure only this figure (repeatable): }
names=${names%%. *}
expected=$(tr ',' '\n' <<<"$names" | grep -c .)
figures=$("$bin" bench --quick --json | grep -c '"name"')
[ "$figures" -eq "$expected" ] || { echo "bench printed $figures figures, expected $expected" >&2; exit 1; }
echo "bench: $figures figures"
stage "scripts/callgrind-gate.sh (instructions per unit of each workload: within 5% of bench/baselines.json, under its targets)"
bash scripts/callgrind-gate.sh
stage "scripts/soak.py --duration 5 (the playground under load: 32 sessions, reloads, a slow reader)"
python3 scripts/soak.py --bin "$bin" --duration 5

stage "examples/embed (embedding from Swift, a package of its own)"
swift build --package-path examples/embed >/dev/null
swift run --skip-build --package-path examples/embed EmbedExample . | grep -q '"event":"delete","row":2'
echo "examples/embed: ok"

stage "scripts/fuzz.sh (each target briefly, from its committed seeds; a finding fails)"
bash scripts/fuzz.sh --build
for target in script config jsonl sandbox report playground; do
    bash scripts/fuzz.sh "$target" "${FUZZ_SECONDS:-12}"
done
