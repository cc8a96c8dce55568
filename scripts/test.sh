#!/usr/bin/env bash
# Every test: set up, lint the Lua (.luacheckrc) and the Swift (.swift-format), build, run the
# Swift test suites, the playground in a real browser (scripts/browser_test.sh), the shipped
# plugins' check, the README's rendered picture (regenerated, compared byte for byte), their specs
# (through swipehost test, and through busted when it is installed), and the embedding example
# package; the callgrind gate (instruction counts of a release build against
# bench/baselines.json), the short load and soak run on that build (scripts/soak.py --duration 5);
# then the suite under AddressSanitizer and each fuzz target briefly (FUZZ_SECONDS, 12).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time, printed at the end (and when a stage fails, up to that stage), so a slow
# stage shows; see the README's "Tests" for how long a whole run takes and the quicker loops.
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
stage "luacheck"
# Any warning fails (luacheck exits 1 on warnings, 2 on errors).
luacheck --no-color -q plugins spec Sources/*/Lua
stage "swift-format lint --strict (.swift-format; scripts/format.sh fixes what it reports)"
# Any finding fails; --strict turns swift-format's warnings into errors.
bash scripts/format.sh --check
stage "swift build --build-tests"
swift build --build-tests
stage "swift test"
swift test --skip-build
bin="$(swift build --show-bin-path)/swipehost"
stage "scripts/browser_test.sh (the playground in Debian's chromium; screenshot in .artifacts/)"
bash scripts/browser_test.sh --bin "$bin"
stage "swipehost check plugins/*.lua"
"$bin" check plugins/*.lua
stage "scripts/render-docs.sh --check (the README's picture is what swipehost render draws now)"
SWIPEHOST="$bin" bash scripts/render-docs.sh --check
stage "swipehost test (spec/)"
"$bin" test
if [ -x /usr/bin/busted ]; then
    # The #swipehost blocks use what only swipehost test has (assert.snapshot, t:render).
    stage "swipehost lua /usr/bin/busted --exclude-tags=swipehost spec/"
    "$bin" lua /usr/bin/busted --exclude-tags=swipehost spec/
fi
stage "swipehost bench --quick (checks that it works; targets need a release build)"
figures=$("$bin" bench --quick --json | grep -c '"name"')
[ "$figures" -eq 20 ] || { echo "bench printed $figures figures, expected 20" >&2; exit 1; }
echo "bench: $figures figures"
stage "examples/embed (embedding from Swift)"
swift build --package-path examples/embed >/dev/null
swift run --skip-build --package-path examples/embed EmbedExample . | grep -q '"event":"delete","row":2'
echo "examples/embed: ok"
stage "scripts/callgrind-gate.sh (instructions per replayed line, dispatch and pan move, within 5% of bench/baselines.json)"
bash scripts/callgrind-gate.sh
stage "scripts/soak.py --duration 5 (the playground under load: 32 sessions, reloads, a slow reader; release build)"
swift build -c release --product swipehost-serve >/dev/null
python3 scripts/soak.py --bin "$(swift build -c release --show-bin-path)/swipehost" --duration 5
stage "scripts/sanitize.sh address (the whole suite under AddressSanitizer and LeakSanitizer)"
bash scripts/sanitize.sh address
stage "scripts/fuzz.sh (each target briefly, from its committed seeds; a finding fails)"
for target in script config jsonl sandbox report playground; do
    bash scripts/fuzz.sh "$target" "${FUZZ_SECONDS:-12}"
done
