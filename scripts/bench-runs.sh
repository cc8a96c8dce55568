#!/usr/bin/env bash
# Whole `swipehost bench` runs, one after the other, and a table of every figure across them:
# a target is shown met when it is met in every one of several whole runs (six by default).
#
#   scripts/bench-runs.sh [RUNS] [OUT]   RUNS whole runs (default 6) of the release build;
#                                        each run's --json lines go to OUT/run-K.jsonl
#                                        (default: a new folder under /tmp, printed)
#
# Prints, per figure: each run's value, the target, and in how many runs it was met; then the
# load average before and after (the wall-clock figures measure the wait for a core on a busy
# machine). Exits 1 when a target was missed in any run. Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-6}"
case "$runs" in
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    ''|*[!0-9]*) echo "bench-runs: RUNS must be a whole number, got '$runs'" >&2; exit 2 ;;
esac
[ "$runs" -ge 1 ] || { echo "bench-runs: RUNS must be at least 1" >&2; exit 2; }
out="${2:-$(mktemp -d /tmp/bench-runs-XXXXXX)}"
mkdir -p "$out"
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
swift build -c release --product swipehost >/dev/null
swift build -c release --product swipehost-bench >/dev/null
bin="$(swift build -c release --show-bin-path)/swipehost"
echo "bench-runs: $runs whole runs of $bin, output in $out"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for k in $(seq 1 "$runs"); do
    "$bin" bench --json --root . >"$out/run-$k.jsonl"
    echo "run $k of $runs done (load $(cut -d' ' -f1 /proc/loadavg))"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$out" "$runs" <<'PY'
import json, sys
out, runs = sys.argv[1], int(sys.argv[2])
order, values, targets, met = [], {}, {}, {}
for k in range(1, runs + 1):
    for line in open(f"{out}/run-{k}.jsonl"):
        figure = json.loads(line)
        name = figure["name"]
        if name not in values:
            order.append(name); values[name] = []; met[name] = 0
        values[name].append(figure["value"])
        targets[name] = figure.get("target") or ""
        if figure.get("met") is True:
            met[name] += 1
missed = False
print(f"{'figure':36} {'values':48} {'target':12} met")
for name in order:
    shown = ", ".join(f"{v:.4g}" for v in values[name])
    verdict = f"{met[name]} of {len(values[name])}" if targets[name] else ""
    if targets[name] and met[name] < len(values[name]):
        missed = True
    print(f"{name:36} {shown:48} {targets[name]:12} {verdict}")
sys.exit(1 if missed else 0)
PY
