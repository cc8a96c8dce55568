#!/usr/bin/env bash
# `swipehost explore` over every shipped plugin and example plugin with a fixed seed, under the
# default rules and under the mail preset: any failure
# fails (exit 1), with the minimal script printed. The bugged example, examples/snooze.lua, must
# be found (the README's author path). docs/testing.md, "Exploring".
#
#   bash scripts/explore-shipped.sh [--bin PATH] [--runs N] [--seed S]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=""
runs=400
seed=2026
while [ "$#" -gt 0 ]; do
    case "$1" in
        --bin) bin="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        *) echo "explore-shipped: unknown option '$1'" >&2; exit 2 ;;
    esac
done
if [ -z "$bin" ]; then
    command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
    bin="$(swift build -c release --show-bin-path)/swipehost"
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
plugins=(plugins/*.lua examples/inbox.lua)
"$bin" explore "${plugins[@]}" --seed "$seed" --runs "$runs" --jobs 2 --out "$out"
# Again under the mail preset: SwipeCellKit's pan rules, springs, and a full swipe on every edge.
"$bin" explore "${plugins[@]}" --preset mail --seed "$seed" --runs "$runs" --jobs 2 --out "$out"
# The bugged example is found, and what it writes replays the failure.
status=0
"$bin" explore examples/snooze.lua --seed 1 --runs 2000 --out "$out" >"$out/snooze.txt" || status=$?
[ "$status" -eq 1 ] || { cat "$out/snooze.txt"; echo "explore-shipped: examples/snooze.lua: expected its bug found (status 1), got status $status" >&2; exit 1; }
grep -q "plugin error in snooze.after" <("$bin" run "$out/snooze-1.swipe") \
    || { echo "explore-shipped: $out/snooze-1.swipe does not replay the failure" >&2; exit 1; }
echo "explore-shipped: examples/snooze.lua's bug found and replayed ($(grep -c . "$out/snooze-1.swipe") lines written)"
