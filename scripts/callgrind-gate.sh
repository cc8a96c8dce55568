#!/usr/bin/env bash
# The callgrind gate: instructions per unit of eleven workloads, counted by
# valgrind's callgrind on a release build, against the baselines committed in
# bench/baselines.json, with a tolerance of 5% either way.
#
#   scripts/callgrind-gate.sh            measure, print the table, fail outside the band
#   scripts/callgrind-gate.sh --update   measure and write the figures as the new baselines
#
# Instruction counts, unlike times, do not depend on the machine's load: the same build gives
# the same counts on a busy machine. Each workload runs as `swipehost-bench --gate NAME
# --gate-count N` (`swipehost bench`'s binary), which does its unit of work N times to warm the process up, then N times
# inside callgrindMeasuredRegion, the only function callgrind collects in (`--toggle-collect`).
# It runs with N and with 2N units: (total(2N) - total(N)) / N is the cost of one unit with every
# fixed cost (loading a plugin, making a table) taken out.
#
# The gated count is the project's own code and what it calls in the Swift runtime and the C
# library, not the Lua interpreter (liblua5.4), shown beside it for information: Lua 5.4 seeds
# its string hashes from time(NULL) and the addresses of its state and of a stack variable,
# which move with the binary's size and the environment, and its share of a dispatch moved by
# 4% between two builds that differed only in the bench's code. Swift's hashing is made
# deterministic (SWIFT_DETERMINISTIC_HASHING), and a preloaded one-line time() returning a
# constant keeps even the Lua column repeatable from run to run of one build.
#
# A count far BELOW its baseline fails too: a real improvement is recorded by running
# `scripts/callgrind-gate.sh --update` and committing bench/baselines.json, a deliberate change
# a reviewer sees. Needs valgrind (scripts/setup.sh installs it).
#
# Some workloads also have a target, an upper bound written as "NAME.max" in
# bench/baselines.json: the speed targets that were wall-clock times (replay.lines_per_s,
# core.move_ns, host.dispatch_ns) are held here as counts, which a shared, noisy machine does not
# move. A count above its bound fails whatever its baseline, and --update keeps the bounds and
# refuses to record a baseline above one.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
# shellcheck source=scripts/lib/callgrind.sh
source scripts/lib/callgrind.sh
baselines="$root/bench/baselines.json"
tolerance=5  # percent, either way

update=0
case "${1:-}" in
    --update) update=1 ;;
    "") ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "callgrind-gate: unknown argument '$1' (expected --update or nothing)" >&2; exit 2 ;;
esac

command -v valgrind >/dev/null 2>&1 || { echo "callgrind-gate: valgrind is not installed (run scripts/setup.sh)" >&2; exit 1; }
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"

# The workloads, and how many units a pass does (a run of callgrind takes a few seconds).
# replay.spring is the spring path: plugins/mail.lua under --preset mail.
# progress, geometry.border and spec.covered are the hot paths of the row-level API:
# a plugin's on_progress on every pan move, a border transition's button frames, a covered spec.
workloads=(replay.line replay.spring dispatch pan.move progress geometry.border spec.covered)
declare -A counts=([replay.line]=4000 [replay.spring]=4000 [dispatch]=4000 [pan.move]=40000
    [progress]=4000 [geometry.border]=40000 [spec.covered]=20)
declare -A units=([replay.line]="line" [replay.spring]="line" [dispatch]="call" [pan.move]="move"
    [progress]="line" [geometry.border]="move" [spec.covered]="test")
# serve.input is the playground's serve path: a pointer move received as JSON text,
# run through the session over 12 rows with icons (the dragged one under `border`), its frame
# encoded; 240 is 2 periods of the drag's 120 moves (1,200, 10 periods, gave the same count per
# input within 0.02%, and took a third of the gate's time).
workloads+=(serve.input)
counts[serve.input]=240
units[serve.input]="input"
# replay.items is a replay with table items and ids: examples/inbox.lua,
# its rows named by id (`pan #m3 begin`).
workloads+=(replay.items)
counts[replay.items]=4000
units[replay.items]="line"

# edits.insert and edits.delete are a handler's batch of edits under `row_animation = "fade"`:
# one edit of a batch of 2,000 at row 1, with the batch's layout and the 300 ms after it, so that
# a batch that went quadratic again would multiply its count.
workloads+=(edits.insert edits.delete)
counts[edits.insert]=2000
counts[edits.delete]=2000
units[edits.insert]="edit"
units[edits.delete]="edit"

echo "callgrind-gate: building the release swipehost-bench"
swift build -c release --product swipehost-bench >/dev/null
bin="$(swift build -c release --show-bin-path)/swipehost-bench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
callgrind_prepare "$bin" "$work"

# Runs workload $1 with $2 units under callgrind; its total is in $work/$1.$2.out.
measure() {
    local name="$1" count="$2"
    callgrind_run "$work" '*callgrindMeasuredRegion*' "$work/$name.$count.out" \
        --root "$root" --gate "$name" --gate-count "$count" \
        >"$work/$name.$count.log" 2>&1 || { echo "callgrind-gate: $name failed:" >&2; cat "$work/$name.$count.log" >&2; return 1; }
}

