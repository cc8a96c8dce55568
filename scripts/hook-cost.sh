#!/usr/bin/env bash
# What each lifecycle hook costs per call (docs/performance.md, "What each lifecycle hook costs
# per call"). A 12,000-line script under `--preset mail`: 1,000 gestures on
# rows 1 to 11 in turn, each a pan dragged out past the full swipe's threshold and back
# (6 moves: an `expand` and a `collapse`), let go open, then a pan that flicks it closed
# (`pan R end 800`). Run with plugins/mail.lua as it is (no hook) and with one empty hook added,
# counted by callgrind inside `PluginRun.run` (constant time(), deterministic hashing, as the
# gate does); (with hook - without) / calls, the project's own code and Lua's apart. The calls
# are counted by a copy whose hook prints.
#
#   scripts/hook-cost.sh [SWIPEHOST]   (default: the release build; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/callgrind.sh
source scripts/lib/callgrind.sh
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
bin="${1:-}"
if [ -z "$bin" ]; then
    swift build -c release --product swipehost >/dev/null
    bin="$(swift build -c release --show-bin-path)/swipehost"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
callgrind_prepare "$bin" "$work"

for ((g = 0; g < 1000; g++)); do
    r=$((g % 11 + 1))
    printf 'pan %d begin\npan %d move -60\npan %d move -150\npan %d move -250\npan %d move -330\n' $r $r $r $r $r
    printf 'pan %d move -200\npan %d move -150\npan %d end\nwait 1000\npan %d begin\npan %d end 800\nwait 1000\n' \
        $r $r $r $r $r
done >"$work/hooks.swipe"

hooks=(on_begin on_will_open on_will_close on_expand on_collapse on_progress)
cp plugins/mail.lua "$work/mail-none.lua"
for hook in "${hooks[@]}"; do
    sed "s/^  version = \"1.0\",/  version = \"1.0\",\n  $hook = function(ctx, row) end,/" plugins/mail.lua >"$work/mail-$hook.lua"
    sed "s/^  version = \"1.0\",/  version = \"1.0\",\n  $hook = function(ctx, row) print(\"HOOK CALL\") end,/" \
        plugins/mail.lua >"$work/count-$hook.lua"
    grep -q "^  $hook = function" "$work/mail-$hook.lua" || { echo "hook-cost: could not add $hook" >&2; exit 1; }
done

symbol="$(nm "$work/swipehost" | awk '/ T .*9PluginRunV3run6script0A6Script12OutputBuffer.*OYKF$/ && !found { print $3; found = 1 }')"
[ -n "$symbol" ] || { echo "hook-cost: PluginRun.run(script:) not found in the binary" >&2; exit 1; }
measure() {
    callgrind_run "$work" "$symbol" "$work/$1.out" \
        run --preset mail --plugin "mail-$1.lua" --format jsonl hooks.swipe >"$work/$1.log" 2>&1
}
# "OWN LUA": the instructions collected, by the object they are in.
collected() {
    callgrind_collected "$work/$1.out"
}
measure none &
for hook in "${hooks[@]}"; do
    measure "$hook" &
    [ "$(jobs -r | wc -l)" -lt 2 ] || wait -n
done
wait
read -r none_own none_lua <<<"$(collected none)"
echo "| hook | calls | host instructions a call | Lua instructions a call | total |"
echo "|---|---|---|---|---|"
for hook in "${hooks[@]}"; do
    calls="$("$work/swipehost" run --preset mail --plugin "$work/count-$hook.lua" --format jsonl "$work/hooks.swipe" |
        grep -c 'HOOK CALL')"
    read -r own lua <<<"$(collected "$hook")"
    awk -v h="$hook" -v c="$calls" -v o="$own" -v l="$lua" -v no="$none_own" -v nl="$none_lua" 'BEGIN {
        printf "| `%s` | %d | %.0f | %.0f | %.0f |\n", h, c, (o - no) / c, (l - nl) / c, (o - no + l - nl) / c }'
done
echo "(without a hook: $none_own host and $none_lua Lua instructions for the whole script)"