# Two at a time (two cores); a count does not depend on what runs beside it.
failed=0
for name in "${workloads[@]}"; do
    measure "$name" "${counts[$name]}" &
    first=$!
    measure "$name" "$((2 * counts[$name]))" &
    second=$!
    wait "$first" || failed=1
    wait "$second" || failed=1
done
[ "$failed" -eq 0 ] || exit 1

# The instructions callgrind collected in workload $1's run of $2 units: "OWN LUA".
collected() {
    callgrind_collected "$work/$1.$2.out" || exit 1
}

baseline() {
    [ -f "$baselines" ] || return 0
    sed -n "s/^ *\"$1\": *\([0-9.]*\).*/\1/p" "$baselines"
}

# The upper bound of workload $1 ("$1.max" in bench/baselines.json), or nothing.
limit() { baseline "$1\.max"; }

declare -A measured
status=0
missing=0
over=0
overs=()
printf '%-15s %8s %14s %10s %9s %8s  %-7s %s\n' workload units "instr./unit" baseline change "at most" result \
    "(+ in Lua, not gated)"
for name in "${workloads[@]}"; do
    read -r once_own once_lua <<<"$(collected "$name" "${counts[$name]}")"
    read -r twice_own twice_lua <<<"$(collected "$name" "$((2 * counts[$name]))")"
    value="$(awk -v a="$once_own" -v b="$twice_own" -v n="${counts[$name]}" 'BEGIN { printf "%.1f", (b - a) / n }')"
    lua="$(awk -v a="$once_lua" -v b="$twice_lua" -v n="${counts[$name]}" 'BEGIN { printf "%.1f", (b - a) / n }')"
    measured[$name]="$value"
    base="$(baseline "$name")"
    bound="$(limit "$name")"
    if [ -n "$bound" ] && awk -v v="$value" -v m="$bound" 'BEGIN { exit !(v > m) }'; then
        over=1
        overs+=("$name: $value instructions a ${units[$name]}, above its target of at most $bound")
    fi
    if [ -z "$base" ]; then
        printf '%-15s %8s %14s %10s %9s %8s  %-7s %s\n' "$name" "${counts[$name]}" "$value" "-" "-" "${bound:--}" \
            "NO BASELINE" "$lua"
        [ "$update" -eq 1 ] || missing=1
        continue
    fi
    change="$(awk -v v="$value" -v b="$base" 'BEGIN { printf "%+.1f%%", (v - b) * 100 / b }')"
    verdict="$(awk -v v="$value" -v b="$base" -v t="$tolerance" 'BEGIN {
        d = (v - b) * 100 / b
        if (d > t) print "SLOWER"; else if (d < -t) print "FASTER"; else print "ok" }')"
    if [ -n "$bound" ] && awk -v v="$value" -v m="$bound" 'BEGIN { exit !(v > m) }'; then verdict="OVER"; fi
    printf '%-15s %8s %14s %10s %9s %8s  %-7s %s\n' "$name" "${counts[$name]}" "$value" "$base" "$change" \
        "${bound:--}" "$verdict" "$lua"
    [ "$verdict" = ok ] || status=1
done

if [ "$over" -ne 0 ]; then
    echo "callgrind-gate: a count is above its target (\"NAME.max\" in bench/baselines.json):" >&2
    printf '  %s\n' "${overs[@]}" >&2
    echo "callgrind-gate: nothing written" >&2
    exit 1
fi

if [ "$update" -eq 1 ]; then
    {
        echo "{"
        for name in "${workloads[@]}"; do
            echo "  \"$name\": ${measured[$name]},"
        done
        # The targets stay as they were.
        for name in "${workloads[@]}"; do
            bound="$(limit "$name")"
            [ -z "$bound" ] || echo "  \"$name.max\": $bound,"
        done
    } | sed '$ s/,$//' >"$work/baselines.json"
    echo "}" >>"$work/baselines.json"
    cp "$work/baselines.json" "$baselines"
    echo "callgrind-gate: wrote $baselines; commit it with the change that moved the counts, saying why"
    exit 0
fi

if [ "$missing" -ne 0 ]; then
    echo "callgrind-gate: a workload has no baseline in bench/baselines.json: run scripts/callgrind-gate.sh --update and commit it" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    cat >&2 <<MESSAGE
callgrind-gate: a count is more than $tolerance% away from its baseline (bench/baselines.json).
  SLOWER: the change costs instructions in a hot path; find them with
    valgrind --tool=callgrind --toggle-collect='*callgrindMeasuredRegion*' \\
      ./swipehost-bench --gate NAME --gate-count N   (a --strip-debug copy of the release build)
    callgrind_annotate --inclusive=yes callgrind.out.*
  FASTER: good; record it deliberately: scripts/callgrind-gate.sh --update, and commit
    bench/baselines.json with the change, saying why the counts moved.
MESSAGE
    exit 1
fi
echo "callgrind-gate: all within $tolerance% of their baselines"
